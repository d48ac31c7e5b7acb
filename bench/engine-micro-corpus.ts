/** Seeded synthetic builder jobs for the engine micro-benchmark. */
import type { Job, JobPlace, Named } from '../src/domain/job.js';
import { COMPANY_SIZES, EMPLOYMENT_TYPES, SENIORITY_LEVELS, WORK_MODELS } from '../src/domain/vocab.js';
import { job } from '../test/builders.js';

export const NOW = Date.UTC(2026, 10, 15);
let seed = 12345;
export const rnd = (): number => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
export const below = (n: number): number => Math.floor(rnd() * n);
export const pick = <T>(xs: readonly T[]): T => xs[below(xs.length)]!;
const skewed = <T>(xs: readonly T[]): T => xs[Math.floor(xs.length * rnd() * rnd())]!;

const SYLLABLES = [
  'ber',
  'lin',
  'mün',
  'chen',
  'ham',
  'burg',
  'köln',
  'frank',
  'furt',
  'stutt',
  'gart',
  'dres',
  'den',
  'wien',
  'graz',
  'zü',
  'rich',
  'ma',
  'drid',
  'sev',
  'illa',
  'bo',
  'nn',
  'kiel',
  'ul',
  'm',
];
export const word = (parts: number): string => Array.from({ length: parts }, () => pick(SYLLABLES)).join('');
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const named = (name: string): Named => ({ slug: name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-'), name });

export function syntheticJobs(count: number, words: number): Job[] {
  const countries = ['Deutschland', 'Österreich', 'Schweiz', 'España'].map(named);
  const regions = Array.from({ length: 40 }, (_, i) => ({
    region: named(`${cap(word(2))} ${i}`),
    country: countries[i % 4]!,
  }));
  const places: JobPlace[] = Array.from({ length: 3000 }, (_, i) => {
    const r = regions[i % regions.length]!;
    return {
      city: named(`${cap(word(2))} ${i}`),
      region: r.region,
      country: r.country,
      countryCode: null,
      lat: 36 + rnd() * 18,
      lon: -8 + rnd() * 24,
    };
  });
  const companies = Array.from(
    { length: Math.max(100, count / 20) },
    (_, i) => `${cap(word(3))} ${pick(['GmbH', 'AG', 'SL', 'KG'])} ${i}`,
  );
  const positions = Array.from({ length: 60 }, () => named(`${cap(word(2))} Manager`));
  const skills = Array.from({ length: 300 }, (_, i) => named(`${cap(word(2))}${i}`));
  const industries = Array.from({ length: 30 }, () => named(word(2))).map((n) => n.slug);
  const vocab = Array.from({ length: 20000 }, () => word(1 + below(3)));
  const jobs: Job[] = [];
  for (let i = 0; i < count; i++) {
    const position = skewed(positions);
    const text = Array.from({ length: words }, () => skewed(vocab)).join(' ');
    const min = 30_000 + below(60) * 1000;
    jobs.push(
      job({
        key: `s:${i}`,
        boardId: String(100_000 + below(count * 10)),
        title: `${position.name} ${skewed(vocab)}`,
        company: {
          name: skewed(companies),
          domain: null,
          website: null,
          logoUrl: null,
          size: rnd() < 0.2 ? null : pick(COMPANY_SIZES),
        },
        industry: rnd() < 0.1 ? null : skewed(industries),
        position,
        seniority: rnd() < 0.2 ? null : pick(SENIORITY_LEVELS),
        employmentType: pick(EMPLOYMENT_TYPES),
        workModel: rnd() < 0.1 ? null : pick(WORK_MODELS),
        remotePercentage: rnd() < 0.3 ? null : below(11) * 10,
        skills: Array.from(new Set(Array.from({ length: 1 + below(5) }, () => skewed(skills)))),
        isSeo: rnd() < 0.8,
        language: pick(['de', 'de', 'es', 'en'] as const),
        places: Array.from({ length: 1 + (rnd() < 0.2 ? below(3) : 0) }, () => skewed(places)),
        salary: rnd() < 0.4 ? { min, max: min + below(30) * 1000 } : null,
        searchText: text,
        postedAt: rnd() < 0.02 ? null : NOW - below(90 * 24 * 60) * 60_000,
        validThrough: rnd() < 0.05 ? NOW - 1 : null,
      }),
    );
  }
  return jobs;
}
