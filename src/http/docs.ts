import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { FACETS, isValuesEntry } from '../domain/facet-catalogue.js';
import type { ApiInstance } from './app-types.js';
import {
  DEFAULT_FACET_LIMIT,
  DEFAULT_PER_PAGE,
  DEFAULT_SUGGEST_LIMIT,
  MAX_FACET_LIMIT,
  MAX_PAGE,
  MAX_PER_PAGE,
  MAX_SUGGEST_LIMIT,
} from './schemas.js';

/** Width at which the generated parts of the description wrap, like the text around them. */
const WRAP_AT = 100;

/**
 * The opening of the several-values item: every facet parameter that takes values (from the
 * catalogue), wrapped at WRAP_AT with the item's indentation.
 */
function severalValuesParams(): string {
  const params = FACETS.filter(isValuesEntry).map((f) => `\`${f.wire.param}\``);
  const lines = ['- *Several values per filter*: every facet parameter ('];
  params.forEach((param, i) => {
    const word = i === params.length - 1 ? `${param})` : `${param},`;
    const line = lines[lines.length - 1]!;
    const open = line.endsWith('(');
    if (!open && line.length + 1 + word.length > WRAP_AT) lines.push(`  ${word}`);
    else lines[lines.length - 1] = open ? line + word : `${line} ${word}`;
  });
  return lines.join('\n');
}

