import { Type, type Static } from 'typebox';
import { FACETS, LIST_ORDER, type Facet } from '../domain/facet-catalogue.js';
import { FACET_MODES, SORT_FIELDS, SORT_ORDERS } from '../domain/query.js';

/** Caps of the API, named so that docs, schemas and tests agree. */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
export const MAX_PAGE = 50_000;
export const DEFAULT_FACET_LIMIT = 100;
export const MAX_FACET_LIMIT = 1000;
export const DEFAULT_SUGGEST_LIMIT = 10;
export const MAX_SUGGEST_LIMIT = 50;
export const MAX_RADIUS_KM = 500;
export const MAX_KEYWORDS_LENGTH = 500;
export const MAX_SUGGEST_Q_LENGTH = 200;
export const MAX_VALUE_LENGTH = 200;
export const MAX_POSTED_WITHIN_DAYS = 3650;
export const MAX_SALARY_MIN = 10_000_000;

const value = (description: string) => Type.Optional(Type.String({ maxLength: MAX_VALUE_LENGTH, description }));
const threshold = (description: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description }));
const yesNo = (description: string) => Type.Optional(Type.Enum(['yes', 'no'], { description }));

/** A facet parameter's schema by how it filters: values (comma-separated), a percent threshold, a switch. */
interface ParamSchemas {
  values: ReturnType<typeof value>;
  threshold: ReturnType<typeof threshold>;
  switch: ReturnType<typeof yesNo>;
}
type FacetParams = { [F in Facet as F['wire']['param']]: ParamSchemas[F['filter']] };

/** Every facet's parameter, in the catalogue's order (which is the contract's). */
function facetParams(): FacetParams {
  const schemaOf = { values: value, threshold, switch: yesNo };
  // Built from the catalogue: FacetParams is the same catalogue's parameters, keyed alike.
  return Object.fromEntries(FACETS.map((f) => [f.wire.param, schemaOf[f.filter](f.wire.doc)])) as FacetParams;
}

/** The filter keys of `selected`, in the contract's order, plus our keyword `q`. */
const filterProperties = {
  ...facetParams(),
  radius: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_RADIUS_KM, description: 'Kilometres around a city `location`.' }),
  ),
  sort: Type.Optional(Type.Enum([...SORT_FIELDS], { description: 'Default `date`.' })),
  order: Type.Optional(Type.Enum([...SORT_ORDERS], { description: 'Default `desc`.' })),
  q: Type.Optional(
    Type.String({
      maxLength: MAX_KEYWORDS_LENGTH,
      description:
        'Keywords over title, company, position, skills and description (stemmed, accent-folded, all words must match). ' +
        'Word forms: gendered job titles are one form (`Entwicklerin`, `Manager:in`, `Manager*in`, `desarrolladora`; `(m/w/d)` is ignored); ' +
        'German compounds are found by their parts (`optimierung` finds `Suchmaschinenoptimierung`); a query that names a position as a whole ' +
        '(`SEO-Managerin`, `Gerente SEO`, `developer`) also finds every job of that position. Typo tolerance (see `typo_tolerance`): ' +
        'words of 5 letters or more match words one edit away, of 9 or more two edits, never on the first letter; with `sort=relevance` ' +
        'jobs matching more words exactly rank first.',
    }),
  ),
  // ---- additions beyond the contract ----
  typo_tolerance: Type.Optional(
    Type.Enum(['true', 'false'], {
      description: 'Addition. `false`: keywords match without typo corrections (default `true`).',
    }),
  ),
  posted_within_days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_POSTED_WITHIN_DAYS,
      description:
        'Addition. Jobs posted in the last N days, counted back from the start of the current hour (UTC); jobs without a date never match.',
    }),
  ),
  salary_min: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_SALARY_MIN,
      description:
        'Addition. EUR per year: jobs whose stated annual salary range reaches it (its upper end is at least this).',
    }),
  ),
  salary_estimated: Type.Optional(
    Type.Enum(['true', 'false'], {
      description:
        'Addition, with `salary_min`. `true`: jobs without a stated salary match by their estimate too (default `false`).',
    }),
  ),
  language: Type.Optional(
    Type.Enum(['de', 'es', 'en'], { description: 'Addition. The language the posting is written in.' }),
  ),
};

