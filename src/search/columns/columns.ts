import { newBitset } from '../postings/bitset.js';
import { bitsSet, DENSE_RATIO, EMPTY_SET, isDense, type DocSet } from '../postings/doc-set.js';
import { runSteps, STEP_ITEMS, type Steps } from '../../lib/steps.js';

/**
 * Dictionary-encoded facet columns. Values get codes 1..k in order of first appearance
 * (code 0 = no value); each code has its posting list (a DocSet).
 */
export interface Dictionary {
  /** `values[code]`; index 0 is ''. */
  readonly values: readonly string[];
  readonly labels: readonly string[];
  readonly codes: ReadonlyMap<string, number>;
  readonly postings: readonly DocSet[];
  /** Position of each code in label order (German collation, then value); for stable sorts. */
  readonly labelRank: Uint32Array;
}

/** A single-valued facet: one code per document. */
export interface Column extends Dictionary {
  readonly col: Uint32Array;
}

/** A multi-valued facet (skills, places): distinct codes per document in CSR form. */
export interface MultiColumn extends Dictionary {
  /** Codes of document d are `ids[offsets[d]] .. ids[offsets[d + 1] - 1]`. */
  readonly offsets: Uint32Array;
  readonly ids: Uint32Array;
}

export const COLLATOR = new Intl.Collator('de');

/** Builds a single-valued column; `keyOf` returns null for "no value". */
export function buildColumn(
  n: number,
  keyOf: (d: number) => string | null,
  labelOf: (value: string, firstDoc: number) => string,
  ratio = DENSE_RATIO,
): Column {
  return runSteps(buildColumnSteps(n, keyOf, labelOf, ratio));
}

