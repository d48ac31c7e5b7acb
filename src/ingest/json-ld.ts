/** Small readers for loosely shaped JSON-LD values. None of them throws. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value or a list of values as a list; null/undefined as an empty list. */
export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A non-empty trimmed string from a string or finite number; null otherwise. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? null : t;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The name of a thing given as a string or as an object with `name`. */
export function nameOf(value: unknown): string | null {
  if (isObject(value)) return asText(value['name']);
  return asText(value);
}

/** A URL from a string or an object with `url`, `contentUrl` or `@id`. */
export function urlOf(value: unknown): string | null {
  if (isObject(value)) return asText(value['url']) ?? asText(value['contentUrl']) ?? asText(value['@id']);
  return asText(value);
}

/** A number from a number or a numeric string ('3200', '3.200,50', '36000.0'); null otherwise. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const t = value.trim().replace(/\s/g, '');
  if (!/^-?\d[\d.,]*$/.test(t)) return null;
  return parseLocaleNumber(t);
}

/** '40.000' -> 40000, '51,850' -> 51850, '36000.0' -> 36000, '3,5' -> 3.5. */
export function parseLocaleNumber(t: string): number | null {
  let s = t;
  if (/^\d{1,3}([.,]\d{3})+$/.test(s)) s = s.replace(/[.,]/g, '');
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+\.\d{1,2}$/.test(s)) s = s.replace(/,/g, '');
  else s = s.replace(',', '.');
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * Epoch ms of an ISO 8601 date or date-time, a German `dd.mm.yyyy` date or an epoch number.
 * A date without a time means the start of that day (UTC), or its end when `endOfDay` is set
 * (a `validThrough` date is valid through that whole day). Null when not a date.
 */
export function parseDate(value: unknown, endOfDay = false): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    return value < 1e11 ? value * 1000 : value;
  }
  if (typeof value !== 'string') return null;
  const t = value.trim();
  const dateOnly = DATE_ONLY.exec(t);
  const german = dateOnly ? null : GERMAN_DATE.exec(t);
  const ymd = dateOnly ? [dateOnly[1], dateOnly[2], dateOnly[3]] : german ? [german[3], german[2], german[1]] : null;
  if (ymd) {
    const [y, m, d] = ymd.map(Number) as [number, number, number];
    const ms = Date.UTC(y, m - 1, d);
    const check = new Date(ms);
    if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
    return endOfDay ? ms + DAY_MS - 1 : ms;
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(t)) return null;
  const ms = Date.parse(t.replace(' ', 'T'));
  return Number.isNaN(ms) ? null : ms;
}

/** `@type` matches `type` as a plain name, a prefixed name or a full IRI, alone or in a list. */
export function hasType(node: JsonObject, type: string): boolean {
  return asList(node['@type']).some(
    (t) => typeof t === 'string' && (t === type || t.endsWith(`/${type}`) || t.endsWith(`:${type}`)),
  );
}

/** Short quoted form of an offending value for a reject reason. */
export function quote(value: unknown): string {
  const s = typeof value === 'string' ? value : ((JSON.stringify(value) as string | undefined) ?? String(value));
  return `'${s.length > 60 ? `${s.slice(0, 57)}...` : s}'`;
}
