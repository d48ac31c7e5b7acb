import { create, insertMultiple, search, type AnyOrama, type Results } from '@orama/orama';
import type { JobFilter, Suggestion } from '../../src/domain/query.js';
import { REMOTE_PERCENTAGE_STEPS } from '../../src/domain/vocab.js';
import {
  NO_MULTI_VALUES,
  NO_KEYWORDS,
  NO_RADIUS,
  type CountMap,
  type FacetSummary,
  type SearchSystem,
} from '../system.js';
import type { SuggestQuery } from '../query-mix.js';
import type { FlatCorpus, FlatJob } from './flat-job.js';
import { nameRows, type NameRow } from './sql-suggest.js';

const ENUMS = [
  'salaryBucket',
  'workModel',
  'position',
  'seniority',
  'employmentType',
  'industry',
  'companySize',
  'company',
] as const;
type EnumField = (typeof ENUMS)[number];

const JOB_SCHEMA = {
  salaryBucket: 'enum',
  workModel: 'enum',
  position: 'enum',
  seniority: 'enum',
  employmentType: 'enum',
  industry: 'enum',
  companySize: 'enum',
  company: 'enum',
  skills: 'enum[]',
  places: 'enum[]',
  remote: 'number',
  isSeo: 'boolean',
  postedAt: 'number',
} as const;

const FILTER_FIELDS: Partial<Record<keyof JobFilter, EnumField>> = {
  salaryRange: 'salaryBucket',
  workModel: 'workModel',
  position: 'position',
  seniority: 'seniority',
  employmentType: 'employmentType',
  industry: 'industry',
  companySize: 'companySize',
};
const INSERT_BATCH = 1_000;
const SUGGEST_CANDIDATES = 200;

type Where = Record<string, unknown>;

/**
 * Orama peer: enum fields for single-valued facets, enum[] for places and skills, a number range
 * facet per remote-share step, sortBy posted date (no tie-break by board id), offset/limit paging.
 * Keywords search a `text` field with Orama's tokenizer (no stemming; all words must match) when
 * `keywords` is on. Autocomplete searches two small Orama databases of place and company names.
 */
export class OramaPeer implements SearchSystem {
  readonly name = 'orama';
  readonly suggestUnsupported = null;

  private constructor(
    private readonly db: AnyOrama,
    private readonly places: AnyOrama,
    private readonly companies: AnyOrama,
    private readonly keywords: boolean,
  ) {}

  static async build(corpus: FlatCorpus, options: { keywords: boolean }): Promise<OramaPeer> {
    const schema = options.keywords ? { ...JOB_SCHEMA, text: 'string' as const } : JOB_SCHEMA;
    const db = create({ schema, sort: { unsortableProperties: options.keywords ? ['text'] : [] } });
    for (let from = 0; from < corpus.jobs.length; from += INSERT_BATCH) {
      const docs = corpus.jobs.slice(from, from + INSERT_BATCH).map((j) => toDoc(j, options.keywords));
      await insertMultiple(db, docs, INSERT_BATCH);
    }
    const names = nameRows(corpus);
    return new OramaPeer(db, await nameDb(names.places), await nameDb(names.companies), options.keywords);
  }

  unsupported(filter: JobFilter): string | null {
    if (filter.anyOf !== undefined) return NO_MULTI_VALUES;
    if (filter.radiusKm !== undefined) return NO_RADIUS;
    if (filter.keywords !== undefined && !this.keywords) return NO_KEYWORDS;
    return null;
  }

  async count(filter: JobFilter): Promise<number> {
    return (await search(this.db, { ...termOf(filter), where: whereOf(filter), limit: 0 })).count;
  }

