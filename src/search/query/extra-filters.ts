import type { IndexedJob, SalaryRange } from '../../domain/job.js';
import type { Language } from '../../domain/vocab.js';
import { hasBit, newBitset, setBits } from '../postings/bitset.js';
import { bitsSet, type DocSet } from '../postings/doc-set.js';
import type { SortOrder } from '../columns/sort.js';
import { LANGUAGE_LIST } from '../text/tokenize.js';

/**
 * The filters added beyond the contract: posted since, minimum annual salary and the
 * posting's language. Each is a property of one document, so answers merge across indexes.
 */
export interface ExtraColumns {
  /** postedAt per document (NaN: none). */
  readonly posted: Float64Array;
  /** Upper end of the stated annual salary (NaN: none). */
  readonly statedMax: Float64Array;
  /** Upper end of the estimated annual salary where none is stated (NaN: none). */
  readonly estimatedMax: Float64Array;
  /** Index in LANGUAGE_LIST of each document's language (255: other). */
  readonly language: Uint8Array;
}

/** `posted`: postedAt per document (NaN: none), as the card store keeps it. */
export function buildExtraColumns(
  jobs: readonly IndexedJob[],
  estimates: readonly (SalaryRange | null)[],
  posted: Float64Array,
): ExtraColumns {
  const n = jobs.length;
  const statedMax = new Float64Array(n);
  const estimatedMax = new Float64Array(n);
  const language = new Uint8Array(n);
  for (let d = 0; d < n; d++) {
    const job = jobs[d]!;
    statedMax[d] = job.salary?.max ?? Number.NaN;
    estimatedMax[d] = job.salary === null ? (estimates[d]?.max ?? Number.NaN) : Number.NaN;
    language[d] = languageCode(job.language);
  }
  return { posted, statedMax, estimatedMax, language };
}

/** A language's index in LANGUAGE_LIST, 255 for any other (ExtraColumns.language). */
export function languageCode(language: Language): number {
  const l = LANGUAGE_LIST.indexOf(language);
  return l < 0 ? 255 : l;
}

export interface ExtraClause {
  readonly size: number;
  readonly docs: () => DocSet;
  readonly has: (d: number) => boolean;
}

/**
 * Jobs posted at or after `since` (epoch ms); jobs without a date never match. A prefix of the
 * date-descending order: a binary search finds its length.
 */
export function postedSinceClause(x: ExtraColumns, dateDesc: SortOrder, since: number): ExtraClause {
  const { perm } = dateDesc;
  const posted = x.posted;
  let lo = 0;
  let hi = perm.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (posted[perm[mid]!]! >= since) lo = mid + 1;
    else hi = mid;
  }
  const size = lo;
  let set: DocSet | null = null;
  const docs = (): DocSet => {
    if (set === null) {
      const words = newBitset(perm.length);
      setBits(words, perm.subarray(0, size));
      set = bitsSet(words, size);
    }
    return set;
  };
  return { size, docs, has: (d) => posted[d]! >= since };
}

/**
 * Jobs whose annual salary reaches `min` (the upper end of the range is at least `min`): the
 * stated salary, and with `estimated` also the estimate of jobs that state none.
 */
export function salaryMinClause(x: ExtraColumns, min: number, estimated: boolean): ExtraClause {
  const n = x.statedMax.length;
  const words = newBitset(n);
  let size = 0;
  const { statedMax, estimatedMax } = x;
  for (let d = 0; d < n; d++) {
    if (statedMax[d]! >= min || (estimated && estimatedMax[d]! >= min)) {
      words[d >>> 5]! |= 1 << (d & 31);
      size++;
    }
  }
  const set = bitsSet(words, size);
  return { size, docs: () => set, has: (d) => hasBit(words, d) };
}

/** Jobs in the language (`de`, `es` or `en`); any other value matches nothing. */
export function languageClause(x: ExtraColumns, value: string): ExtraClause {
  const code = LANGUAGE_LIST.indexOf(value as (typeof LANGUAGE_LIST)[number]);
  const n = x.language.length;
  const words = newBitset(n);
  let size = 0;
  if (code >= 0) {
    for (let d = 0; d < n; d++) {
      if (x.language[d] === code) {
        words[d >>> 5]! |= 1 << (d & 31);
        size++;
      }
    }
  }
  const set = bitsSet(words, size);
  return { size, docs: () => set, has: (d) => hasBit(words, d) };
}
