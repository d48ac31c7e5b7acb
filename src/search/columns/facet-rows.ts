/**
 * The facet codes of each document side by side in one row of 16-bit fields, so that counting a
 * set of documents reads one narrow row per document instead of one array per facet column and
 * list (a set spread over a million documents costs a cache miss per array it touches).
 *
 * A multi-valued facet (skills, places) is kept one of two ways, chosen per facet when the rows
 * are built:
 * - **combinations** (when documents share lists: at most n / 4 distinct ones): one field holds
 *   the code of the document's whole list; a count adds one per document to its combination, then
 *   each counted combination's count to its values (a set smaller than a quarter of the
 *   combinations adds its documents' combinations' values in its one pass). At a million generated postings a row is 14
 *   bytes where inline lists make it 44: counting a large set is bound by the bytes read (its rows
 *   are spread over the whole array), and a fixed-size row has no per-document loop whose length
 *   the processor must guess — 2–3× faster for sets of 100,000 and more.
 * - **inline** (lists mostly of their own): the list's length and up to INLINE_VALUES codes in the
 *   row; a longer list is read from the CSR arrays. Spreading a million combinations of one
 *   document each would cost more than it saves.
 */
import { runSteps, STEP_ITEMS, type Steps } from '../../lib/steps.js';

export interface FacetRows {
  /** 16-bit fields per document. */
  readonly width: number;
  readonly rows: Uint16Array;
  /** Single-valued codes (and pack combinations) by name. */
  readonly fields: ReadonlyMap<string, RowField>;
  /** Multi-valued facets by name. */
  readonly lists: ReadonlyMap<string, RowListField>;
}

/** A code's first field, and whether a second holds bits 16..31. */
export interface RowField {
  readonly at: number;
  readonly wide: boolean;
}

/**
 * A multi-valued facet. Combinations: field `at` (and `at + 1` when wide) holds the document's
 * combination, whose values are values[offsets[c], offsets[c + 1]). Inline: field `at` holds the
 * list's length (or OVERFLOW) and the next INLINE_VALUES fields its codes; offsets and values are
 * the documents' own lists.
 */
export type RowListField =
  | (RowField & {
      readonly kind: 'combinations';
      readonly offsets: Uint32Array;
      readonly values: Uint32Array;
      readonly trie: CombinationTrie;
    })
  | { readonly kind: 'inline'; readonly at: number; readonly offsets: Uint32Array; readonly values: Uint32Array };

/** Codes of a multi-valued facet kept in the row when it is inline. */
export const INLINE_VALUES = 8;
/** Length field of an inline list whose codes are only in the CSR arrays. */
const OVERFLOW = 0xffff;
/** Combinations are used when there are at most n / COMBINATION_RATIO of them. */
const COMBINATION_RATIO = 4;

export interface RowColumn {
  readonly name: string;
  readonly col: Uint32Array;
  /** Number of codes (decides one or two fields). */
  readonly size: number;
}

/** A multi-valued facet's values per document, as CSR arrays. */
export interface RowList {
  readonly name: string;
  readonly offsets: Uint32Array;
  readonly values: Uint32Array;
  /** Number of codes (above 65536 an inline list keeps no code in the row). */
  readonly size: number;
}

/** @example buildFacetRows(n, [{ name: 'pack0', col, size: 2520 }], [{ name: 'skill', offsets, values, size: 45 }]) */
export function buildFacetRows(n: number, columns: readonly RowColumn[], lists: readonly RowList[]): FacetRows {
  return runSteps(buildFacetRowsSteps(n, columns, lists));
}

/** `buildFacetRows` in steps (steps.ts): a yield every STEP_ITEMS documents of a list's combinations, and per field filled. */
export function* buildFacetRowsSteps(
  n: number,
  columns: readonly RowColumn[],
  lists: readonly RowList[],
): Steps<FacetRows> {
  const fields = new Map<string, RowField>();
  let width = 0;
  const place = (size: number): RowField => {
    const field = { at: width, wide: size > 0x10000 };
    width += field.wide ? 2 : 1;
    return field;
  };
  const filled: { field: RowField; col: Uint32Array }[] = [];
  for (const c of columns) {
    const field = place(c.size);
    fields.set(c.name, field);
    filled.push({ field, col: c.col });
  }
  const listFields = new Map<string, RowListField>();
  const inline: { at: number; list: RowList }[] = [];
  for (const l of lists) {
    const combos = yield* combinations(n, l.offsets, l.values);
    if (combos !== null) {
      const field = place(combos.count);
      const trie = yield* combinationTrie(combos.offsets, combos.values, l.size);
      listFields.set(l.name, { kind: 'combinations', ...field, offsets: combos.offsets, values: combos.values, trie });
      filled.push({ field, col: combos.codes });
    } else {
      listFields.set(l.name, { kind: 'inline', at: width, offsets: l.offsets, values: l.values });
      inline.push({ at: width, list: l });
      width += 1 + INLINE_VALUES;
    }
  }
  const rows = new Uint16Array(n * width);
  for (const { field, col } of filled) {
    fillColumn(rows, width, field, col, n);
    yield;
  }
  for (const { at, list } of inline) {
    fillInline(rows, width, at, list, n);
    yield;
  }
  return { width, rows, fields, lists: listFields };
}

