import { FACETS, type FacetId } from '../domain/facet-catalogue.js';
import type { FilterQuery } from './schemas.js';
import { splitValues } from './to-search-query.js';

export interface SelectedResolvers {
  /** Canonical slug of a location value, or null when unknown. */
  location(value: string): string | null;
  /** Canonical (lower-case) company value, or null when unknown. */
  company(value: string): string | null;
}

/**
 * A location or company echo: one value resolved; several (comma-separated, see splitValues)
 * each resolved and joined again with commas (a comma inside a value escaped as `\,`).
 */
function echo(raw: string, one: (value: string) => string, whole: boolean): string {
  if (whole || !raw.includes(',')) return one(raw);
  const values = splitValues(raw);
  if (values.length === 1) return one(values[0]!);
  return values.map((v) => one(v).replace(/\\/g, '\\\\').replace(/,/g, '\\,')).join(',');
}

/**
 * The `selected` echo: every facet's key in the catalogue's (the contract's) order, then `radius`,
 * `sort` and `order`; what the request set, normalised to the option's value (lower-cased where
 * the catalogue says `lower`, resolved by the index where it says `resolved`); null where unset
 * (even where a default applies), a switch '' when unset. Numbers are echoed as strings, as the
 * query carried them.
 */
export function presentSelected(query: FilterQuery, resolve: SelectedResolvers): Record<string, string | null> {
  const raw = (key: keyof FilterQuery): string | null => {
    const v = query[key];
    return v === undefined ? null : String(v);
  };
  const out: Record<string, string | null> = {};
  for (const f of FACETS) {
    const v = raw(f.wire.param);
    if (f.filter === 'switch') out[f.wire.param] = v ?? '';
    else if (v === null || f.wire.input === 'asIs') out[f.wire.param] = v;
    else if (f.wire.input === 'lower') out[f.wire.param] = v.toLowerCase();
    else out[f.wire.param] = resolved(f.id, v, resolve);
  }
  out.radius = raw('radius');
  out.sort = raw('sort');
  out.order = raw('order');
  return out;
}

/**
 * A value echoed as the index resolves it: a location by its canonical slug; a company by its
 * lower-case value, and a company name with a comma that is known as a whole is one value.
 */
function resolved(id: FacetId, raw: string, resolve: SelectedResolvers): string {
  if (id === 'company') return echo(raw, (v) => resolve.company(v) ?? v.toLowerCase(), resolve.company(raw) !== null);
  return echo(raw, (v) => resolve.location(v) ?? v.toLowerCase(), false);
}