export const FilterQuery = Type.Object(filterProperties);
export type FilterQuery = Static<typeof FilterQuery>;

export const FilterDataQuery = Type.Object({
  ...filterProperties,
  lang: Type.Optional(
    Type.Enum(['de', 'es', 'en'], {
      description:
        "Addition. Language of each option's `display_label` (positions, seniority levels, employment types, work models, remote shares, salary ranges). Without it, the `Accept-Language` header chooses among de, es and en; default `de`. The contract's `label` fields are unchanged.",
    }),
  ),
  facet_mode: Type.Optional(Type.Enum([...FACET_MODES], { description: 'Default `conjunctive`.' })),
  facet_limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_FACET_LIMIT,
      description: `Cap on companies and locations (default ${DEFAULT_FACET_LIMIT}).`,
    }),
  ),
});
export type FilterDataQuery = Static<typeof FilterDataQuery>;

/** Addition on cards and the detail: labels in the asker's language (present-labels.ts). */
export const CardLang = Type.Optional(
  Type.Enum(['de', 'es', 'en'], {
    description:
      'Addition. Adds `display_labels` (position, seniority level, employment type, work model in this language) and ' +
      '`remote_open_to` (the countries or areas a remote job is open to, named in this language; empty when the posting ' +
      'states none). Without it, an `Accept-Language` header naming de, es or en chooses; naming none, nothing is added.',
  }),
);

const DisplayLabels = Type.Object({
  position: Type.String(),
  seniority_level: Type.Union([Type.String(), Type.Null()]),
  employment_type: Type.Union([Type.String(), Type.Null()]),
  work_model: Type.Union([Type.String(), Type.Null()]),
});
/** With a named language (`lang` / `Accept-Language`). */
export const labelAdditionsSchema = {
  display_labels: Type.Optional(DisplayLabels),
  remote_open_to: Type.Optional(Type.Array(Type.String())),
};

export const ListQuery = Type.Object({
  ...filterProperties,
  lang: CardLang,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: '1-based page (default 1).' })),
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, description: `Page size (default ${DEFAULT_PER_PAGE}).` }),
  ),
  card_fields: Type.Optional(
    Type.Enum(['contract', 'extended'], {
      description:
        'Default `contract` (the cards exactly as the contract lists them); `extended` adds `work_model` and `remote_percentage` to each card (what the search page shows).',
    }),
  ),
  highlight: Type.Optional(
    Type.Enum(['true', 'false'], {
      description:
        'Addition. `true`: each card gains `highlight`, the words of its title and `description_card_display` that match `q` ' +
        '(as the search matches them: word forms, compound parts, stems, the last word as a prefix, typo corrections), as offsets; ' +
        'empty lists without `q`. Default `false` (cards unchanged).',
    }),
  ),
});
export type ListQuery = Static<typeof ListQuery>;

export const SuggestQuery = Type.Object({
  q: Type.Optional(
    Type.String({ maxLength: MAX_SUGGEST_Q_LENGTH, description: 'Search text; empty gives no suggestions.' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: `Default ${DEFAULT_SUGGEST_LIMIT}; values above ${MAX_SUGGEST_LIMIT} are capped.`,
    }),
  ),
});
export type SuggestQuery = Static<typeof SuggestQuery>;

// ---- responses -------------------------------------------------------------------------------

const nullableString = Type.Union([Type.String(), Type.Null()]);
const counted = { count: Type.Integer(), count_formatted: Type.String() };

const Selected = Type.Object(
  Object.fromEntries(
    [...FACETS.map((f) => f.wire.param), 'radius', 'sort', 'order'].map((key) => [key, nullableString]),
  ),
);
export const SELECTED_KEYS = Object.keys(Selected.properties);

