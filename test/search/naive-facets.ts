import type { FacetCounts, FacetOption, FacetRequest } from '../../src/domain/query.js';
import { bucketLabel, bucketValue } from './naive-text.js';
import { COMPANY_SIZES, EMPLOYMENT_TYPES, REMOTE_PERCENTAGE_STEPS, SENIORITY_LEVELS, WORK_MODELS } from '../../src/domain/vocab.js';
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
  const byCount = (k: Key, jobs: Job[], valuesOf: (j: Job) => string[], labelOf: (v: string) => string, selected: string | null, max: number): FacetOption[] => {
    if (!dis && selected !== null && (k === 'skill' || k === 'location')) {
      return all.length > 0 ? [{ value: selected, label: labelOf(selected), count: all.length }] : [];
    }
    const counts = new Map<string, number>();
    for (const j of jobs) for (const v of new Set(valuesOf(j))) counts.set(v, (counts.get(v) ?? 0) + 1);
    const order = (a: FacetOption, b: FacetOption): number => b.count - a.count || collator.compare(a.label, b.label) || cmp(a.value, b.value);
    const opts = [...counts].map(([value, count]) => ({ value, label: labelOf(value), count })).sort(order);
    const kept = opts.slice(0, max);
    const sel = dis ? selected : null;
    if (sel !== null && !kept.some((o) => o.value === sel)) {
      if (kept.length >= max) kept.pop();
      kept.push({ value: sel, label: labelOf(sel), count: counts.get(sel) ?? 0 });
      kept.sort(order);
    }
    return kept;
  };
  const byVocab = (k: Key, vocab: readonly string[], valueOf: (j: Job) => string | null, selected: string | undefined): FacetOption[] => {
    const jobs = over(k);
    return vocab
      .map((value) => ({ value, label: value, count: jobs.filter((j) => valueOf(j) === value).length }))
      .filter((o) => o.count > 0 || (dis && o.value === selected && s.live.some((j) => valueOf(j) === selected)));
  };
  const known = (values: string[], v: string | undefined): string | null => (v !== undefined && values.includes(v) ? v : null);
  const skillName = (slug: string): string => s.live.flatMap((j) => j.skills).find((s) => s.slug === slug)!.name;
  const lower = f.company?.toLowerCase();
  const seoJobs = over('seo');
  return {
    salaryRanges: s.buckets.map((b, i) => ({ value: bucketValue(b), label: bucketLabel(b), count: over('salary').filter((j) => s.bucketOf(j) === i).length })),
    workModels: byVocab('workModel', WORK_MODELS, (j) => j.workModel, f.workModel),
    positions: byCount('position', over('position'), (j) => [j.position.slug], (v) => v.replace(/-/g, ' '),
      known(s.live.map((j) => j.position.slug), f.position), Infinity),
    seniorityLevels: byVocab('seniority', SENIORITY_LEVELS, (j) => j.seniority, f.seniority),
    employmentTypes: byVocab('employmentType', EMPLOYMENT_TYPES, (j) => j.employmentType, f.employmentType),
    remotePercentages: REMOTE_PERCENTAGE_STEPS.map((s) => ({ value: String(s), label: String(s), count: over('remote').filter((j) => j.remotePercentage !== null && j.remotePercentage >= s).length })).filter((o) => o.count > 0),
    skillTags: byCount('skill', over('skill'), (j) => j.skills.map((s) => s.slug), skillName,
      known(s.live.flatMap((j) => j.skills.map((s) => s.slug)), f.skill), Infinity),
    industries: byCount('industry', over('industry'), (j) => (j.industry === null ? [] : [j.industry]), (v) => v,
      known(s.live.flatMap((j) => (j.industry === null ? [] : [j.industry])), f.industry), Infinity),
    companySizes: byVocab('companySize', COMPANY_SIZES, (j) => j.company.size, f.companySize),
    companies: byCount('company', over('company'), (j) => [j.company.name.toLowerCase()], (v) => s.companyLabel(v),
      known(s.live.map((j) => j.company.name.toLowerCase()), lower), limit),
    locations: byCount('location', over('location'), slugsOf, (slug) => s.placeName(slug),
      f.location === undefined ? null : s.canonical(f.location), limit),
    seo: { all: seoJobs.length, yes: seoJobs.filter((j) => j.isSeo).length, no: seoJobs.filter((j) => !j.isSeo).length },
  };
}