/**
 * Each document's list as a combination code (numbered by first appearance), and the values of
 * every combination; null when there are more than n / COMBINATION_RATIO combinations.
 */
function* combinations(
  n: number,
  offsets: Uint32Array,
  values: Uint32Array,
): Steps<{ codes: Uint32Array; count: number; offsets: Uint32Array; values: Uint32Array } | null> {
  const max = Math.max(1, Math.floor(n / COMBINATION_RATIO));
  const byList = new Map<string, number>();
  const codes = new Uint32Array(n);
  const starts: number[] = [0];
  const members: number[] = [];
  for (let d = 0; d < n; d++) {
    const list = values.subarray(offsets[d], offsets[d + 1]);
    const key = list.join(',');
    let code = byList.get(key);
    if (code === undefined) {
      if (byList.size === max) return null;
      code = byList.size;
      byList.set(key, code);
      for (const v of list) members.push(v);
      starts.push(members.length);
    }
    codes[d] = code;
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  return { codes, count: byList.size, offsets: Uint32Array.from(starts), values: Uint32Array.from(members) };
}

/**
 * The combinations of a list as a trie of their values, each combination's values taken from the
 * most frequent: node t (> 0) stands for its parent's values plus `value[t]`, and combination c for
 * the values of node `end[c]`. Parents are numbered before their children. Combinations share
 * their frequent values (a country, a region; the common skills), so the trie has far fewer nodes
 * than the combinations have values: at a million generated postings 187,000 for 695,000 place
 * codes, 35,000 for 244,000 skill codes. Spreading the counts of combinations over their values
 * then adds each combination's count at its node and each node's count to its value and to its
 * parent, children first (spreadCombinations).
 */
export interface CombinationTrie {
  readonly parent: Uint32Array;
  readonly value: Uint32Array;
  readonly end: Uint32Array;
}

/** `size`: the number of codes of the list's values. A yield every STEP_ITEMS combinations. */
function* combinationTrie(offsets: Uint32Array, values: Uint32Array, size: number): Steps<CombinationTrie> {
  let stride = Math.max(1, size);
  for (let j = 0; j < values.length; j++) stride = Math.max(stride, values[j]! + 1);
  const frequency = new Uint32Array(stride);
  for (let j = 0; j < values.length; j++) frequency[values[j]!]!++;
  const byFrequency = (a: number, b: number): number => frequency[b]! - frequency[a]! || a - b;
  const combos = offsets.length - 1;
  const parent: number[] = [0];
  const value: number[] = [0];
  const end = new Uint32Array(combos);
  const child = new Map<number, number>();
  for (let c = 0; c < combos; c++) {
    const own = Array.from(values.subarray(offsets[c], offsets[c + 1])).sort(byFrequency);
    let node = 0;
    for (const v of own) {
      const key = node * stride + v;
      let next = child.get(key);
      if (next === undefined) {
        next = parent.length;
        child.set(key, next);
        parent.push(node);
        value.push(v);
      }
      node = next;
    }
    end[c] = node;
    if (c % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  return { parent: Uint32Array.from(parent), value: Uint32Array.from(value), end };
}

function fillColumn(rows: Uint16Array, width: number, field: RowField, col: Uint32Array, n: number): void {
  for (let d = 0; d < n; d++) {
    const base = d * width + field.at;
    rows[base] = col[d]! & 0xffff;
    if (field.wide) rows[base + 1] = col[d]! >>> 16;
  }
}

function fillInline(rows: Uint16Array, width: number, at: number, l: RowList, n: number): void {
  const fits = l.size <= OVERFLOW;
  for (let d = 0; d < n; d++) {
    const base = d * width + at;
    const start = l.offsets[d]!;
    const count = l.offsets[d + 1]! - start;
    if (!fits || count > INLINE_VALUES) {
      rows[base] = OVERFLOW;
      continue;
    }
    rows[base] = count;
    for (let j = 0; j < count; j++) rows[base + 1 + j] = l.values[start + j]!;
  }
}

/** What one fused pass counts: a field or list by name, into its counters. */
export interface RowCount {
  readonly name: string;
  readonly counts: Uint32Array;
}

/**
 * Adds the counts of fields and lists over the documents ids[0, length), reading each document's
 * row once, by a counter compiled for this set of fields (`compiledCounter`). A list kept as
 * combinations is counted per combination, then spread over their values (`spreadCombinations`);
 * over a set smaller than a quarter of its combinations, by its combination's values in the same
 * pass (few combinations are counted twice, and a second pass would read the rows again).
 */
export function countRows(r: FacetRows, wanted: readonly RowCount[], ids: Uint32Array, length: number): void {
  const fields = wanted.filter((w) => r.fields.has(w.name) || r.lists.has(w.name));
  const combos = fields.map((w) => {
    const list = r.lists.get(w.name);
    return list?.kind === 'combinations' && length * DIRECT_RATIO >= list.offsets.length - 1
      ? { list, counters: combinationCounters(list) }
      : null;
  });
  counterFor(
    r,
    fields.map((w, k) => ({ name: w.name, spread: combos[k] !== null })),
  )(
    r.rows,
    ids,
    length,
    fields.map((w, k) => combos[k]?.counters ?? w.counts),
  );
  fields.forEach((w, k) => {
    const c = combos[k];
    if (c) spreadCombinations(c.list, c.counters, w.counts, length);
  });
}

/** Below length * DIRECT_RATIO combinations, a list's combinations are counted by their values directly. */
const DIRECT_RATIO = 4;

type CombinationField = Extract<RowListField, { kind: 'combinations' }>;

/** Counters per combination of a list, zero between counts (spreadCombinations zeroes what it reads). */
const comboCounters = new WeakMap<CombinationField, Uint32Array>();

function combinationCounters(list: CombinationField): Uint32Array {
  let counters = comboCounters.get(list);
  if (!counters) comboCounters.set(list, (counters = new Uint32Array(list.offsets.length - 1)));
  return counters;
}

/** Counters per node of a list's trie, zero between counts (the spreads zero what they read). */
const trieCounters = new WeakMap<CombinationTrie, Uint32Array>();

/**
 * Adds each combination's count to its values, and zeroes it (over a set of at least a quarter of
 * the combinations: see countRows): walks them all through the trie (CombinationTrie), each count
 * to its node, then each node's to its value and its parent, children first — skipping the zeros
 * while they are many (spreadThroughTrie), every node alike from half as many documents as
 * combinations on (spreadThroughAll: a walk without a branch to mispredict).
 */
function spreadCombinations(list: CombinationField, combos: Uint32Array, counts: Uint32Array, length: number): void {
  if (length * 2 >= combos.length) spreadThroughAll(list.trie, combos, counts);
  else spreadThroughTrie(list.trie, combos, counts);
}

function nodeCounters(trie: CombinationTrie): Uint32Array {
  let nodes = trieCounters.get(trie);
  if (!nodes) trieCounters.set(trie, (nodes = new Uint32Array(trie.parent.length)));
  return nodes;
}

/** Every counted combination's count to its node, then each counted node's to its value and its parent, children first. */
function spreadThroughTrie(trie: CombinationTrie, combos: Uint32Array, counts: Uint32Array): void {
  const { parent, value, end } = trie;
  const nodes = nodeCounters(trie);
  for (let c = 0; c < combos.length; c++) {
    const k = combos[c]!;
    if (k === 0) continue;
    combos[c] = 0;
    nodes[end[c]!]! += k;
  }
  for (let t = nodes.length - 1; t > 0; t--) {
    const k = nodes[t]!;
    if (k === 0) continue;
    nodes[t] = 0;
    counts[value[t]!]! += k;
    nodes[parent[t]!]! += k;
  }
  nodes[0] = 0;
}

/** spreadThroughTrie adding every combination and node, zeros too. */
function spreadThroughAll(trie: CombinationTrie, combos: Uint32Array, counts: Uint32Array): void {
  const { parent, value, end } = trie;
  const nodes = nodeCounters(trie);
  for (let c = 0; c < combos.length; c++) {
    nodes[end[c]!]! += combos[c]!;
    combos[c] = 0;
  }
  for (let t = nodes.length - 1; t > 0; t--) {
    const k = nodes[t]!;
    nodes[t] = 0;
    counts[value[t]!]! += k;
    nodes[parent[t]!]! += k;
  }
  nodes[0] = 0;
}

/** The code a field holds in the row starting at `base`. */
function codeAt(rows: Uint16Array, base: number, field: RowField): number {
  const at = base + field.at;
  return field.wide ? rows[at]! + rows[at + 1]! * 0x10000 : rows[at]!;
}

type Counter = (rows: Uint16Array, ids: Uint32Array, length: number, counts: readonly Uint32Array[]) => void;

const counters = new WeakMap<FacetRows, Map<string, Counter>>();

/** A field or list the counter counts; `spread`: a list's combinations counted, to be spread afterwards. */
interface CountedField {
  readonly name: string;
  readonly spread: boolean;
}

function counterFor(r: FacetRows, fields: readonly CountedField[]): Counter {
  let byNames = counters.get(r);
  if (!byNames) counters.set(r, (byNames = new Map<string, Counter>()));
  const key = JSON.stringify(fields.map((f) => [f.name, f.spread]));
  let counter = byNames.get(key);
  if (!counter) byNames.set(key, (counter = compiledCounter(r, fields)));
  return counter;
}

/**
 * The counting loop for one set of fields, written out with the fields' row offsets as constants
 * and each counter array in a variable of its own: V8 then compiles a loop without per-field
 * indirections (bench/facet-rows.ts compares it with `countRowsPlainly`). The source holds only
 * numbers the index computed (offsets, the row width), never query text.
 */
function compiledCounter(r: FacetRows, fields: readonly CountedField[]): Counter {
  const setup: string[] = [];
  const lines: string[] = [];
  fields.forEach(({ name, spread }, k) => {
    setup.push(`const c${k} = counts[${k}];`);
    const list = r.lists.get(name);
    if (list?.kind === 'combinations' && !spread) {
      // The combination's values, counted directly.
      setup.push(`const o${k} = lists[${k}].offsets, v${k} = lists[${k}].values;`);
      const code = list.wide
        ? `rows[base + ${list.at}] + rows[base + ${list.at + 1}] * 0x10000`
        : `rows[base + ${list.at}]`;
      lines.push(
        `{ const c = ${code}; const end = o${k}[c + 1]; for (let j = o${k}[c]; j < end; j++) c${k}[v${k}[j]]++; }`,
      );
      return;
    }
    if (list?.kind === 'inline') {
      setup.push(`const o${k} = lists[${k}].offsets, v${k} = lists[${k}].values;`);
      lines.push(
        `{ const n = rows[base + ${list.at}];`,
        `  if (n !== ${OVERFLOW}) { for (let j = 1; j <= n; j++) c${k}[rows[base + ${list.at} + j]]++; }`,
        `  else { const end = o${k}[d + 1]; for (let j = o${k}[d]; j < end; j++) c${k}[v${k}[j]]++; } }`,
      );
      return;
    }
    // A code, or a list's combination (counted per combination, spread afterwards by countRows).
    const field = list ?? r.fields.get(name);
    if (!field) throw new Error(`no facet row field ${name}`);
    if (field.wide) lines.push(`c${k}[rows[base + ${field.at}] + rows[base + ${field.at + 1}] * 0x10000]++;`);
    else lines.push(`c${k}[rows[base + ${field.at}]]++;`);
  });
  const body = [
    ...setup,
    'for (let i = 0; i < length; i++) {',
    `  const d = ids[i]; const base = d * ${r.width};`,
    ...lines.map((l) => `  ${l}`),
    '}',
  ].join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from index offsets only (above)
  const make = new Function('lists', `return (rows, ids, length, counts) => {\n${body}\n};`) as (
    lists: readonly (RowListField | undefined)[],
  ) => Counter;
  return make(fields.map((f) => r.lists.get(f.name)));
}

/**
 * The same count as `countRows`, written plainly: per field, each document's code, or its
 * combination's values, or its inline list (the reference for the compiled counters).
 */
export function countRowsPlainly(r: FacetRows, wanted: readonly RowCount[], ids: Uint32Array, length: number): void {
  const { rows, width } = r;
  for (const w of wanted) {
    const list = r.lists.get(w.name);
    if (list?.kind === 'inline') {
      for (let i = 0; i < length; i++) countInline(rows, ids[i]! * width + list.at, ids[i]!, list, w.counts);
      continue;
    }
    const field = list ?? r.fields.get(w.name);
    if (!field) continue;
    for (let i = 0; i < length; i++) {
      const code = codeAt(rows, ids[i]! * width, field);
      if (!list) w.counts[code]!++;
      else for (let j = list.offsets[code]!; j < list.offsets[code + 1]!; j++) w.counts[list.values[j]!]!++;
    }
  }
}

function countInline(rows: Uint16Array, at: number, d: number, field: RowListField, counts: Uint32Array): void {
  const count = rows[at]!;
  if (count !== OVERFLOW) {
    for (let j = 1; j <= count; j++) counts[rows[at + j]!]!++;
    return;
  }
  for (let j = field.offsets[d]!; j < field.offsets[d + 1]!; j++) counts[field.values[j]!]!++;
}
