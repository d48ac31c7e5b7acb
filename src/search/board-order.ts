import type { Job } from '../domain/job.js';
import { compareStrings } from './columns.js';

/** Digit strings up to this length are compared as numbers (exact in a double). */
const MAX_NUMERIC_DIGITS = 15;

/**
 * Board-id order of the jobs, as indexes into `jobs`: shorter ids first, then digit by digit,
 * then by key. Numeric keys are precomputed so that a million jobs sort in well under a second
 * (comparing the strings themselves is several times slower).
 * @example boardOrder([job({ boardId: '10' }), job({ boardId: '9' })]) // Uint32Array [1, 0]
 */
export function boardOrder(jobs: readonly Pick<Job, 'boardId' | 'key'>[]): Uint32Array {
  const n = jobs.length;
  const length = new Uint32Array(n);
  const value = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const id = jobs[i]!.boardId;
    length[i] = id.length;
    value[i] = digitValue(id);
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // Same length: the numeric order equals the string order; NaN falls through to the strings.
  return order.sort(
    (a, b) =>
      length[a]! - length[b]! ||
      value[a]! - value[b]! ||
      compareStrings(jobs[a]!.boardId, jobs[b]!.boardId) ||
      compareStrings(jobs[a]!.key, jobs[b]!.key),
  );
}

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