/** Addition: the option's human label in the asker's language (`lang` / `Accept-Language`). */
const displayLabel = {
  display_label: Type.Optional(
    Type.String({
      description: "Addition. The option's label in the asker's language (`lang`, `Accept-Language`; default German).",
    }),
  ),
};
const ValueCount = Type.Object({ value: Type.String(), ...counted, ...displayLabel });
const ValueLabelCount = Type.Object({ value: Type.String(), label: Type.String(), ...counted, ...displayLabel });
const ValueLabel = Type.Object({ value: Type.String(), label: Type.String() });

const SwitchCounts = Type.Object({
  all_formatted: Type.String(),
  yes_formatted: Type.String(),
  no_formatted: Type.String(),
});

/** A facet collection's schema by its catalogue `item`. */
const ITEMS = {
  bucket: () =>
    Type.Array(
      Type.Object({
        value: Type.String(),
        label: Type.String(),
        ...counted,
        selected: Type.Boolean(),
        ...displayLabel,
      }),
    ),
  valueCount: () => Type.Array(ValueCount),
  valueLabelCount: () => Type.Array(ValueLabelCount),
  valueWithCountLabel: () => Type.Array(ValueLabel),
  switchCounts: () => SwitchCounts,
};
type FacetLists = { [F in Facet as F['wire']['list']]: ReturnType<(typeof ITEMS)[F['wire']['item']]> };
type FilterLists = FacetLists & { selected: typeof Selected };

/** The collections in the catalogue's list order, `selected` before the switch's counts. */
function filterLists(): FilterLists {
  const entries: [string, unknown][] = LIST_ORDER.map((f) => [f.wire.list, ITEMS[f.wire.item]()]);
  const at = LIST_ORDER.findIndex((f) => f.order.by === 'switch');
  entries.splice(at < 0 ? entries.length : at, 0, ['selected', Selected]);
  // Built from the catalogue: FilterLists is the same catalogue's collections, keyed alike.
  return Object.fromEntries(entries) as FilterLists;
}

export const FilterDataResponse = Type.Object({
  success: Type.Boolean(),
  filters: Type.Object(filterLists()),
  duration_ms: Type.Integer(),
});
export type FilterDataResponse = Static<typeof FilterDataResponse>;

/** Addition: present only when `q` finds nothing and a corrected `q` would. */
const didYouMean = Type.Optional(
  Type.String({
    description:
      'Addition: a corrected `q` that finds jobs with the same other filters. When `q` finds none the correction is what was searched (`query_interpretation.spelling_corrected`); also offered when `q` finds fewer than 3 while its words as typed (without typo tolerance) find none and the correction finds more.',
  }),
);

const queryInterpretation = Type.Optional(
  Type.Object(
    {
      keywords: Type.String({
        description: 'The keywords searched once places, qualifiers and stop words were taken out.',
      }),
      words_required: Type.Integer({
        description:
          'How many of the words of `keywords` a job must match: 75 % rounded down, at least one (1 of 1 or 2, 2 of 3, 3 of 4). Jobs matching more words are listed first; the count counts every job listed.',
      }),
      location: Type.Union([
        Type.Object({
          text: Type.String({ description: 'The place as typed in `q`.' }),
          value: Type.String({
            description: 'The location value it stands for (as the `location` parameter takes it).',
          }),
          applied: Type.Boolean({ description: 'False when no posting there matched, so every place was searched.' }),
          mode: Type.Union([Type.Literal('filter'), Type.Literal('boost')], {
            description:
              '`filter` when the place is all `q` names (besides stop words): only jobs there; `boost` when other keywords remain: jobs there are listed first, the others after them.',
          }),
        }),
        Type.Null(),
      ]),
      filters: Type.Array(
        Type.Object({
          text: Type.String({ description: 'The words of `q` that named the filter.' }),
          param: Type.String({ description: 'The filter parameter it set, e.g. `employment_type_normalized`.' }),
          value: Type.String(),
          mode: Type.Union([Type.Literal('filter'), Type.Literal('boost')], {
            description:
              '`filter` when the qualifiers and places are all `q` names: only jobs with the value; `boost` when other keywords remain: jobs with the value are listed first.',
          }),
        }),
      ),
      ignored_words: Type.Array(Type.String(), { description: 'Stop words of `q` that were not required.' }),
      dropped_words: Type.Array(Type.String(), {
        description:
          'Words of `q` that no posting matched together with the others, left out so that the rest find postings (partial matches).',
      }),
      spelling_corrected: Type.Optional(
        Type.Boolean({
          description: 'True when `q` found nothing and its spelling correction (`keywords`) was searched instead.',
        }),
      ),
    },
    {
      description:
        'Addition: how `q` was read, present only when it named a place or a facet value (Teilzeit, remote, Werkstudent, Junior, ...), held stop words or several words (matched partially), or had words left out to find postings; the page shows them as chips.',
    },
  ),
);

