/**
 * The facet codes of each document side by side in one row of 16-bit fields, so that counting a
 * set of documents reads about one cache line per document instead of one per facet column and
 * list (a sparse set spread over a million documents costs a cache miss per array it touches).
 * Multi-valued facets keep up to INLINE_VALUES codes in the row; longer lists are read from
 * their CSR arrays.
 */
export interface FacetRows {
  /** 16-bit fields per document. */
  readonly width: number;
  readonly rows: Uint16Array;
  /** Single-valued codes (and pack combinations) by name: their first field, and whether a second holds bits 16..31. */
  readonly fields: ReadonlyMap<string, { readonly at: number; readonly wide: boolean }>;
  /** Multi-valued facets by name: field `at` holds the count (or OVERFLOW), the next ones the codes. */
  readonly lists: ReadonlyMap<string, RowListField>;
}

export interface RowListField {
  readonly at: number;
  readonly offsets: Uint32Array;
  readonly values: Uint32Array;
}

/** Codes of a multi-valued facet kept in the row. */
export const INLINE_VALUES = 8;
/** Count field value of a document whose codes are only in the CSR arrays. */
const OVERFLOW = 0xffff;

export interface RowColumn {
  readonly name: string;
  readonly col: Uint32Array;
  /** Number of codes (decides one or two fields). */
  readonly size: number;
}

export interface RowList {
  readonly name: string;
  readonly offsets: Uint32Array;
  readonly values: Uint32Array;
  /** Number of codes (above 65536 nothing is kept inline). */
  readonly size: number;
}

/** @example buildFacetRows(n, [{ name: 'pack0', col, size: 2520 }], [{ name: 'skill', offsets, values, size: 300 }]) */
export function buildFacetRows(n: number, columns: readonly RowColumn[], lists: readonly RowList[]): FacetRows {
  const fields = new Map<string, { at: number; wide: boolean }>();
  let width = 0;
  for (const c of columns) {
    const wide = c.size > 0x10000;
    fields.set(c.name, { at: width, wide });
    width += wide ? 2 : 1;
  }
  const listFields = new Map<string, RowListField>();
  for (const l of lists) {
    listFields.set(l.name, { at: width, offsets: l.offsets, values: l.values });
    width += 1 + INLINE_VALUES;
  }
  const rows = new Uint16Array(n * width);
  for (const c of columns) fillColumn(rows, width, fields.get(c.name)!, c.col, n);
  for (const l of lists) fillList(rows, width, listFields.get(l.name)!.at, l, n);
  return { width, rows, fields, lists: listFields };
}

function fillColumn(
  rows: Uint16Array,
  width: number,
  field: { at: number; wide: boolean },
  col: Uint32Array,
  n: number,
): void {
  for (let d = 0; d < n; d++) {
    const base = d * width + field.at;
    rows[base] = col[d]! & 0xffff;
    if (field.wide) rows[base + 1] = col[d]! >>> 16;
  }
}

function fillList(rows: Uint16Array, width: number, at: number, l: RowList, n: number): void {
  const inline = l.size <= OVERFLOW;
  for (let d = 0; d < n; d++) {
    const base = d * width + at;
    const start = l.offsets[d]!;
    const count = l.offsets[d + 1]! - start;
    if (!inline || count > INLINE_VALUES) {
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
 * Counts fields and lists of the documents ids[0, length) in one pass, reading each document's
 * row once.
 */
export function countRows(r: FacetRows, wanted: readonly RowCount[], ids: Uint32Array, length: number): void {
  const narrow = wanted.filter((w) => r.fields.get(w.name)?.wide === false);
  const wide = wanted.filter((w) => r.fields.get(w.name)?.wide === true);
  const lists = wanted.filter((w) => r.lists.has(w.name));
  const narrowAt = Int32Array.from(narrow, (w) => r.fields.get(w.name)!.at);
  const narrowCounts = narrow.map((w) => w.counts);
  const wideAt = Int32Array.from(wide, (w) => r.fields.get(w.name)!.at);
  const wideCounts = wide.map((w) => w.counts);
  const listFields = lists.map((w) => r.lists.get(w.name)!);
  const listCounts = lists.map((w) => w.counts);
  const { rows, width } = r;
  for (let i = 0; i < length; i++) {
    const d = ids[i]!;
    const base = d * width;
    for (let k = 0; k < narrowAt.length; k++) narrowCounts[k]![rows[base + narrowAt[k]!]!]!++;
    for (let k = 0; k < wideAt.length; k++) {
      const at = base + wideAt[k]!;
      wideCounts[k]![rows[at]! + rows[at + 1]! * 0x10000]!++;
    }
    for (let k = 0; k < listFields.length; k++) countList(rows, base, d, listFields[k]!, listCounts[k]!);
  }
}

function countList(rows: Uint16Array, base: number, d: number, field: RowListField, counts: Uint32Array): void {
  const at = base + field.at;
  const count = rows[at]!;
  if (count !== OVERFLOW) {
    for (let j = 1; j <= count; j++) counts[rows[at + j]!]!++;
    return;
  }
  const end = field.offsets[d + 1]!;
  for (let j = field.offsets[d]!; j < end; j++) counts[field.values[j]!]!++;
}
