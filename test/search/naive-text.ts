/**
 * The oracle's own text folding and salary bucketing, written out from the rules in
 * src/search/DESIGN.md and the API description, so that a bug in src/domain/text-fold.ts or
 * src/domain/salary-buckets.ts shows up as a disagreement instead of being wrong on both sides.
 * Nothing here imports from src/ (types excepted).
 */
import type { SalaryRange } from '../../src/domain/job.js';
import type { SalaryBucket } from '../../src/domain/salary-buckets.js';

/** German letters written out: ä -> ae, ö -> oe, ü -> ue, ß -> ss. */
const UMLAUT_SPELLING: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lower case, ß as ss, every accent dropped (é -> e, ü -> u, ñ -> n). */
function withoutAccents(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    if (ch === 'ß') {
      out += 'ss';
      continue;
    }
    // A decomposed letter is its base letter followed by combining marks; keep the base only.
    for (const part of ch.normalize('NFD')) if (!/\p{M}/u.test(part)) out += part;
  }
  return out;
}

/** Lower case with the umlauts spelled out, other accents dropped. */
function withUmlautsSpelled(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += UMLAUT_SPELLING[ch] ?? ch;
  return withoutAccents(out);
}

/** Runs of letters and digits joined by single hyphens: "Frankfurt am  Main!" -> "frankfurt-am-main". */
function hyphenated(text: string): string {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).join('-');
}

/** The answers of a function of one string, kept: the property tests fold the same few texts millions of times. */
function remembered<T>(fold: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    let out = seen.get(text);
    if (out === undefined) {
      if (seen.size >= 100_000) seen.clear();
      out = fold(text);
      seen.set(text, out);
    }
    return out;
  };
}

/** The key a user's input is looked up by: "München" -> "munchen", "Frankfurt am Main" -> "frankfurt-am-main". */
export const foldKey: (text: string) => string = remembered((text) => hyphenated(withoutAccents(text)));

const keysOf = remembered((name): readonly string[] => {
  const plain = hyphenated(withoutAccents(name));
  const spelled = hyphenated(withUmlautsSpelled(name));
  return plain === spelled ? [plain] : [plain, spelled];
});

/** The keys a name is found under: "München" -> ["munchen", "muenchen"]; one key when they agree. */
export function foldKeys(name: string): string[] {
  return [...keysOf(name)];
}

/** German digit grouping: 40000 -> "40.000". */
function grouped(n: number): string {
  const digits = String(n);
  const parts: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) parts.unshift(digits.slice(Math.max(0, end - 3), end));
  return parts.join('.');
}

/** "40000-60000", or "80000+" for the open top bucket. */
export function bucketValue(b: SalaryBucket): string {
  return b.max === null ? `${b.min}+` : `${b.min}-${b.max}`;
}

/** "40.000 - 60.000 EUR", or "ab 80.000 EUR". */
export function bucketLabel(b: SalaryBucket): string {
  return b.max === null ? `ab ${grouped(b.min)} EUR` : `${grouped(b.min)} - ${grouped(b.max)} EUR`;
}

/** The bucket holding the middle of the range (min inclusive, max exclusive), or -1. */
export function bucketOf(buckets: readonly SalaryBucket[], range: SalaryRange): number {
  const middle = (range.min + range.max) / 2;
  for (let i = 0; i < buckets.length; i++) {
    const b = buckets[i]!;
    if (middle < b.min) continue;
    if (b.max !== null && middle >= b.max) continue;
    return i;
  }
  return -1;
}

/** Great-circle distance as the API describes it (haversine, R = 6371 km), written out here. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const s1 = Math.sin(((lat2 - lat1) * rad) / 2);
  const s2 = Math.sin(((lon2 - lon1) * rad) / 2);
  const a = s1 * s1 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * s2 * s2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}
