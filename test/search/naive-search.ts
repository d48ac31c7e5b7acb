/**
 * A plain, obviously-correct reading of the search rules, for the property test: Array.filter
 * over the jobs, a comparator sort, slices and Maps. No index structures.
 */
import { stemmer as stemDe } from '@orama/stemmers/german';
import { companyKey } from '../../src/domain/company-key.js';
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemEs } from '@orama/stemmers/spanish';
import type { Job, JobPlace, ListedJob, SalaryRange } from '../../src/domain/job.js';
import { fieldValues, type JobFilter, type ListRequest, type MultiField } from '../../src/domain/query.js';
import type { SalaryBucket } from '../../src/domain/salary-buckets.js';
import { queryPosition } from '../../src/search/text/word-forms.js';
import { cleanQueryText, indexKeys, queryKeys } from './naive-word-forms.js';
// The role table is data (one concept per line), shared with the engine; expanding a word by it is
// the oracle's own one-liner.
import { ROLE_CONCEPTS } from '../../src/search/text/role-map.js';

function withEquivalents(keys: string[]): string[] {
  const out = [...keys];
  for (const k of keys)
    for (const c of ROLE_CONCEPTS) if (c.includes(k)) for (const m of c) if (!out.includes(m)) out.push(m);
  return out;
}
import { bucketOf, bucketValue, foldKey, foldKeys } from './naive-text.js';

export const collator = new Intl.Collator('de');
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const STEM: Record<string, (w: string) => string> = { de: stemDe, es: stemEs, en: stemEn };
/** An agent noun (5+ letters ending as the worker does) keeps a mark on its stem: not the work's stem. */
const AGENT: Record<string, RegExp> = { de: /(er|ern|ers)$/, en: /(er|ers|or|ors)$/, es: /(dor|dores|ista|istas)$/ };
const stem = (lang: string, key: string): string =>
  (STEM[lang]!(key) || key) + (key.length >= 5 && AGENT[lang]!.test(key) ? '~' : '');
const KIND = { city: 0, region: 1, country: 2 } as const;

export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/**
 * Optimal-string-alignment distance by the textbook full table (typo tolerance: one edit from 5
 * letters, two from 9, same first letter).
 */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const budget = (len: number): number => (len >= 9 ? 2 : len >= 5 ? 1 : 0);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
}

function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const RAD = Math.PI / 180;
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s1 = Math.sin(dLat / 2);
  const s2 = Math.sin(dLon / 2);
  const a = s1 * s1 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * s2 * s2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function slugsOf(job: Job): string[] {
  return job.places.flatMap((p) => [p.city?.slug, p.region?.slug, p.country?.slug].filter((s): s is string => !!s));
}

export type Key =
  | 'salary'
  | 'workModel'
  | 'position'
  | 'seniority'
  | 'employmentType'
  | 'industry'
  | 'companySize'
  | 'company'
  | 'seo'
  | 'skill'
  | 'location'
  | 'remote'
  | 'keywords'
  | 'posted'
  | 'salaryMin'
  | 'language';

/**
 * Estimates of the jobs without a salary: the median of five or more stated, closed salaries among
 * the samples of the same position, seniority and country (in that country's currency), else, for
 * an SEO job, of the SEO jobs of that seniority and country. By key.
 */
export function naiveEstimates(samples: readonly Job[], jobs: readonly Job[]): Map<string, SalaryRange | null> {
  const cur = (c: string | null | undefined): string =>
    c === 'CH' || c === 'LI' ? 'CHF' : c === 'GB' ? 'GBP' : c === 'US' ? 'USD' : 'EUR';
  const sample = (j: Job): boolean =>
    j.salary !== null &&
    (j.salary.stated === undefined ||
      (j.salary.stated.min !== null &&
        j.salary.stated.max !== null &&
        j.salary.stated.currency === cur(j.places[0]?.countryCode)));
  const paid = samples.filter(sample);
  const med = (js: Job[]): SalaryRange => ({
    min: median(js.map((j) => j.salary!.min)),
    max: median(js.map((j) => j.salary!.max)),
  });
  const out = new Map<string, SalaryRange | null>();
  for (const job of jobs) {
    if (job.salary) continue;
    const country = job.places[0]?.countryCode ?? null;
    if (country === null || job.seniority === null) {
      out.set(job.key, null);
      continue;
    }
    const same = paid.filter((p) => p.seniority === job.seniority && p.places[0]?.countryCode === country);
    const byPosition = same.filter((p) => p.position.slug === job.position.slug);
    const byField = job.isSeo ? same.filter((p) => p.isSeo) : [];
    const pick = byPosition.length >= 5 ? byPosition : byField.length >= 5 ? byField : null;
    out.set(job.key, pick === null ? null : med(pick));
  }
  return out;
}

