/**
 * The facet codes of each document side by side in one row of 16-bit fields, so that counting a
 * set of documents reads one or two cache lines per document instead of one per facet column
 * (a sparse set spread over a million documents costs a cache miss per column and document).
 */
export interface FacetRows {
  /** 16-bit fields per document. */
  readonly width: number;
  readonly rows: Uint16Array;
  /** Single-valued codes (and pack combinations) by name: their first field, and whether a second holds bits 16..31. */
  readonly fields: ReadonlyMap<string, { readonly at: number; readonly wide: boolean }>;
  /** Multi-valued facets by name: fields at..at+3 hold the start and end of the document's values. */
  readonly lists: ReadonlyMap<string, { readonly at: number; readonly values: Uint32Array }>;
}

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
}

/** @example buildFacetRows(n, [{ name: 'pack0', col, size: 2520 }], [{ name: 'skill', offsets, values }]) */
export function buildFacetRows(n: number, columns: readonly RowColumn[], lists: readonly RowList[]): FacetRows {
  const fields = new Map<string, { at: number; wide: boolean }>();
  let width = 0;
  for (const c of columns) {
    const wide = c.size > 0x10000;
    fields.set(c.name, { at: width, wide });
    width += wide ? 2 : 1;
  }
  const listAt = new Map<string, { at: number; values: Uint32Array }>();
  for (const l of lists) {
    listAt.set(l.name, { at: width, values: l.values });
    width += 4;
  }
  const rows = new Uint16Array(n * width);
  for (const c of columns) fill(rows, width, fields.get(c.name)!, c.col, n);
  for (const l of lists) {
    const at = listAt.get(l.name)!.at;
    for (let d = 0; d < n; d++) {
      put32(rows, d * width + at, l.offsets[d]!);
      put32(rows, d * width + at + 2, l.offsets[d + 1]!);
    }
  }
  return { width, rows, fields, lists: listAt };
}

function fill(rows: Uint16Array, width: number, field: { at: number; wide: boolean }, col: Uint32Array, n: number): void {
  for (let d = 0; d < n; d++) {
    const base = d * width + field.at;
    if (field.wide) put32(rows, base, col[d]!);
    else rows[base] = col[d]!;
  }
}

function put32(rows: Uint16Array, at: number, value: number): void {
  rows[at] = value & 0xffff;
  rows[at + 1] = value >>> 16;
}

/** counts[code]++ for the field's code of every document of ids[0, length). */
export function countRowField(r: FacetRows, name: string, ids: Uint32Array, length: number, counts: Uint32Array): Uint32Array {
  const { at, wide } = r.fields.get(name)!;
  const rows = r.rows;
  const width = r.width;
  if (wide) {
    for (let i = 0; i < length; i++) {
      const base = ids[i]! * width + at;
      counts[rows[base]! + rows[base + 1]! * 0x10000]!++;
    }
  } else {
    for (let i = 0; i < length; i++) counts[rows[ids[i]! * width + at]!]!++;
  }
  return counts;
}

/** counts[value]++ for every value of every document of ids[0, length). */
export function countRowList(r: FacetRows, name: string, ids: Uint32Array, length: number, counts: Uint32Array): Uint32Array {
  const { at, values } = r.lists.get(name)!;
  const rows = r.rows;
  const width = r.width;
  for (let i = 0; i < length; i++) {
    const base = ids[i]! * width + at;
    const start = rows[base]! + rows[base + 1]! * 0x10000;
    const end = rows[base + 2]! + rows[base + 3]! * 0x10000;
    for (let j = start; j < end; j++) counts[values[j]!]!++;
  }
  return counts;
}
