import type { Job, JobPlace } from '../src/domain/job.js';
import type { JobFilter } from '../src/domain/query.js';
import { bucketOf, bucketValue, DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { REMOTE_PERCENTAGE_STEPS } from '../src/domain/vocab.js';
import { SeededRandom } from './random.js';

/** What a filter query exercises; the report and the agreement check group by it. */
export const FILTER_KINDS = ['none', 'one', 'two', 'three', 'radius', 'keywords', 'typo', 'exact', 'multi'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/**
 * Keyword kinds: `keywords` (title words, typo tolerance on as by default), `typo` (the same with
 * one edit after the first letter in a word of 5+ letters), `exact` (title words with typo
 * tolerance off: the cost of typo tolerance is `keywords` against `exact`).
 */
export function isKeywordKind(kind: FilterKind): boolean {
  return kind === 'keywords' || kind === 'typo' || kind === 'exact';
}

export interface FilterQuery {
  kind: FilterKind;
  filter: JobFilter;
}

export interface SuggestQuery {
  kind: 'location' | 'company';
  q: string;
}

/** One fixed list of queries, used by the engine, every peer and the HTTP run alike. */
export interface QueryMix {
  seed: number;
  /** Distinct filters (so that a result cache cannot answer a timed query from an earlier one). */
  filters: FilterQuery[];
  /** Distinct autocomplete prefixes. */
  suggests: SuggestQuery[];
  /** Run before timing; none of them is in the lists above. */
  warmup: { filters: FilterQuery[]; suggests: SuggestQuery[] };
  /** The cache run: the same query again and again. */
  repeated: { filter: FilterQuery; suggest: SuggestQuery };
}

export interface MixSizes {
  seed: number;
  filters: number;
  suggests: number;
  warmup: number;
}

/** The share of each kind, as a repeating pattern (so any prefix of the list has every kind). */
const PATTERN: readonly FilterKind[] = [
  'one',
  'two',
  'three',
  'keywords',
  'radius',
  'one',
  'two',
  'three',
  'keywords',
  'none',
  'one',
  'two',
  'three',
  'keywords',
  'radius',
  'one',
  'two',
  'three',
  'keywords',
  'one',
  'typo',
  'exact',
  'typo',
  'exact',
  'multi',
  'multi',
];
const RADII_KM = [10, 25, 50, 100] as const;
const MIN_WORD_LENGTH = 4;
/** Draws per wanted query before giving up on finding another distinct one (small corpora). */
const ATTEMPTS = 20;
const SLOT_ATTEMPTS = 5;

/**
 * Draws the query mix from the corpus: each query starts from a job picked at random, so values
 * are as common in the mix as in the data and a combined filter usually matches something.
 * The same jobs (in the same order) and sizes give the same mix.
 */
export function buildQueryMix(jobs: readonly Job[], sizes: MixSizes): QueryMix {
  if (jobs.length === 0) throw new Error('the query mix needs a non-empty corpus');
  const seen = new Set<string>();
  const main = drawQueries(jobs, sizes.seed, sizes.filters, sizes.suggests, seen);
  const warmup = drawQueries(jobs, sizes.seed + 7_919, sizes.warmup, sizes.warmup, seen);
  const repeatedFilter = main.filters.find((f) => f.kind === 'two') ?? main.filters[0] ?? { kind: 'none', filter: {} };
  const repeatedSuggest = main.suggests.find((s) => s.q.length === 2) ?? { kind: 'location', q: 'be' };
  return { seed: sizes.seed, ...main, warmup, repeated: { filter: repeatedFilter, suggest: repeatedSuggest } };
}

/** Filters and suggestions not yet in `seen` (which they are added to). */
function drawQueries(
  jobs: readonly Job[],
  seed: number,
  filterCount: number,
  suggestCount: number,
  seen: Set<string>,
): { filters: FilterQuery[]; suggests: SuggestQuery[] } {
  const rnd = new SeededRandom(seed);
  const draw = (): Job => jobs[rnd.below(jobs.length)]!;
  const filters: FilterQuery[] = [];
  // A slot that keeps drawing duplicates is skipped (the empty filter exists once).
  for (let slot = 0; filters.length < filterCount && slot < filterCount * ATTEMPTS; slot++) {
    const kind = PATTERN[slot % PATTERN.length]!;
    for (let attempt = 0; attempt < SLOT_ATTEMPTS; attempt++) {
      const query = { kind, filter: drawFilter(kind, rnd, draw) };
      if (addNew(seen, `f${JSON.stringify(query.filter)}`)) {
        filters.push(query);
        break;
      }
    }
  }
  const suggests: SuggestQuery[] = [];
  // Slots cycle through kind and prefix length; short prefixes run out first (few distinct ones).
  for (let slot = 0; suggests.length < suggestCount && slot < suggestCount * ATTEMPTS; slot++) {
    for (let attempt = 0; attempt < SLOT_ATTEMPTS; attempt++) {
      const query = drawSuggest(slot, rnd, draw());
      if (addNew(seen, `s${query.kind}:${query.q}`)) {
        suggests.push(query);
        break;
      }
    }
  }
  return { filters, suggests };
}

function addNew(seen: Set<string>, key: string): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

function drawFilter(kind: FilterKind, rnd: SeededRandom, draw: () => Job): JobFilter {
  switch (kind) {
    case 'none':
      return {};
    case 'one':
      return oneFilter(rnd, draw());
    case 'two': {
      const job = draw();
      return { ...locationOf(rnd, job), ...workModelOf(job) };
    }
    case 'three': {
      const job = draw();
      return { ...locationOf(rnd, job), ...workModelOf(job), ...thirdFilter(rnd, job) };
    }
    case 'radius':
      return radiusFilter(rnd, draw);
    case 'keywords':
      return keywordFilter(rnd, draw());
    case 'typo':
      return typoFilter(rnd, draw());
    case 'exact':
      return { ...keywordFilter(rnd, draw()), typos: false };
    case 'multi':
      return multiFilter(rnd, draw);
  }
}

type FilterDraw = (rnd: SeededRandom, job: Job) => JobFilter;

const SINGLE: readonly FilterDraw[] = [
  (rnd, job) => locationOf(rnd, job),
  (rnd, job) => locationOf(rnd, job),
  (_, job) => workModelOf(job),
  (_, job) => ({ position: job.position.slug }),
  (rnd, job) => skillOf(rnd, job),
  (_, job) => (job.seniority ? { seniority: job.seniority } : {}),
  (_, job) => salaryOf(job),
  (_, job) => ({ company: job.company.name }),
  (rnd) => ({ remotePercentageMin: rnd.pick(REMOTE_PERCENTAGE_STEPS) }),
  (_, job) => ({ seo: job.isSeo }),
  (_, job) => (job.industry ? { industry: job.industry } : {}),
  (_, job) => (job.employmentType ? { employmentType: job.employmentType } : {}),
];

const THIRD: readonly FilterDraw[] = [
  (_, job) => ({ position: job.position.slug }),
  (rnd, job) => skillOf(rnd, job),
  (_, job) => (job.seniority ? { seniority: job.seniority } : {}),
  (_, job) => (job.employmentType ? { employmentType: job.employmentType } : {}),
  (_, job) => (job.company.size ? { companySize: job.company.size } : {}),
  (_, job) => ({ seo: job.isSeo }),
];

/** A non-empty single filter when the job has the value (a few draws), else none. */
function oneFilter(rnd: SeededRandom, job: Job): JobFilter {
  for (let attempt = 0; attempt < 5; attempt++) {
    const filter = rnd.pick(SINGLE)(rnd, job);
    if (Object.keys(filter).length > 0) return filter;
  }
  return {};
}

function thirdFilter(rnd: SeededRandom, job: Job): JobFilter {
  return rnd.pick(THIRD)(rnd, job);
}

/** A city, region or country slug of the job's first place (city half of the time). */
function locationOf(rnd: SeededRandom, job: Job): JobFilter {
  const place = job.places[0];
  if (!place) return {};
  const r = rnd.next();
  const named =
    (r < 0.5 ? place.city : r < 0.75 ? place.region : place.country) ?? place.city ?? place.region ?? place.country;
  return named ? { location: named.slug } : {};
}

function workModelOf(job: Job): JobFilter {
  return job.workModel ? { workModel: job.workModel } : {};
}

function skillOf(rnd: SeededRandom, job: Job): JobFilter {
  return job.skills.length > 0 ? { skill: rnd.pick(job.skills).slug } : {};
}

function salaryOf(job: Job): JobFilter {
  const bucket = job.salary ? DEFAULT_SALARY_BUCKETS[bucketOf(DEFAULT_SALARY_BUCKETS, job.salary)] : undefined;
  return bucket ? { salaryRange: bucketValue(bucket) } : {};
}

/** A city with coordinates (tries a few jobs) and a radius around it. */
function radiusFilter(rnd: SeededRandom, draw: () => Job): JobFilter {
  for (let attempt = 0; attempt < 20; attempt++) {
    const city = cityWithCoordinates(draw().places);
    if (city) return { location: city, radiusKm: rnd.pick(RADII_KM) };
  }
  return {};
}

function cityWithCoordinates(places: readonly JobPlace[]): string | null {
  const p = places.find((x) => x.city !== null && x.lat !== null && x.lon !== null);
  return p?.city?.slug ?? null;
}

/** One or two words of the job's title (letters only, at least four), lower case. */
function keywordFilter(rnd: SeededRandom, job: Job): JobFilter {
  const words = (job.title.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= MIN_WORD_LENGTH);
  if (words.length === 0) return { keywords: job.position.name.toLowerCase() };
  const first = rnd.pick(words);
  const second = rnd.next() < 0.4 ? rnd.pick(words) : first;
  return { keywords: second === first ? first : `${first} ${second}` };
}

/**
 * Several values per filter, as a multi-select sidebar sends them: two work models, plus two
 * positions or two locations (of two jobs) or a second filter of the first job.
 */
function multiFilter(rnd: SeededRandom, draw: () => Job): JobFilter {
  const a = draw();
  const b = draw();
  const models = rnd.next() < 0.5 ? ['remote', 'hybrid'] : ['hybrid', 'onsite'];
  const r = rnd.next();
  if (r < 0.4) return { anyOf: { workModel: models, position: [...new Set([a.position.slug, b.position.slug])] } };
  const la = locationOf(rnd, a).location;
  const lb = locationOf(rnd, b).location;
  if (r < 0.8 && typeof la === 'string' && typeof lb === 'string')
    return { anyOf: { workModel: models, location: [...new Set([la, lb])] } };
  return { anyOf: { workModel: models }, ...thirdFilter(rnd, a) };
}

/** A title word of 5+ letters with one edit after its first letter: a swap, a deletion or a substitution. */
function typoFilter(rnd: SeededRandom, job: Job): JobFilter {
  const words = (job.title.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 5);
  const word = words.length > 0 ? rnd.pick(words) : 'marketing';
  const at = 1 + rnd.below(word.length - 2);
  const edit = rnd.below(3);
  const typo =
    edit === 0
      ? word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2)
      : edit === 1
        ? word.slice(0, at) + word.slice(at + 1)
        : word.slice(0, at) + (word[at] === 'x' ? 'q' : 'x') + word.slice(at + 1);
  return { keywords: typo };
}

/** Prefixes of 1 to 4 letters of a place name or a company name: slot 0..7 covers each pair. */
function drawSuggest(slot: number, rnd: SeededRandom, job: Job): SuggestQuery {
  const length = 1 + (slot % 4);
  if (Math.floor(slot / 4) % 2 === 0) {
    const place = job.places[0];
    const named = rnd.pick([place?.city, place?.region, place?.country]) ?? place?.city ?? place?.country;
    return { kind: 'location', q: prefixOf(named?.name ?? 'Berlin', length) };
  }
  return { kind: 'company', q: prefixOf(job.company.name, length) };
}

function prefixOf(name: string, length: number): string {
  const word = name.match(/\p{L}+/u)?.[0] ?? name;
  return word.slice(0, length).toLowerCase();
}
