import type { CountMap, FacetSummary } from '../system.js';
import { FACET_COLUMNS } from './sql-query.js';

export interface FacetRow {
  v: string | null;
  n: number | string;
}

/** The answer of a SQL peer's filter-data statements, one list per facet. */
export interface FacetRows {
  /** In FACET_COLUMNS order. */
  columns: FacetRow[][];
  company: FacetRow[];
  skills: FacetRow[];
  places: FacetRow[];
  total: number;
  seo: number;
  /** Jobs reaching each remote-share step. */
  remote: number[];
}

/** value -> count, leaving out the "no value" group (PostgreSQL returns counts as strings). */
export function toCountMap(rows: readonly FacetRow[]): CountMap {
  const map: CountMap = {};
  for (const r of rows) if (r.v !== null) map[r.v] = Number(r.n);
  return map;
}

export function summaryOf(rows: FacetRows): FacetSummary {
  const workModel = rows.columns[FACET_COLUMNS.indexOf('work_model')] ?? [];
  return {
    workModel: toCountMap(workModel),
    location: toCountMap(rows.places),
    seo: { yes: rows.seo, no: rows.total - rows.seo },
  };
}
