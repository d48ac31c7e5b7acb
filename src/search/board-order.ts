import type { Job } from '../domain/job.js';
import { compareStrings } from './columns.js';

/** Digit strings up to this length are compared as numbers (exact in a double). */
const MAX_NUMERIC_DIGITS = 15;

/**
 * The live jobs (validThrough null or >= now) in board-id order: shorter ids first, then digit by
 * digit, then by key. Numeric keys are precomputed so that a million jobs sort in well under a
 * second (comparing the strings themselves is several times slower).
 * @example liveInBoardOrder([job({ boardId: '10' }), job({ boardId: '9' })], now).map((j) => j.boardId) // ['9', '10']
 */
export function liveInBoardOrder(all: readonly Job[], now: number): Job[] {
  const live = all.filter((j) => j.validThrough === null || j.validThrough >= now);
  const n = live.length;
  const length = new Uint32Array(n);
  const value = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const id = live[i]!.boardId;
    length[i] = id.length;
    value[i] = digitValue(id);
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // Same length: the numeric order equals the string order; NaN falls through to the strings.
  order.sort(
    (a, b) =>
      length[a]! - length[b]! ||
      value[a]! - value[b]! ||
      compareStrings(live[a]!.boardId, live[b]!.boardId) ||
      compareStrings(live[a]!.key, live[b]!.key),
  );
  return Array.from(order, (i) => live[i]!);
}

function digitValue(id: string): number {
  if (id.length > MAX_NUMERIC_DIGITS) return Number.NaN;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 48 || c > 57) return Number.NaN;
  }
  return Number(id);
}
