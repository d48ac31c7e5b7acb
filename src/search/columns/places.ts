import type { IndexedJob, JobPlace, Named } from '../../domain/job.js';
import { foldKey, foldKeys } from '../../domain/text-fold.js';
import type { PlaceKind } from '../../domain/vocab.js';
import { buildMultiColumnSteps, compareStrings, type MultiColumn } from './columns.js';
import { runSteps, STEP_ITEMS, type Steps } from '../../lib/steps.js';

/** A place the location filter can name: every city, region and country slug of a live job. */
export interface PlaceInfo {
  readonly slug: string;
  readonly name: string;
  readonly kind: PlaceKind;
  /** Centre for the radius filter: the first coordinates given with this city, else null. */
  readonly lat: number | null;
  readonly lon: number | null;
}

/**
 * Places keyed by slug. A slug used at several levels (a city and a region both `berlin`) is one
 * place whose kind is the most specific. `column` holds each document's distinct place codes
 * (cities, regions and countries of all its places).
 */
export interface PlaceRegistry {
  readonly column: MultiColumn;
  /** `info[code]`; index 0 unused. */
  readonly info: readonly PlaceInfo[];
  /** foldKeys(slug) -> codes. */
  readonly byFoldKey: ReadonlyMap<string, readonly number[]>;
}

const KIND_ORDER: Record<PlaceKind, number> = { city: 0, region: 1, country: 2 };

export function buildPlaces(jobs: readonly IndexedJob[], denseRatio: number): PlaceRegistry {
  return runSteps(buildPlacesSteps(jobs, denseRatio));
}

/** `buildPlaces` in steps (steps.ts). */
export function* buildPlacesSteps(jobs: readonly IndexedJob[], denseRatio: number): Steps<PlaceRegistry> {
  const found = new PlaceFinder();
  for (let d = 0; d < jobs.length; d++) {
    found.add(jobs[d]!.places);
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  const column = yield* placeColumnSteps(jobs.length, (d) => jobs[d]!.places, found, denseRatio);
  return yield* found.registrySteps(column);
}

/** Each document's distinct places (cities, regions, countries), labelled by the names `found` gives. */
export function placeColumnSteps(
  n: number,
  placesOf: (d: number) => readonly JobPlace[],
  found: PlaceFinder,
  denseRatio: number,
): Steps<MultiColumn> {
  return buildMultiColumnSteps(
    n,
    (d, emit) => {
      emitSlugs(placesOf(d), emit);
    },
    found.nameOf,
    denseRatio,
  );
}

/**
 * Each place's kind, name and centre, from the documents' places in board-id order (a merge adds
 * each document's as it decodes it, and merges the column from the segments': merged-facts.ts).
 */
export class PlaceFinder {
  private readonly found = new Map<string, Found>();

  /** The places of the next document. */
  add(places: readonly JobPlace[]): void {
    for (const place of places) {
      visit(this.found, place.country, 'country', null);
      visit(this.found, place.region, 'region', null);
      visit(this.found, place.city, 'city', place);
    }
  }

  /** A place's name (its column's label). */
  readonly nameOf = (slug: string): string => this.found.get(slug)!.name;

  /** The registry of the documents' place column (each slug of it added). */
  *registrySteps(column: MultiColumn): Steps<PlaceRegistry> {
    // Stryker disable next-line ObjectLiteral,StringLiteral: equivalent, code 0 is no place: every code read comes from byFoldKey
    const info: PlaceInfo[] = [{ slug: '', name: '', kind: 'city', lat: null, lon: null }];
    const byFoldKey = new Map<string, number[]>();
    for (let code = 1; code < column.values.length; code++) {
      if (code % STEP_ITEMS === 0) yield;
      const slug = column.values[code]!;
      info.push({ slug, ...this.found.get(slug)! });
      for (const key of foldKeys(slug)) {
        const codes = byFoldKey.get(key);
        if (codes) codes.push(code);
        else byFoldKey.set(key, [code]);
      }
    }
    return { column, info, byFoldKey };
  }
}

interface Found {
  kind: PlaceKind;
  name: string;
  lat: number | null;
  lon: number | null;
}

function emitSlugs(places: readonly JobPlace[], emit: (slug: string) => void): void {
  for (const p of places) {
    if (p.city) emit(p.city.slug);
    if (p.region) emit(p.region.slug);
    if (p.country) emit(p.country.slug);
  }
}

/** Keeps the most specific kind; name and centre come from its first occurrence. */
function visit(found: Map<string, Found>, named: Named | null, kind: PlaceKind, place: JobPlace | null): void {
  if (!named) return;
  let entry = found.get(named.slug);
  if (!entry || KIND_ORDER[kind] < KIND_ORDER[entry.kind]) {
    entry = { kind, name: named.name, lat: null, lon: null };
    found.set(named.slug, entry);
  }
  if (place && entry.kind === 'city' && entry.lat === null && place.lat !== null && place.lon !== null) {
    entry.lat = place.lat;
    entry.lon = place.lon;
  }
}

/** Every place a location value names: those indexed under foldKey(value). */
export function placeCandidates(registry: PlaceRegistry, value: string): readonly number[] {
  return registry.byFoldKey.get(foldKey(value)) ?? [];
}

/**
 * The one place a location value stands for (for echoing it and as the radius centre):
 * the candidate whose own fold key equals the input's, then the most specific kind, then slug.
 */
export function canonicalPlace(registry: PlaceRegistry, value: string): number | null {
  const key = foldKey(value);
  let best: number | null = null;
  for (const code of placeCandidates(registry, value)) {
    if (best === null || betterPlace(registry.info[code]!, registry.info[best]!, key)) best = code;
  }
  return best;
}

/** Whether place a is a better reading of a value (fold key `key`) than b; see canonicalPlace. */
export function betterPlace(a: PlaceInfo, b: PlaceInfo, key: string): boolean {
  const pa = foldKey(a.slug) === key ? 0 : 1;
  const pb = foldKey(b.slug) === key ? 0 : 1;
  if (pa !== pb) return pa < pb;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] < KIND_ORDER[b.kind];
  return compareStrings(a.slug, b.slug) < 0;
}
