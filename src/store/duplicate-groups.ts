/**
 * Duplicates across sources: the one rule both stores apply after every write (see README.md,
 * "Duplicates across sources"). Pure; the stores only fetch rows and write the result.
 *
 * Two postings match when they share a place key or a url key (src/domain/duplicate-key.ts). Over
 * the live postings, in stored order (the cursor of the write that first stored the key, then the
 * key), a posting is attached to the earliest *served* posting of another source that it matches;
 * when there is none it is served itself. Postings of one source never attach to each other.
 * Expired postings are attached to nothing.
 *
 * A posting's state depends only on earlier postings it is connected to through shared keys, so a
 * write recomputes only the components (postings linked by shared keys, transitively) that hold
 * the keys it wrote or removed.
 */
import type { DuplicateKeys } from '../domain/duplicate-key.js';

/** What grouping needs of a stored posting. */
export interface GroupRow {
  key: string;
  source: string;
  /** Cursor of the write that first stored the key: earlier stored, earlier served. */
  storedSeq: number;
  validThrough: number | null;
  place: string | null;
  url: string | null;
  /** The served posting this one is attached to (null: served itself, or expired). */
  duplicateOf: string | null;
  /** That posting's validThrough, kept so that an expired head is found without a scan. */
  headValidThrough: number | null;
}

/** A row whose grouping changes; `moved` when it changes which posting serves it. */
export interface GroupUpdate {
  key: string;
  duplicateOf: string | null;
  headValidThrough: number | null;
  moved: boolean;
}

/** Keys to look rows up by: every stored posting with one of these place or url keys. */
export interface GroupLookup {
  places: string[];
  urls: string[];
}

/**
 * Collects the components holding the seed keys: yields lookups, receives the rows found, and
 * returns every row reached. Driven by `collectSync` or `collectAsync`.
 */
export function* components(seeds: Iterable<DuplicateKeys>): Generator<GroupLookup, GroupRow[], GroupRow[]> {
  const places = new Set<string>();
  const urls = new Set<string>();
  const rows = new Map<string, GroupRow>();
  let next: GroupLookup = { places: [], urls: [] };
  const add = (place: string | null, url: string | null): void => {
    if (place !== null && !places.has(place)) {
      places.add(place);
      next.places.push(place);
    }
    if (url !== null && !urls.has(url)) {
      urls.add(url);
      next.urls.push(url);
    }
  };
  for (const seed of seeds) add(seed.place, seed.url);
  while (next.places.length + next.urls.length > 0) {
    const lookup = next;
    next = { places: [], urls: [] };
    for (const row of yield lookup) {
      if (rows.has(row.key)) continue;
      rows.set(row.key, row);
      add(row.place, row.url);
    }
  }
  return [...rows.values()];
}

export function collectSync(seeds: Iterable<DuplicateKeys>, fetch: (lookup: GroupLookup) => GroupRow[]): GroupRow[] {
  const steps = components(seeds);
  let step = steps.next([]);
  while (step.done !== true) step = steps.next(fetch(step.value));
  return step.value;
}

export async function collectAsync(
  seeds: Iterable<DuplicateKeys>,
  fetch: (lookup: GroupLookup) => Promise<GroupRow[]>,
): Promise<GroupRow[]> {
  const steps = components(seeds);
  let step = steps.next([]);
  while (step.done !== true) step = steps.next(await fetch(step.value));
  return step.value;
}

const isLive = (row: GroupRow, now: number): boolean => row.validThrough === null || row.validThrough >= now;
const storedOrder = (a: GroupRow, b: GroupRow): number =>
  a.storedSeq - b.storedSeq || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The rule over whole components: the rows whose grouping differs from what is stored. */
export function regroup(rows: readonly GroupRow[], now: number): GroupUpdate[] {
  const served = new Map<string, GroupRow[]>();
  const heads = (name: string | null): GroupRow[] => (name === null ? [] : (served.get(name) ?? []));
  const updates: GroupUpdate[] = [];
  for (const row of [...rows].sort(storedOrder)) {
    let head: GroupRow | undefined;
    if (isLive(row, now)) {
      // Served lists are in stored order, so the first of another source in each is its earliest.
      const byPlace = heads(row.place === null ? null : `p:${row.place}`).find((h) => h.source !== row.source);
      const byUrl = heads(row.url === null ? null : `u:${row.url}`).find((h) => h.source !== row.source);
      head = byPlace && byUrl ? (storedOrder(byPlace, byUrl) <= 0 ? byPlace : byUrl) : (byPlace ?? byUrl);
      if (head === undefined) {
        for (const name of [row.place === null ? null : `p:${row.place}`, row.url === null ? null : `u:${row.url}`]) {
          if (name === null) continue;
          const list = served.get(name);
          if (list === undefined) served.set(name, [row]);
          else list.push(row);
        }
      }
    }
    const duplicateOf = head?.key ?? null;
    const headValidThrough = head?.validThrough ?? null;
    if (duplicateOf !== row.duplicateOf || headValidThrough !== row.headValidThrough) {
      updates.push({ key: row.key, duplicateOf, headValidThrough, moved: duplicateOf !== row.duplicateOf });
    }
  }
  return updates;
}