/** `buildColumn` in steps (steps.ts): a yield every STEP_ITEMS documents of each pass. */
export function* buildColumnSteps(
  n: number,
  keyOf: (d: number) => string | null,
  labelOf: (value: string, firstDoc: number) => string,
  ratio = DENSE_RATIO,
): Steps<Column> {
  const dict = new CodeBook();
  const col = new Uint32Array(n);
  for (let d = 0; d < n; d++) {
    const key = keyOf(d);
    if (key !== null) col[d] = dict.codeOf(key, d);
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  const { values, codes } = dict;
  const postings = yield* postingsSteps(n, values.length, ratio, n, (from, to, emit) => {
    for (let d = from; d < to; d++) if (col[d] !== 0) emit(col[d]!, d);
  });
  const labels = dict.labels(labelOf);
  yield;
  return { values, labels, codes, postings, labelRank: rankLabels(values, labels), col };
}

/**
 * Builds a multi-valued column; `keysOf` may repeat a key (kept once per document).
 * Without `labelOf` the labels are the values and no label order is computed.
 */
export function buildMultiColumn(
  n: number,
  keysOf: (d: number, emit: (key: string) => void) => void,
  labelOf: ((value: string, firstDoc: number) => string) | null,
  ratio = DENSE_RATIO,
): MultiColumn {
  return runSteps(buildMultiColumnSteps(n, keysOf, labelOf, ratio));
}

/** `buildMultiColumn` in steps (steps.ts): a yield every STEP_ITEMS documents of each pass. */
export function* buildMultiColumnSteps(
  n: number,
  keysOf: (d: number, emit: (key: string) => void) => void,
  labelOf: ((value: string, firstDoc: number) => string) | null,
  ratio = DENSE_RATIO,
): Steps<MultiColumn> {
  const dict = new CodeBook();
  const offsets = new Uint32Array(n + 1);
  let ids: Uint32Array = new Uint32Array(Math.max(16, n));
  let len = 0;
  const seen: number[] = [];
  let d = 0;
  const emit = (key: string): void => {
    const code = dict.codeOf(key, d);
    if (code > seen.length) seen.push(-1);
    if (seen[code - 1] === d) return;
    seen[code - 1] = d;
    if (len === ids.length) ids = grow(ids);
    ids[len++] = code;
  };
  for (; d < n; d++) {
    keysOf(d, emit);
    offsets[d + 1] = len;
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  const { values, codes } = dict;
  const packed = ids.slice(0, len);
  const postings = yield* postingsSteps(n, values.length, ratio, n, (from, to, emit) => {
    for (let d = from; d < to; d++) {
      for (let j = offsets[d]!; j < offsets[d + 1]!; j++) emit(packed[j]!, d);
    }
  });
  if (labelOf === null)
    return { values, labels: values, codes, postings, labelRank: new Uint32Array(0), offsets, ids: packed };
  const labels = dict.labels(labelOf);
  yield;
  return { values, labels, codes, postings, labelRank: rankLabels(values, labels), offsets, ids: packed };
}

/** A segment's column to merge: its codes' values and each of its documents' code. */
export interface ColumnPart {
  readonly values: readonly string[];
  readonly col: Uint32Array;
}

/** A segment's multi-valued column to merge: its codes' values and its documents' lists. */
export interface ListPart {
  readonly values: readonly string[];
  readonly offsets: Uint32Array;
  readonly ids: Uint32Array;
}

/**
 * Documents merged from several segments (segments/merge.ts): document d is document `doc[d]` of
 * segment `leaf[d]`.
 */
export interface MergedDocs {
  readonly leaf: Uint8Array;
  readonly doc: Uint32Array;
}

/**
 * The column buildColumnSteps makes over merged documents, from the segments' columns: each
 * segment's codes are mapped to merged codes as the merged documents first show them, so codes,
 * postings and labels are the build's, and no document's value is derived again.
 */
export function* mergeColumnSteps(
  parts: readonly ColumnPart[],
  merged: MergedDocs,
  labelOf: (value: string, firstDoc: number) => string,
  ratio = DENSE_RATIO,
): Steps<Column> {
  const { leaf, doc } = merged;
  const n = leaf.length;
  const dict = new CodeBook();
  const codeOf = segmentCodes(parts, dict);
  const col = new Uint32Array(n);
  for (let d = 0; d < n; d++) {
    const p = leaf[d]!;
    const old = parts[p]!.col[doc[d]!]!;
    if (old !== 0) col[d] = codeOf(p, old, d);
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  const { values, codes } = dict;
  const postings = yield* postingsSteps(n, values.length, ratio, n, (from, to, emit) => {
    for (let d = from; d < to; d++) if (col[d] !== 0) emit(col[d]!, d);
  });
  const labels = dict.labels(labelOf);
  yield;
  return { values, labels, codes, postings, labelRank: rankLabels(values, labels), col };
}

/**
 * The multi-valued column buildMultiColumnSteps makes over merged documents, from the segments'
 * lists: each document's list is its segment's, in its order, under the merged codes (mapped as
 * in mergeColumnSteps).
 */
export function* mergeMultiColumnSteps(
  parts: readonly ListPart[],
  merged: MergedDocs,
  labelOf: (value: string, firstDoc: number) => string,
  ratio = DENSE_RATIO,
): Steps<MultiColumn> {
  const { leaf, doc } = merged;
  const n = leaf.length;
  const dict = new CodeBook();
  const codeOf = segmentCodes(parts, dict);
  const offsets = new Uint32Array(n + 1);
  let total = 0;
  for (let d = 0; d < n; d++) {
    const p = parts[leaf[d]!]!;
    total += p.offsets[doc[d]! + 1]! - p.offsets[doc[d]!]!;
    offsets[d + 1] = total;
  }
  const ids = new Uint32Array(total);
  for (let d = 0; d < n; d++) {
    const p = parts[leaf[d]!]!;
    let at = offsets[d]!;
    for (let j = p.offsets[doc[d]!]!; j < p.offsets[doc[d]! + 1]!; j++) ids[at++] = codeOf(leaf[d]!, p.ids[j]!, d);
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  const { values, codes } = dict;
  const postings = yield* postingsSteps(n, values.length, ratio, n, (from, to, emit) => {
    for (let d = from; d < to; d++) {
      for (let j = offsets[d]!; j < offsets[d + 1]!; j++) emit(ids[j]!, d);
    }
  });
  const labels = dict.labels(labelOf);
  yield;
  return { values, labels, codes, postings, labelRank: rankLabels(values, labels), offsets, ids };
}

/** Per segment, its codes' merged codes, given out by `dict` at the first document (d) with each. */
function segmentCodes(
  parts: readonly { values: readonly string[] }[],
  dict: CodeBook,
): (part: number, old: number, d: number) => number {
  const maps = parts.map((p) => new Uint32Array(p.values.length));
  return (part, old, d) => {
    const map = maps[part]!;
    let code = map[old]!;
    if (code === 0) code = map[old] = dict.codeOf(parts[part]!.values[old]!, d);
    return code;
  };
}

/** Codes 1.. for keys in order of first sight (0 is "no value"), with the document each was first seen in. */
class CodeBook {
  readonly codes = new Map<string, number>();
  readonly values = [''];
  private readonly firstDocs = [0];

  codeOf(key: string, d: number): number {
    let code = this.codes.get(key);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(key, code);
      this.values.push(key);
      this.firstDocs.push(d);
    }
    return code;
  }

  labels(labelOf: (value: string, firstDoc: number) => string): string[] {
    return this.values.map((v, code) => (code === 0 ? '' : labelOf(v, this.firstDocs[code]!)));
  }
}

/**
 * Posting lists by code from a stream of (code, doc) in ascending doc order: counted first,
 * then filled, so each list comes out sorted without a sort. The stream is `items` items long
 * (documents, or pairs), read a range at a time by `forRange` (items [from, to)), with a yield
 * between ranges (steps.ts).
 */
export function* postingsSteps(
  n: number,
  codeCount: number,
  ratio: number,
  items: number,
  forRange: (from: number, to: number, emit: (code: number, d: number) => void) => void,
): Steps<DocSet[]> {
  const df = new Uint32Array(codeCount);
  for (let from = 0; from < items; from += STEP_ITEMS) {
    forRange(from, Math.min(items, from + STEP_ITEMS), (code) => df[code]!++);
    yield;
  }
  // Sparse lists share one exactly sized buffer; dense values get a bitset each.
  const start = new Uint32Array(codeCount + 1);
  const bits: (Uint32Array | null)[] = [];
  for (let c = 0; c < codeCount; c++) {
    const dense = c > 0 && isDense(df[c]!, n, ratio);
    bits.push(dense ? newBitset(n) : null);
    start[c + 1] = start[c]! + (dense ? 0 : df[c]!);
  }
  const all = new Uint32Array(start[codeCount]!);
  const fill = start.slice(0, codeCount);
  const place = (code: number, d: number): void => {
    const b = bits[code];
    if (b) b[d >>> 5]! |= 1 << (d & 31);
    else all[fill[code]!++] = d;
  };
  for (let from = 0; from < items; from += STEP_ITEMS) {
    forRange(from, Math.min(items, from + STEP_ITEMS), place);
    yield;
  }
  const postings: DocSet[] = [EMPTY_SET];
  for (let c = 1; c < codeCount; c++) {
    const b = bits[c];
    postings.push(b ? bitsSet(b, df[c]) : { kind: 'list', ids: all.subarray(start[c], start[c + 1]), size: df[c]! });
  }
  return postings;
}

/** `rank[code]` = position in label order (German collation, ties by value). */
export function rankLabels(values: readonly string[], labels: readonly string[]): Uint32Array {
  const order = values.map((_, code) => code).slice(1);
  order.sort((a, b) => COLLATOR.compare(labels[a]!, labels[b]!) || compareStrings(values[a]!, values[b]!));
  const rank = new Uint32Array(values.length);
  order.forEach((code, i) => (rank[code] = i));
  return rank;
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function grow(ids: Uint32Array): Uint32Array {
  const bigger = new Uint32Array(ids.length * 2);
  bigger.set(ids);
  return bigger;
}
