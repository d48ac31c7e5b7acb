/**
 * Board ids: the digits-only id the contract's cards carry (`board_id`). Shared by ingest (which
 * proposes one per posting) and the stores (which keep the registry of who holds which id).
 */
import { sha1 } from '../lib/sha1.js';

/** A kept numeric identifier has at most this many digits; derived ids have 17, so they never meet. */
export const MAX_KEPT_DIGITS = 15;
const DERIVED_PREFIX = '9';

/** True when `value` may be kept as a board id as written (all digits, 1..15 of them). */
export function isKeptBoardId(value: string): boolean {
  return value.length >= 1 && value.length <= MAX_KEPT_DIGITS && /^\d+$/.test(value);
}

/**
 * The stable 17-digit board id derived from a posting's key: `9` + the first 13 hex digits of
 * sha1(key) as a 16-digit decimal. `attempt` > 0 derives the next candidate when an earlier one is
 * already held by another posting (a sha1 prefix collision: about one in 2^52 per pair).
 */
export function derivedBoardId(key: string, attempt = 0): string {
  const basis = attempt === 0 ? key : `${key}#${attempt}`;
  const hex = sha1(basis, 'hex').slice(0, 13);
  return DERIVED_PREFIX + parseInt(hex, 16).toString().padStart(16, '0');
}

/** The ids a key may get, in order of preference: the proposal, then ids derived from the key. */
export function* boardIdCandidates(key: string, proposal: string): Generator<string> {
  if (/^\d+$/.test(proposal)) yield proposal;
  for (let attempt = 0; ; attempt++) yield derivedBoardId(key, attempt);
}
