import { companyKey } from '../../src/domain/company-key.js';
import {
  fieldValues,
  type FacetCounts,
  type FacetOption,
  type FacetRequest,
  type MultiField,
} from '../../src/domain/query.js';
import { bucketLabel, bucketValue } from './naive-text.js';
import {
  COMPANY_SIZES,
  EMPLOYMENT_TYPES,
  REMOTE_PERCENTAGE_STEPS,
  SENIORITY_LEVELS,
  WORK_MODELS,
} from '../../src/domain/vocab.js';
import type { Job } from '../../src/domain/job.js';
import { cmp, collator, slugsOf, type Key, type NaiveSearch } from './naive-search.js';

/** Facet counts by the rules, with Maps over the filtered jobs. */
export function naiveFacets(s: NaiveSearch, r: FacetRequest): FacetCounts {
  const f = r.filter;
  const dis = r.mode === 'disjunctive';
  const set = s.setKeys(f);
  const all = s.filter(f);
  const over = (k: Key): Job[] => (dis && set.includes(k) ? s.filter(f, k) : all);
  const limit = Math.max(1, Math.floor(r.facetLimit) || 1);
  const requested = (field: MultiField): readonly string[] => fieldValues(f, field) ?? [];
  const byCount = (
    k: Key,
    jobs: Job[],
    valuesOf: (j: Job) => string[],
    labelOf: (v: string) => string,
    selected: string[],
    max: number,
    field: MultiField,
  ): FacetOption[] => {
    const counts = new Map<string, number>();
    for (const j of jobs) for (const v of new Set(valuesOf(j))) counts.set(v, (counts.get(v) ?? 0) + 1);
    const order = (a: FacetOption, b: FacetOption): number =>
      b.count - a.count || collator.compare(a.label, b.label) || cmp(a.value, b.value);
    if (!dis && (k === 'skill' || k === 'location') && requested(field).length === 1) {
      return all.length > 0 && selected.length > 0
        ? [{ value: selected[0]!, label: labelOf(selected[0]!), count: all.length }]
        : [];
    }
    if (!dis && (k === 'skill' || k === 'location') && requested(field).length > 1) {
      // several selected: only those, counted over the matches
      return selected
        .filter((v) => counts.has(v))
        .map((value) => ({ value, label: labelOf(value), count: counts.get(value)! }))
        .sort(order);
    }
    const opts = [...counts].map(([value, count]) => ({ value, label: labelOf(value), count })).sort(order);
    const kept = opts.slice(0, max);
    for (const sel of dis ? selected : []) {
      if (kept.some((o) => o.value === sel)) continue;
      if (kept.length >= max) {
        const last = kept.map((o) => selected.includes(o.value)).lastIndexOf(false);
        if (last >= 0) kept.splice(last, 1);
      }
      kept.push({ value: sel, label: labelOf(sel), count: counts.get(sel) ?? 0 });
      kept.sort(order);
    }
    return kept;
  };
  const byVocab = (
    k: Key,
    vocab: readonly string[],
    valueOf: (j: Job) => string | null,
    field: MultiField,
  ): FacetOption[] => {
    const jobs = over(k);
    const selected = requested(field);
    return vocab
      .map((value) => ({ value, label: value, count: jobs.filter((j) => valueOf(j) === value).length }))
      .filter(
        (o) => o.count > 0 || (dis && selected.includes(o.value) && s.corpus.some((j) => valueOf(j) === o.value)),
      );
  };
  /** The selected values the index knows, in request order, distinct. */
  const known = (values: string[], field: MultiField, canon: (v: string) => string | null = (v) => v): string[] => [
    ...new Set(
      requested(field)
        .map(canon)
        .filter((v): v is string => v !== null && values.includes(v)),
    ),
  ];
  const skillName = (slug: string): string =>
    s
      .firstSegment((j) => j.skills.some((k) => k.slug === slug))
      .flatMap((j) => j.skills)
      .find((k) => k.slug === slug)!.name;
  const seoJobs = over('seo');
  return {
    salaryRanges: s.buckets.map((b, i) => ({
      value: bucketValue(b),
      label: bucketLabel(b),
      count: over('salary').filter((j) => s.bucketOf(j) === i).length,
    })),
    workModels: byVocab('workModel', WORK_MODELS, (j) => j.workModel, 'workModel'),
    positions: byCount(
      'position',
      over('position'),
      (j) => [j.position.slug],
      (v) => v.replace(/-/g, ' '),
      known(
        s.corpus.map((j) => j.position.slug),
        'position',
      ),
      Infinity,
      'position',
    ),
    seniorityLevels: byVocab('seniority', SENIORITY_LEVELS, (j) => j.seniority, 'seniority'),
    employmentTypes: byVocab('employmentType', EMPLOYMENT_TYPES, (j) => j.employmentType, 'employmentType'),
    remotePercentages: REMOTE_PERCENTAGE_STEPS.map((s) => ({
      value: String(s),
      label: String(s),
      count: over('remote').filter((j) => j.remotePercentage !== null && j.remotePercentage >= s).length,
    })).filter((o) => o.count > 0),
    skillTags: byCount(
      'skill',
      over('skill'),
      (j) => j.skills.map((s) => s.slug),
      skillName,
      known(
        s.corpus.flatMap((j) => j.skills.map((s) => s.slug)),
        'skill',
      ),
      Infinity,
      'skill',
    ),
    industries: byCount(
      'industry',
      over('industry'),
      (j) => (j.industry === null ? [] : [j.industry]),
      (v) => v,
      known(
        s.corpus.flatMap((j) => (j.industry === null ? [] : [j.industry])),
        'industry',
      ),
      Infinity,
      'industry',
    ),
    companySizes: byVocab('companySize', COMPANY_SIZES, (j) => j.company.size, 'companySize'),
    companies: byCount(
      'company',
      over('company'),
      (j) => [companyKey(j.company.name)],
      (v) => s.companyLabel(v),
      known(
        s.corpus.map((j) => companyKey(j.company.name)),
        'company',
        (v) => companyKey(v),
      ),
      limit,
      'company',
    ),
    locations: byCount(
      'location',
      over('location'),
      slugsOf,
      (slug) => s.placeName(slug),
      known(s.corpus.flatMap(slugsOf), 'location', (v) => s.canonical(v)),
      limit,
      'location',
    ),
    seo: {
      all: seoJobs.length,
      yes: seoJobs.filter((j) => j.isSeo).length,
      no: seoJobs.filter((j) => !j.isSeo).length,
    },
  };
}
