import type { IndexedJob, JobPlace } from '../../domain/job.js';
import { postingsSteps } from './columns.js';
import { orInto, setBits } from '../postings/bitset.js';
import type { DocSet } from '../postings/doc-set.js';
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