const byBoardId = (a: Job, b: Job): number =>
  a.boardId.length - b.boardId.length || cmp(a.boardId, b.boardId) || cmp(a.key, b.key);

/**
 * The search rules over the live jobs. `segments` (segmented index, src/search/segments/segments.ts): the
 * jobs each segment was built with (live then, deleted ones included), base first. Their rules:
 * salary estimates from the base's jobs; keyword statistics (N, document frequencies, mean
 * length, prefix expansion, corrections) over all of them together; a value's label and a place's
 * name, kind and coordinates from the first segment that has it; places and companies any of them
 * knows stay known. Without segments, the live jobs are the one segment.
 */
export class NaiveSearch {
  readonly live: Job[];
  readonly segments: Job[][];
  /** Every job any segment was built with (the keyword statistics' corpus). */
  readonly corpus: Job[];
  private readonly est = new Map<Job, SalaryRange | null>();

  constructor(
    jobs: readonly Job[],
    readonly buckets: readonly SalaryBucket[],
    now: number,
    segments: readonly (readonly Job[])[] | null = null,
    /** Each live job's estimate by key, as its segment was built (default: from the first segment). */
    estimates: ReadonlyMap<string, SalaryRange | null> | null = null,
  ) {
    this.live = jobs.filter((j) => j.validThrough === null || j.validThrough >= now).sort(byBoardId);
    this.segments = segments === null ? [this.live] : segments.map((seg) => [...seg].sort(byBoardId));
    this.corpus = this.segments.flat();
    const own = estimates ?? naiveEstimates(this.segments[0]!, this.live);
    for (const job of this.live) if (!job.salary) this.est.set(job, own.get(job.key) ?? null);
  }

  salaryOf(job: Job): SalaryRange | null {
    return job.salary ?? this.est.get(job) ?? null;
  }

  bucketOf(job: Job): number {
    const s = this.salaryOf(job);
    return s ? bucketOf(this.buckets, s) : -1;
  }

  /** The jobs of the first segment where `has` holds for a job (labels come from there). */
  firstSegment(has: (j: Job) => boolean): Job[] {
    return this.segments.find((seg) => seg.some(has)) ?? [];
  }

  // ---- places ----
  /** Every place slug a segment knows. */
  placeSlugs(): string[] {
    return [...new Set(this.corpus.flatMap(slugsOf))];
  }

  kindOf(slug: string): 'city' | 'region' | 'country' {
    const places = this.firstSegment((j) => slugsOf(j).includes(slug)).flatMap((j) => j.places);
    if (places.some((p) => p.city?.slug === slug)) return 'city';
    return places.some((p) => p.region?.slug === slug) ? 'region' : 'country';
  }

  placeName(slug: string): string {
    const kind = this.kindOf(slug);
    const seg = this.firstSegment((j) => slugsOf(j).includes(slug));
    const p = seg.flatMap((j) => j.places).find((pl) => pl[kind]?.slug === slug)!;
    return p[kind]!.name;
  }

  candidates(value: string): string[] {
    return this.remember(`candidates|${value}`, () =>
      this.placeSlugs().filter((s) => foldKeys(s).includes(foldKey(value))),
    );
  }

  canonical(value: string): string | null {
    return this.remember(`canonical|${value}`, () => this.canonicalOf(value));
  }

  private canonicalOf(value: string): string | null {
    const k = foldKey(value);
    const sorted = [...this.candidates(value)].sort(
      (a, b) =>
        (foldKey(a) === k ? 0 : 1) - (foldKey(b) === k ? 0 : 1) ||
        KIND[this.kindOf(a)] - KIND[this.kindOf(b)] ||
        cmp(a, b),
    );
    return sorted[0] ?? null;
  }

  center(slug: string): JobPlace | undefined {
    const seg = this.firstSegment((j) => slugsOf(j).includes(slug));
    return seg.flatMap((j) => j.places).find((p) => p.city?.slug === slug && p.lat !== null && p.lon !== null);
  }