/** The decisions on the contract's open points, written where frontend developers read them. */
const DESCRIPTION = `
Five read-only JSON endpoints for a job-search page. Every response carries \`success\` and \`duration_ms\`.

**Filters.** filter-data, results-count and results-list accept every key of \`selected\` as a query
parameter, plus a keyword search \`q\` (not echoed in \`selected\`). A value is an option \`value\` as the
filter data lists it; an unknown value of a known filter matches nothing (0 results, success true).
An empty parameter (\`location=\`) counts as unset. A parameter given twice is a 400 (\`repeated_parameter\`).
An unknown parameter is a 400 (\`unknown_parameter\`) naming it and listing the endpoint's parameters, so a
typo such as \`wokr_model=remote\` never silently returns every job. Exceptions, because real pages and links add
them: the \`_\` cache-buster and tracking parameters (\`utm_*\`, \`gclid\`, \`fbclid\`, \`msclkid\`, \`dclid\`,
\`mc_cid\`, \`mc_eid\`, \`_ga\`, \`_gl\`) are ignored, named in the \`X-Ignored-Params\` response header, and change
neither the answer nor its ETag. \`location\` takes a city, region or country slug (case, accents and umlauts
are folded: \`münchen\` = \`muenchen\` = \`munchen\`); a region or country matches every job inside it.
\`radius\` (0..500 km) applies with a city location only (great-circle distance) and is ignored otherwise.
\`remote_percentage_min\` keeps jobs with at least that share of remote work (0 keeps every job).

**Facets.** Conjunctive by default: every count reflects all applied filters, including the facet's own,
and a facet whose filter is set lists only the selected value. \`facet_mode=disjunctive\` counts each
facet as if its own filter were unset. \`companies\` and \`locations\` list the ${DEFAULT_FACET_LIMIT} values with the
most matching jobs (\`facet_limit\` up to ${MAX_FACET_LIMIT}), by count then label, a selected value always listed; their
\`label\` is \`<value> (<count>)\`. \`salary_ranges\` always lists the four buckets ascending, zero counts included;
other collections list their non-zero values. \`seniority_levels\`, \`employment_types\`, \`remote_percentages\`
and \`skill_tags\` items are \`{ value, label, count, count_formatted }\`; a remote percentage option \`N\` counts
jobs with at least N % remote work. Numbers in \`_formatted\` strings and labels use German grouping (\`1.234\`).
\`selected\` echoes what the request set (normalised to the option value, numbers as strings), null where
unset even where a default applies; \`seo-jobs-only\` is '' when unset.

**Sorting and paging.** \`sort\`: \`date\` (default), \`salary\` (annual salary, given or estimated), \`relevance\`
(keyword score; without \`q\` it orders like \`date\`); \`order\`: \`desc\` (default) or \`asc\`. Jobs without a date
come last; ties break by \`board_id\` so paging is stable. Page size ${DEFAULT_PER_PAGE} (\`per_page\` 1..${MAX_PER_PAGE}); \`page\` 1..${MAX_PAGE}.
A page beyond the last answers success true with no jobs, \`has_more\` false and \`start_item_formatted\` =
\`end_item_formatted\` = "0"; \`total_pages\` is 0 when nothing matches. \`next_url\` is a relative URL: the same
path and parameters, normalised (known parameters in a fixed order, defaults left out, \`page\` last), with \`page\` + 1,
or '' on the last page.

**Autocomplete.** \`q\` is case- and accent-insensitive and matches the start of any word of the name;
an empty \`q\` gives no suggestions. \`limit\` defaults to ${DEFAULT_SUGGEST_LIMIT}; larger values than ${MAX_SUGGEST_LIMIT} are capped. The best
matches are kept (whole-name prefix first, then by number of jobs) and returned sorted by label (German
collation). Only places and companies with live jobs are suggested; a suggestion's \`value\` works as the
\`location\` or \`company\` filter as it is.

**Cards.** \`id\` is always null, as the contract observed it (the frontend reads \`board_id\`; we keep it null rather
than invent a second identifier); \`board_id\` is stable across imports; \`created_at\` is the posting date (ISO 8601);
\`company_logo_base64\` carries the logo URL; \`company_logo_path\` is null; salaries read \`50.000 EUR\` (annual);
\`estimated_*\` are set only when the posting states no salary; \`is_new\` means posted within the last 7 days
(configurable). Texts stay in the posting's language; the salary-band sentence is written in it too.

**Additions beyond the contract.** Requests that use none of them get the contract's answers.
${severalValuesParams()} takes comma-separated values, e.g. \`work_model=remote,hybrid\`: values of one parameter are OR,
  parameters are AND. A comma inside a value is written \`\\,\` and a backslash \`\\\\\`; empty values are dropped; a company
  name with a comma that is known as a whole is one value. Several locations each take the \`radius\`. Disjunctive counts
  leave the whole parameter out, so each alternative's count is the count of that value alone, and every selected value is
  listed; in conjunctive mode several skills or locations list just the selected ones with their counts. \`selected\`
  echoes the values comma-separated, each normalised (escaped as above); \`next_url\` keeps the parameter as sent.
- *Keywords*: gendered job titles are one form (\`Entwicklerin\`, \`Manager:in\`, \`Manager*in\`, \`desarrolladora\`;
  \`(m/w/d)\` ignored); German compounds are found by their parts (\`optimierung\` finds \`Suchmaschinenoptimierung\`);
  a \`q\` that names a position as a whole (\`SEO-Managerin\`, \`Gerente SEO\`) also finds that position's jobs; typos are
  tolerated (\`typo_tolerance\`); \`did_you_mean\` on count and list when \`q\` finds nothing but a correction would.
- *Filters*: \`posted_within_days\`, \`salary_min\` with \`salary_estimated\`, \`language\` (not echoed in \`selected\`).
- *Title autocomplete*: \`GET /jobs/api/job-search-title-autosuggest\` (positions and frequent title words, with counts).

**Errors.** \`{ success: false, error: { code, message, param? }, duration_ms }\` with 400 (\`invalid_parameter\`,
\`repeated_parameter\`, \`unknown_parameter\`, \`invalid_url\` for characters that must be percent-encoded, such as a
raw \`ü\`: send \`q=m%C3%BCn\`, or a percent-encoding that is not UTF-8, such as \`%FF\`; a missing \`Host\`), 404,
405 (with \`Allow\`; \`CONNECT\` and \`TRACE\` too), 408 (\`request_timeout\`: headers or request too slow), 414/431,
417 (\`expectation_failed\`: an \`Expect\` other than 100-continue), 429 (with \`Retry-After\`), 503 (\`not_ready\` while the index loads; \`overloaded\` with \`Retry-After\` when
the process sheds load; \`too_many_connections\` with \`Retry-After\` past the open connections allowed per client
address) and 500 (nothing internal). Errors are never cacheable: \`Cache-Control: no-store\`, no \`ETag\`.

**Caching.** The request is validated first; only a valid request gets an \`ETag\` and a conditional answer. The
weak \`ETag\` is derived from the index version and the normalised request (the endpoint's known parameters in a
fixed order, defaults left out where they do not change the answer: \`page=1\`, \`per_page=${DEFAULT_PER_PAGE}\`,
\`sort=date\`, \`order=desc\` on the list, \`facet_mode=conjunctive\`, \`facet_limit=${DEFAULT_FACET_LIMIT}\` on the filter data,
\`sort\`/\`order\` on the count, \`limit=${DEFAULT_SUGGEST_LIMIT}\` on the autocompletes), so \`?a=1&b=2\` and \`?b=2&a=1\` share it;
it changes whenever the data changes. \`If-None-Match\` (one tag, a list, or \`*\`) answers 304. 200 answers carry
\`Cache-Control: public, max-age=<CACHE_MAX_AGE_SECONDS>\`. \`next_url\` is built from the same normalised request.
gzip and brotli on request.
`;

export async function registerDocs(app: ApiInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Jobs Search JSON API', version: '1.0.0', description: DESCRIPTION.trim() },
      tags: [{ name: 'jobs', description: 'The five search endpoints' }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/jobs/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