export const CountResponse = Type.Object({
  success: Type.Boolean(),
  total_results: Type.Integer(),
  total_results_formatted: Type.String(),
  did_you_mean: didYouMean,
  duration_ms: Type.Integer(),
});
export type CountResponse = Static<typeof CountResponse>;

export const JobCard = Type.Object({
  id: Type.Null({ description: 'Always null, as the contract observed it; use `board_id` to identify a posting.' }),
  board_id: Type.String(),
  title: Type.String(),
  company: Type.String(),
  company_domain_without_www: nullableString,
  company_website: nullableString,
  location: Type.String(),
  locations: Type.Array(Type.String()),
  created_at: nullableString,
  position_name: Type.String(),
  description_card_display: Type.String(),
  salary_min_formatted: nullableString,
  salary_max_formatted: nullableString,
  estimated_salary_min_formatted: nullableString,
  estimated_salary_max_formatted: nullableString,
  is_new: Type.Boolean(),
  seo_relevance_context: Type.String(),
  salary_relevance_context: Type.String(),
  remote_work_relevance_context: Type.String(),
  company_logo_path: nullableString,
  company_logo_base64: nullableString,
  /** Only with `card_fields=extended`. */
  work_model: Type.Optional(nullableString),
  remote_percentage: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** Only with a named language. */
  ...labelAdditionsSchema,
  /** Only with `highlight=true`. */
  highlight: Type.Optional(
    Type.Object(
      {
        title: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
        description_card_display: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
      },
      {
        description:
          'Addition, with `highlight=true`: the words of `title` and `description_card_display` that match `q`, ' +
          'as [start, end) offsets in UTF-16 code units (JavaScript string indices: `title.slice(start, end)` is the word).',
      },
    ),
  ),
});
export type JobCard = Static<typeof JobCard>;

export const Pagination = Type.Object({
  current_page: Type.Integer(),
  total_pages: Type.Integer(),
  start_item_formatted: Type.String(),
  end_item_formatted: Type.String(),
  current_page_formatted: Type.String(),
  total_pages_formatted: Type.String(),
});
export type Pagination = Static<typeof Pagination>;

export const ListResponse = Type.Object({
  success: Type.Boolean(),
  total_results: Type.Integer(),
  total_results_formatted: Type.String(),
  has_more: Type.Boolean(),
  next_url: Type.String(),
  jobs: Type.Array(JobCard),
  pagination: Pagination,
  did_you_mean: didYouMean,
  query_interpretation: queryInterpretation,
  duration_ms: Type.Integer(),
});
export type ListResponse = Static<typeof ListResponse>;

export const SuggestResponse = Type.Object({
  success: Type.Boolean(),
  suggestions: Type.Array(ValueLabel),
  duration_ms: Type.Integer(),
});
export type SuggestResponse = Static<typeof SuggestResponse>;

/** Addition: job-title suggestions with their counts. */
export const TitleSuggestResponse = Type.Object({
  success: Type.Boolean(),
  suggestions: Type.Array(
    Type.Object({
      value: Type.String({ description: 'The text to search with (`q`).' }),
      label: Type.String(),
      kind: Type.Enum(['position', 'word'], {
        description: '`position`: a position of the board; `word`: a frequent word of job titles.',
      }),
      ...counted,
    }),
  ),
  duration_ms: Type.Integer(),
});
export type TitleSuggestResponse = Static<typeof TitleSuggestResponse>;

export const ErrorResponse = Type.Object({
  success: Type.Boolean(),
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    param: Type.Optional(Type.String()),
  }),
  duration_ms: Type.Integer(),
});
