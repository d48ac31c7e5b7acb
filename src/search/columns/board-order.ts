import type { Job } from '../../domain/job.js';
import { compareStrings } from './columns.js';
import { STEP_ITEMS, runSteps, type Steps } from '../../lib/steps.js';

/** Digit strings up to this length are compared as numbers (exact in a double). */
const MAX_NUMERIC_DIGITS = 15;

/**
 * Board-id order of the jobs, as indexes into `jobs`: shorter ids first, then digit by digit,
 * then by key. Numeric keys are precomputed so that a million jobs sort in well under a second
 * (comparing the strings themselves is several times slower).
 * @example boardOrder([job({ boardId: '10' }), job({ boardId: '9' })]) // Uint32Array [1, 0]
 */
export function boardOrder(jobs: readonly Pick<Job, 'boardId' | 'key'>[]): Uint32Array {
  return runSteps(boardOrderSteps(jobs));
}

/**
 * `boardOrder` in steps (steps.ts): runs of SORT_RUN jobs sorted one per step, then merged pass by
 * pass, STEP_ITEMS merged per step. A catch-up's delta of 10,000 postings sorted in one piece held
 * the index worker for 3-7 ms, beyond its pause budget.
 */
export function* boardOrderSteps(jobs: readonly Pick<Job, 'boardId' | 'key'>[]): Steps<Uint32Array> {
  const n = jobs.length;
  const length = new Uint32Array(n);
  const value = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const id = jobs[i]!.boardId;
    length[i] = id.length;
    value[i] = digitValue(id);
  }
  // Same length: the numeric order equals the string order; NaN falls through to the strings.
  const compare = (a: number, b: number): number =>
    length[a]! - length[b]! ||
    value[a]! - value[b]! ||
    compareStrings(jobs[a]!.boardId, jobs[b]!.boardId) ||
    compareStrings(jobs[a]!.key, jobs[b]!.key);
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let from = 0; from < n; from += SORT_RUN) {
    order.subarray(from, Math.min(n, from + SORT_RUN)).sort(compare);
    if (from + SORT_RUN < n) yield;
  }
  // Bottom-up merges of neighbouring runs into the other buffer, stable (ties keep the left run first).
  let other = new Uint32Array(n);
  let steps = 0;
  for (let width = SORT_RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        other[k] = j >= hi || (i < mid && compare(order[i]!, order[j]!) <= 0) ? order[i++]! : order[j++]!;
        if (++steps % STEP_ITEMS === 0) yield;
      }
    }
    [order, other] = [other, order];
  }
  return order;
}

/** Jobs sorted in one piece (by the engine's own sort) before the runs are merged in steps. */
const SORT_RUN = 1_024;

/**
 * The board-id order of two jobs (as boardOrder sorts them): shorter ids first, then digit by
 * digit, then by key. For merging the pages of several indexes.
 * @example compareBoardIds({ boardId: '9', key: 'a' }, { boardId: '10', key: 'b' }) // < 0
 */
export function compareBoardIds(a: Pick<Job, 'boardId' | 'key'>, b: Pick<Job, 'boardId' | 'key'>): number {
  return (
    a.boardId.length - b.boardId.length ||
    digitValue(a.boardId) - digitValue(b.boardId) ||
    compareStrings(a.boardId, b.boardId) ||
    compareStrings(a.key, b.key)
  );
}

// The numeric value is a speed-up only: within one length, digit strings compare as numbers exactly as
// they do character by character, and NaN falls through to the strings. So treating an id as
// "not a number" is always equivalent; only reading a non-digit id as a number (Number('1e2')) is
// a fault, and the tests pin that.
// Stryker disable next-line BlockStatement: equivalent, no numeric value at all is the string order
function digitValue(id: string): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a rounded double keeps the order of equal-length digit ids (or ties them, leaving it to the strings)
  if (id.length > MAX_NUMERIC_DIGITS) return Number.NaN;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    // Stryker disable next-line EqualityOperator: equivalent, moving a bound only calls a digit (or all digits) "not a number"
    if (c < 48 || c > 57) return Number.NaN;
  }
  return Number(id);
}
