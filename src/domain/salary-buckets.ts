import type { SalaryRange } from './job.js';
import { formatNumber } from './format-number.js';

/** A salary bucket in EUR per year: [min, max), `max` null for the open top bucket. */
export interface SalaryBucket {
  min: number;
  max: number | null;
}

export const DEFAULT_SALARY_BUCKETS: readonly SalaryBucket[] = [
  { min: 0, max: 40_000 },
  { min: 40_000, max: 60_000 },
  { min: 60_000, max: 80_000 },
  { min: 80_000, max: null },
];

export function bucketValue(b: SalaryBucket): string {
  return b.max === null ? `${b.min}+` : `${b.min}-${b.max}`;
}

export function bucketLabel(b: SalaryBucket): string {
  return b.max === null ? `ab ${formatNumber(b.min)} EUR` : `${formatNumber(b.min)} - ${formatNumber(b.max)} EUR`;
}

/** Index of the bucket holding the middle of the range; -1 when none does. */
export function bucketOf(buckets: readonly SalaryBucket[], range: SalaryRange): number {
  return bucketOfMid(buckets, (range.min + range.max) / 2);
}

/** Index of the bucket holding a range's middle `mid`; -1 when none does (NaN: none). */
export function bucketOfMid(buckets: readonly SalaryBucket[], mid: number): number {
  return buckets.findIndex((b) => mid >= b.min && (b.max === null || mid < b.max));
}