  async facets(filter: JobFilter, limit: number): Promise<Results<unknown>> {
    const ranges = REMOTE_PERCENTAGE_STEPS.map((from) => ({ from, to: 100 }));
    const facets = {
      ...Object.fromEntries(ENUMS.map((f) => [f, {}])),
      skills: {},
      places: {},
      isSeo: { true: true, false: true },
      remote: { ranges },
    };
    const results = await search(this.db, { ...termOf(filter), where: whereOf(filter), facets, limit: 0 });
    // Enum facets come back unsorted and complete: cap the long lists as the engine does.
    for (const f of ['company', 'places'] as const) {
      const facet = results.facets?.[f];
      if (facet)
        facet.values = Object.fromEntries(
          Object.entries(facet.values)
            .sort((a, b) => b[1] - a[1])
            .slice(0, limit),
        );
    }
    return results;
  }

  async facetSummary(filter: JobFilter, limit: number): Promise<FacetSummary> {
    const facets = (await this.facets(filter, limit)).facets ?? {};
    const seo = facets.isSeo?.values ?? {};
    return {
      workModel: clean(facets.workModel?.values ?? {}),
      location: clean(facets.places?.values ?? {}),
      seo: { yes: seo.true ?? 0, no: seo.false ?? 0 },
    };
  }

  async list(filter: JobFilter, page: number, perPage: number): Promise<string[]> {
    const results = await search(this.db, {
      ...termOf(filter),
      where: whereOf(filter),
      sortBy: { property: 'postedAt', order: 'DESC' },
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return results.hits.map((h) => String((h.document as { boardId?: unknown }).boardId));
  }

  async suggest(query: SuggestQuery, limit: number): Promise<Suggestion[]> {
    const db = query.kind === 'location' ? this.places : this.companies;
    const results = await search(db, { term: query.q, properties: ['name'], limit: SUGGEST_CANDIDATES });
    const q = query.q.toLowerCase();
    const rows = results.hits.map((h) => h.document as unknown as NameRow);
    rows.sort((a, b) => Number(b.folded.startsWith(q)) - Number(a.folded.startsWith(q)) || b.jobs - a.jobs);
    const top = rows.slice(0, limit).map((r) => ({ value: query.kind === 'location' ? r.key : r.name, label: r.name }));
    return top.sort((a, b) => a.label.localeCompare(b.label, 'de'));
  }

  async close(): Promise<void> {}
}

function termOf(filter: JobFilter): { term: string; properties?: string[]; threshold?: number } {
  if (filter.keywords === undefined) return { term: '' };
  return { term: filter.keywords, properties: ['text'], threshold: 0 };
}

function whereOf(filter: JobFilter): Where {
  const where: Where = {};
  for (const [key, field] of Object.entries(FILTER_FIELDS)) {
    const value = filter[key as keyof JobFilter];
    if (typeof value === 'string') where[field] = { eq: value };
  }
  if (filter.company !== undefined) where.company = { eq: filter.company.toLowerCase() };
  if (filter.skill !== undefined) where.skills = { containsAll: [filter.skill] };
  if (filter.location !== undefined) where.places = { containsAll: [filter.location] };
  if (filter.remotePercentageMin !== undefined) where.remote = { gte: filter.remotePercentageMin };
  if (filter.seo !== undefined) where.isSeo = filter.seo;
  return where;
}

/** Facet values without the "no value" group. */
function clean(values: Record<string, number>): CountMap {
  const map: CountMap = {};
  for (const [k, v] of Object.entries(values)) if (k !== '' && v > 0) map[k] = v;
  return map;
}

function toDoc(j: FlatJob, keywords: boolean): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    id: String(j.id),
    boardId: j.boardId,
    position: j.position,
    company: j.company,
    skills: j.skills,
    places: j.places,
    isSeo: j.isSeo,
    postedAt: j.postedAt ?? 0,
  };
  for (const f of ['salaryBucket', 'workModel', 'seniority', 'employmentType', 'industry', 'companySize'] as const) {
    if (j[f] !== null) doc[f] = j[f];
  }
  if (j.remote !== null) doc.remote = j.remote;
  if (keywords) doc.text = j.text;
  return doc;
}

async function nameDb(rows: readonly NameRow[]): Promise<AnyOrama> {
  const db = create({ schema: { name: 'string', jobs: 'number' } as const });
  await insertMultiple(
    db,
    rows.map((r) => ({ ...r })),
    INSERT_BATCH,
  );
  return db;
}
