import type { IndexedJob, JobPlace } from '../../domain/job.js';
import { postingsSteps } from './columns.js';
import { orInto, setBits } from '../postings/bitset.js';
import { toIds, type DocSet } from '../postings/doc-set.js';
import { runSteps, STEP_ITEMS, type Steps } from '../../lib/steps.js';

export const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

/**
 * Great-circle distance in km (haversine, R = 6371 km).
 * @example haversineKm(52.52, 13.405, 48.137, 11.575) // ≈ 504 (Berlin - Munich)
 */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s1 = Math.sin(dLat / 2);
  const s2 = Math.sin(dLon / 2);
  const a = s1 * s1 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * s2 * s2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distinct coordinates of all job places, sorted by latitude, each with its documents. */
export interface PointIndex {
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly postings: readonly DocSet[];
}

export function buildPointIndex(jobs: readonly IndexedJob[], denseRatio: number): PointIndex {
  return runSteps(buildPointIndexSteps(jobs, denseRatio));
}

/** `buildPointIndex` in steps (steps.ts). */
export function* buildPointIndexSteps(jobs: readonly IndexedJob[], denseRatio: number): Steps<PointIndex> {
  const points = new PointCollector();
  for (let d = 0; d < jobs.length; d++) {
    points.add(d, jobs[d]!.places);
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  return yield* points.finishSteps(jobs.length, denseRatio);
}

/** The points of documents added in order (a merge adds each as it decodes its head). */
export class PointCollector {
  private readonly byLat = new Map<number, Map<number, number>>();
  private readonly lats: number[] = [0];
  private readonly lons: number[] = [0];
  /** (code, document) per posting. */
  private readonly pairs: number[] = [];
  // Stryker disable next-line ArrayDeclaration,UnaryOperator: equivalent, code 0 is never a point (codes start at 1), so its slot is never read
  private readonly lastDoc: number[] = [-1];

  /** Document d's places (d ascending). */
  add(d: number, places: readonly JobPlace[]): void {
    for (const p of places) {
      if (p.lat === null || p.lon === null) continue;
      const code = this.codeOf(p.lat, p.lon);
      if (this.lastDoc[code] === d) continue; // a job listing the same point twice is one posting
      this.lastDoc[code] = d;
      this.pairs.push(code, d);
    }
  }

  private codeOf(lat: number, lon: number): number {
    let byLon = this.byLat.get(lat);
    if (!byLon) this.byLat.set(lat, (byLon = new Map<number, number>()));
    let code = byLon.get(lon);
    if (code === undefined) {
      code = this.lats.length;
      byLon.set(lon, code);
      this.lats.push(lat);
      this.lons.push(lon);
    }
    return code;
  }

  /** The index over n documents. */
  *finishSteps(n: number, denseRatio: number): Steps<PointIndex> {
    const { lats, lons, pairs } = this;
    const postings = yield* postingsSteps(n, lats.length, denseRatio, pairs.length / 2, (from, to, emit) => {
      for (let i = from; i < to; i++) emit(pairs[2 * i]!, pairs[2 * i + 1]!);
    });
    const codes = lats
      .map((_, c) => c)
      .slice(1)
      .sort((a, b) => lats[a]! - lats[b]!);
    return {
      lat: Float64Array.from(codes, (c) => lats[c]!),
      lon: Float64Array.from(codes, (c) => lons[c]!),
      postings: codes.map((c) => postings[c]!),
    };
  }
}

/**
 * Sets in `words` every document with a place within `km` of (lat, lon). Only the latitude band
 * that can hold such points is measured: a point further than km/R radians in latitude is
 * further than km away.
 */
export function markWithinRadius(index: PointIndex, lat: number, lon: number, km: number, words: Uint32Array): void {
  const band = km / EARTH_RADIUS_KM / RAD + 1e-6;
  for (let i = lowerBound(index.lat, lat - band); i < index.lat.length; i++) {
    const pLat = index.lat[i]!;
    if (pLat > lat + band) break;
    if (haversineKm(lat, lon, pLat, index.lon[i]!) > km) continue;
    const set = index.postings[i]!;
    if (set.kind === 'bits') orInto(words, set.words);
    else if (set.kind === 'list') setBits(words, set.ids);
  }
}

function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The point index of merged documents from the segments' (segments/merge.ts): a point's postings
 * are its live documents in every segment under their new numbers (`newDoc[s][old]`, -1: left
 * out), a point with none left out. Ordered as a build orders them: by latitude, ties by first
 * appearance (the first document, then the order of that document's places, read from
 * `placesOf`). No document's places are read but for such ties.
 */
export function* mergePointIndexSteps(
  parts: readonly PointIndex[],
  newDoc: readonly Int32Array[],
  n: number,
  denseRatio: number,
  placesOf: (d: number) => readonly JobPlace[],
): Steps<PointIndex> {
  const byLat = new Map<number, Map<number, number>>();
  const lats: number[] = [];
  const lons: number[] = [];
  const runs: Uint32Array[][] = [];
  for (let s = 0; s < parts.length; s++) {
    const part = parts[s]!;
    const map = newDoc[s]!;
    for (let i = 0; i < part.lat.length; i++) {
      const ids = toIds(part.postings[i]!, map.length);
      let live = 0;
      for (let j = 0; j < ids.length; j++) if (map[ids[j]!]! >= 0) live++;
      if (live === 0) continue;
      const docs = new Uint32Array(live);
      live = 0;
      for (let j = 0; j < ids.length; j++) {
        const to = map[ids[j]!]!;
        if (to >= 0) docs[live++] = to;
      }
      const [lat, lon] = [part.lat[i]!, part.lon[i]!];
      let byLon = byLat.get(lat);
      if (!byLon) byLat.set(lat, (byLon = new Map<number, number>()));
      let p = byLon.get(lon);
      if (p === undefined) {
        p = lats.push(lat) - 1;
        lons.push(lon);
        runs.push([]);
        byLon.set(lon, p);
      }
      runs[p]!.push(docs);
    }
    yield;
  }
  // Each point's runs are ascending and disjoint (a document is live in one segment).
  const docsOf = runs.map((r) => (r.length === 1 ? r[0]! : concat(r).sort()));
  yield;
  const placeAt = (p: number): number =>
    placesOf(docsOf[p]![0]!).findIndex((place) => place.lat === lats[p] && place.lon === lons[p]);
  const order = lats
    .map((_, p) => p)
    .sort((a, b) => lats[a]! - lats[b]! || docsOf[a]![0]! - docsOf[b]![0]! || placeAt(a) - placeAt(b));
  // Code c + 1 is the c-th point of the order (code 0: none, as a build's), its postings in a row.
  const codes = new Uint32Array(docsOf.reduce((sum, d) => sum + d.length, 0));
  const docs = new Uint32Array(codes.length);
  let at = 0;
  order.forEach((p, c) => {
    docs.set(docsOf[p]!, at);
    codes.fill(c + 1, at, (at += docsOf[p]!.length));
  });
  const postings = yield* postingsSteps(n, order.length + 1, denseRatio, codes.length, (from, to, emit) => {
    for (let i = from; i < to; i++) emit(codes[i]!, docs[i]!);
  });
  return {
    lat: Float64Array.from(order, (p) => lats[p]!),
    lon: Float64Array.from(order, (p) => lons[p]!),
    postings: postings.slice(1),
  };
}

function concat(arrays: readonly Uint32Array[]): Uint32Array {
  const out = new Uint32Array(arrays.reduce((sum, a) => sum + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}