  companyLabel(lower: string): string {
    const counts = new Map<string, number>();
    for (const j of this.firstSegment((x) => companyKey(x.company.name) === lower))
      if (companyKey(j.company.name) === lower) counts.set(j.company.name, (counts.get(j.company.name) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0]![0];
  }

  // ---- keywords ----
  private docWords(job: Job): string[] {
    return [job.title, job.company.name, job.position.name, ...job.skills.map((s) => s.name), job.searchText].flatMap(
      words,
    );
  }

  /**
   * The words a job's term frequencies and length count (BM25F by repetition): the title's 8
   * times, the position's 4, the company's and each skill's twice, the description's once.
   */
  private weightedWords(job: Job): string[] {
    const times = (text: string, n: number): string[] => Array.from({ length: n }, () => words(text)).flat();
    return [
      ...times(job.title, 8),
      ...times(job.company.name, 2),
      ...times(job.position.name, 4),
      ...job.skills.flatMap((s) => times(s.name, 2)),
      ...words(job.searchText),
    ];
  }

  // Memos of pure functions of the (fixed) corpus: the answers are the plain definitions below,
  // only not recomputed for every job a query scores.
  private readonly memo = new Map<unknown, unknown>();
  private remember<T>(key: unknown, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }

  private tf(job: Job): Map<string, number> {
    return this.remember(job, () => this.countTerms(job));
  }

  private countTerms(job: Job): Map<string, number> {
    const tf = new Map<string, number>();
    for (const w of this.weightedWords(job)) {
      for (const s of new Set(indexKeys(job.language, w).map((k) => stem(job.language, k))))
        tf.set(s, (tf.get(s) ?? 0) + 1);
    }
    return tf;
  }

  /**
   * Per query word for a language: its exact stems (with prefix expansion of the last word), then
   * its typo stems (not exact), each sorted.
   */
  private queryStems(text: string, lang: string, typos = true): { exact: string[]; typo: string[] }[] {
    return this.remember(`q|${typos}|${lang}|${text}`, () => this.stemsOf(text, lang, typos));
  }

  private stemsOf(text: string, lang: string, typos: boolean): { exact: string[]; typo: string[] }[] {
    const ws = words(cleanQueryText(text)).slice(0, 32);
    const vocab = [
      ...new Set(
        this.corpus
          .filter((j) => j.language === lang)
          .flatMap((j) => this.docWords(j).flatMap((w) => indexKeys(j.language, w))),
      ),
    ];
    return ws.map((w, i) => {
      const ks = withEquivalents(queryKeys(w));
      const stems = new Set(ks.map((k) => stem(lang, k)));
      if (i === ws.length - 1) {
        for (const k of ks) {
          if (k.length < 3) continue;
          const expanded = [...new Set(vocab.filter((u) => u.startsWith(k)).map((u) => stem(lang, u)))];
          expanded.sort((a, b) => this.df(lang, b) - this.df(lang, a) || cmp(a, b));
          for (const s of expanded.slice(0, 16)) stems.add(s);
        }
      }
      const typo = new Set<string>();
      for (const k of typos ? ks : []) {
        const b = budget(k.length);
        for (const u of vocab)
          if (b > 0 && u !== k && u[0] === k[0] && osa(k, u) <= b && !stems.has(stem(lang, u))) typo.add(stem(lang, u));
        // A role misspelt: every member of a concept with a member within the budget.
        for (const c of ROLE_CONCEPTS)
          if (c.some((m) => b > 0 && m !== k && m[0] === k[0] && osa(k, m) <= b))
            for (const m of c)
              if (!ks.includes(m) && this.df(lang, stem(lang, m)) > 0 && !stems.has(stem(lang, m)))
                typo.add(stem(lang, m));
      }
      return { exact: [...stems].sort(cmp), typo: [...typo].sort(cmp) };
    });
  }

  /** Documents of the language with the stem. */
  df(lang: string, s: string): number {
    return this.remember(
      `df|${lang}|${s}`,
      () => this.corpus.filter((j) => j.language === lang && this.tf(j).has(s)).length,
    );
  }

  hasKeywords(f: JobFilter): boolean {
    return f.keywords !== undefined && words(cleanQueryText(f.keywords)).length > 0;
  }

  /** Every word matched (with `partial`, at least 75 % of them rounded down, at least one), or the position named. */
  private keywordMatch(job: Job, text: string, typos = true, partial = false): boolean {
    const tf = this.tf(job);
    if (job.position.slug === queryPosition(text)) return true;
    const ws = this.queryStems(text, job.language, typos);
    const matched = ws.filter((w) => [...w.exact, ...w.typo].some((s) => tf.has(s))).length;
    return matched >= (partial ? Math.max(1, Math.floor((ws.length * 3) / 4)) : ws.length);
  }

  /**
   * Per word the best of its stems' BM25 (over the field-weighted counts; a typo stem at half),
   * summed over the words, plus 1e9 per word matched, plus 1e6 per word matched by an exact (not
   * typo) stem (for both, every word for a job of the position the query names), plus 1e4 per word whose
   * stems include one of the title's, plus 1e3 for that position.
   */
  score(job: Job, text: string, typos = true): number {
    const N = this.corpus.length;
    const lens = this.remember('lengths', () => this.corpus.map((j) => this.weightedWords(j).length));
    const total = lens.reduce((a, b) => a + b, 0);
    const avg = N > 0 && total > 0 ? total / N : 1;
    const tf = this.tf(job);
    const len = this.weightedWords(job).length;
    let score = 0;
    let exactWords = 0;
    let matched = 0;
    const ws = this.queryStems(text, job.language, typos);
    // The stems of the title's words (a word in the title: one of its stems among them).
    const titled = new Set(
      words(job.title).flatMap((x) => indexKeys(job.language, x).map((k) => stem(job.language, k))),
    );
    let titleWords = 0;
    for (const w of ws) {
      if (w.exact.some((s) => tf.has(s))) exactWords++;
      if ([...w.exact, ...w.typo].some((s) => titled.has(s))) titleWords++;
      let best = 0;
      for (const [s, weight] of [...w.exact.map((s) => [s, 1] as const), ...w.typo.map((s) => [s, 0.5] as const)]) {
        const t = Math.min(127, tf.get(s) ?? 0);
        if (t === 0) continue;
        const df = this.df(job.language, s);
        const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
        const norm = 1 - 0.75 + (0.75 * len) / avg;
        best = Math.max(best, (weight * idf * (t * (1.2 + 1))) / (t + 1.2 * norm));
      }
      score += best;
      if (best > 0) matched++;
    }
    // A job of the position the query names counts as matching every word, exactly.
    const named = job.position.slug === queryPosition(text);
    score += 1e9 * (named ? ws.length : matched);
    if (named) exactWords = ws.length;
    if (exactWords > 0) score += 1e6 * exactWords;
    if (titleWords > 0) score += 1e4 * titleWords;
    return named ? score + 1e3 : score;
  }

  // ---- filtering ----
  setKeys(f: JobFilter): Key[] {
    return this.remember(f, () => this.keysOf(f));
  }

  private keysOf(f: JobFilter): Key[] {
    const out: Key[] = [];
    const v = (field: MultiField): unknown => fieldValues(f, field) ?? undefined;
    const pairs: [Key, unknown][] = [
      ['salary', v('salaryRange')],
      ['workModel', v('workModel')],
      ['position', v('position')],
      ['seniority', v('seniority')],
      ['employmentType', v('employmentType')],
      ['industry', v('industry')],
      ['companySize', v('companySize')],
      ['company', v('company')],
      ['seo', f.seo],
      ['skill', v('skill')],
      ['location', v('location')],
    ];
    for (const [k, v] of pairs) if (v !== undefined) out.push(k);
    if (f.remotePercentageMin !== undefined && f.remotePercentageMin > 0) out.push('remote');
    if (this.hasKeywords(f)) out.push('keywords');
    if (f.postedSince !== undefined) out.push('posted');
    if (f.salaryMin !== undefined) out.push('salaryMin');
    if (f.language !== undefined) out.push('language');
    return out;
  }

  matches(job: Job, f: JobFilter, without: Key | null = null): boolean {
    const on = (k: Key): boolean => k !== without && this.setKeys(f).includes(k);
    const b = this.bucketOf(job);
    // Several values of a field: any of them (OR); fields: all (AND).
    const any = (key: Key, field: MultiField, test: (value: string) => boolean): boolean =>
      !on(key) || (fieldValues(f, field) ?? []).some(test);
    if (!any('salary', 'salaryRange', (v) => b >= 0 && bucketValue(this.buckets[b]!) === v)) return false;
    if (!any('workModel', 'workModel', (v) => job.workModel === v)) return false;
    if (!any('position', 'position', (v) => job.position.slug === v)) return false;
    if (!any('seniority', 'seniority', (v) => job.seniority === v)) return false;
    if (!any('employmentType', 'employmentType', (v) => job.employmentType === v)) return false;
    if (!any('industry', 'industry', (v) => job.industry === v)) return false;
    if (!any('companySize', 'companySize', (v) => job.company.size === v)) return false;
    if (!any('company', 'company', (v) => companyKey(job.company.name) === companyKey(v))) return false;
    if (on('seo') && job.isSeo !== f.seo) return false;
    if (!any('skill', 'skill', (v) => job.skills.some((s) => s.slug === v))) return false;
    if (!any('location', 'location', (v) => this.locationMatch(job, v, f.radiusKm))) return false;
    if (on('remote') && !(job.remotePercentage !== null && job.remotePercentage >= f.remotePercentageMin!))
      return false;
    if (on('keywords') && !this.keywordMatch(job, f.keywords!, f.typos !== false, f.partialWords === true))
      return false;
    if (on('posted') && !(job.postedAt !== null && job.postedAt >= f.postedSince!)) return false;
    if (on('salaryMin')) {
      const range = job.salary ?? (f.salaryEstimated === true ? (this.est.get(job) ?? null) : null);
      if (range === null || range.max < f.salaryMin!) return false;
    }
    if (on('language') && job.language !== f.language) return false;
    return true;
  }

  private locationMatch(job: Job, value: string, radius: number | undefined): boolean {
    const cands = this.candidates(value);
    if (slugsOf(job).some((s) => cands.includes(s))) return true;
    const canon = this.canonical(value);
    if (canon === null || radius === undefined || !Number.isFinite(radius) || this.kindOf(canon) !== 'city')
      return false;
    const c = this.center(canon);
    if (!c) return false;
    return job.places.some(
      (p) => p.lat !== null && p.lon !== null && haversine(c.lat!, c.lon!, p.lat, p.lon) <= Math.max(0, radius),
    );
  }

  filter(f: JobFilter, without: Key | null = null): Job[] {
    return this.live.filter((j) => this.matches(j, f, without));
  }

  count(f: JobFilter): number {
    return this.filter(f).length;
  }

  list(r: ListRequest): { total: number; jobs: ListedJob[] } {
    const matching = this.filter(r.filter);
    const order = new Map(this.live.map((j, i) => [j, i]));
    const tie = (a: Job, b: Job): number => order.get(a)! - order.get(b)!;
    const nullsLast = (x: number | null, y: number | null, desc: boolean): number => {
      if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
      return desc ? y - x : x - y;
    };
    const desc = r.order === 'desc';
    let sorted: Job[];
    if (r.sort === 'relevance' && this.hasKeywords(r.filter)) {
      // 1e8 per preferred facet value the job has (the relevance order's tier below words matched).
      const preferred = (j: Job): number =>
        (r.filter.prefer ?? []).filter((p) => this.matches(j, { [p.field]: p.value })).length;
      const scores = new Map(
        matching.map((j) => {
          let s = this.score(j, r.filter.keywords!, r.filter.typos !== false);
          for (let i = preferred(j); i > 0; i--) s += 1e8;
          return [j, s];
        }),
      );
      sorted = [...matching].sort(
        (a, b) => (desc ? scores.get(b)! - scores.get(a)! : scores.get(a)! - scores.get(b)!) || tie(a, b),
      );
    } else if (r.sort === 'salary') {
      const mid = (j: Job): number | null => {
        const s = this.salaryOf(j);
        return s ? (s.min + s.max) / 2 : null;
      };
      sorted = [...matching].sort((a, b) => nullsLast(mid(a), mid(b), desc) || tie(a, b));
    } else {
      const d = r.sort === 'relevance' ? true : desc;
      sorted = [...matching].sort((a, b) => nullsLast(a.postedAt, b.postedAt, d) || tie(a, b));
    }
    const start = (r.page - 1) * r.perPage;
    const page = sorted.slice(start, start + r.perPage).map((job) => {
      // A listed job carries everything but the indexed text.
      const { searchText: _indexedOnly, url: _notListed, ...listed } = job;
      return { ...listed, estimatedSalary: job.salary ? null : (this.est.get(job) ?? null) };
    });
    return { total: matching.length, jobs: page };
  }
}
