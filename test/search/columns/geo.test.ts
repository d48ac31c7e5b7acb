import { describe, expect, it } from 'vitest';
import { buildPointIndex, haversineKm, markWithinRadius, type PointIndex } from '../../../src/search/columns/geo.js';
import { hasBit, newBitset } from '../../../src/search/postings/bitset.js';
import { toIds } from '../../../src/search/postings/doc-set.js';
import { job, place } from '../../builders.js';

// The point index and the radius search over it. Places and distances (about 255 km Berlin -
// Hamburg, 366 km Berlin - 52.52 N 8 E, 504 km Berlin - Munich) worked out by hand from the
// coordinates; the radii keep well clear of them.

const BERLIN = { lat: 52.52, lon: 13.405 };
const MUNICH = { lat: 48.1374, lon: 11.5755 };
const HAMBURG = { lat: 53.55, lon: 10.0 };
const WEST = { lat: 52.52, lon: 8.0 }; // Berlin's latitude, further west

const jobs = [
  job({ places: [place(BERLIN), place(BERLIN)] }), // 0: the same point twice
  job({ places: [place(MUNICH)] }), // 1
  job({ places: [place(BERLIN)] }), // 2
  job({ places: [place({ lat: 50, lon: null }), place({ lat: null, lon: 8 })] }), // 3: no whole coordinate
  job({ places: [place(HAMBURG)] }), // 4
  job({ places: [place(WEST)] }), // 5
];

/** Sparse lists (no set is larger than 6 × 1) or bitsets (every set is larger than 6 / 100). */
const SPARSE = 1;
const DENSE = 100;

function within(index: PointIndex, center: { lat: number; lon: number }, km: number, n = jobs.length): number[] {
  const words = newBitset(n);
  markWithinRadius(index, center.lat, center.lon, km, words);
  return Array.from({ length: n }, (_, d) => d).filter((d) => hasBit(words, d));
}

describe('buildPointIndex', () => {
  it.each([SPARSE, DENSE])(
    'holds each distinct coordinate once, by latitude, with its jobs (dense ratio %i)',
    (ratio) => {
      const index = buildPointIndex(jobs, ratio);
      // Munich, then the two points at 52.52 N in the order first seen (Berlin, West), then Hamburg.
      expect(Array.from(index.lat)).toEqual([48.1374, 52.52, 52.52, 53.55]);
      expect(Array.from(index.lon)).toEqual([11.5755, 13.405, 8.0, 10.0]);
      expect(index.postings.map((set) => Array.from(toIds(set, jobs.length)))).toEqual([[1], [0, 2], [5], [4]]);
      expect(index.postings.map((set) => set.size)).toEqual([1, 2, 1, 1]);
      expect(index.postings.every((set) => set.kind === (ratio === DENSE ? 'bits' : 'list'))).toBe(true);
    },
  );

  it('is empty without coordinates', () => {
    const index = buildPointIndex([job({ places: [place({ lat: null, lon: null })] }), job({ places: [] })], SPARSE);
    expect([index.lat.length, index.lon.length, index.postings.length]).toEqual([0, 0, 0]);
  });
});

describe('markWithinRadius', () => {
  it.each([SPARSE, DENSE])('marks the jobs with a place within the radius (dense ratio %i)', (ratio) => {
    const index = buildPointIndex(jobs, ratio);
    expect(within(index, BERLIN, 100)).toEqual([0, 2]);
    expect(within(index, BERLIN, 300)).toEqual([0, 2, 4]);
    expect(within(index, BERLIN, 400)).toEqual([0, 2, 4, 5]);
    expect(within(index, BERLIN, 600)).toEqual([0, 1, 2, 4, 5]);
    // From Munich: Berlin about 504 km, the West point about 549 km, Hamburg about 612 km.
    expect(within(index, MUNICH, 520)).toEqual([0, 1, 2]);
    expect(within(index, MUNICH, 10)).toEqual([1]);
    expect(within(index, { lat: 0, lon: 0 }, 1000)).toEqual([]);
  });

  it('keeps what was already marked', () => {
    const index = buildPointIndex(jobs, SPARSE);
    const words = newBitset(jobs.length);
    words[0]! |= 1 << 3;
    markWithinRadius(index, HAMBURG.lat, HAMBURG.lon, 50, words);
    expect([0, 1, 2, 3, 4, 5].filter((d) => hasBit(words, d))).toEqual([3, 4]);
  });

  it('counts a place at exactly the radius, due north or due south, as within it', () => {
    // Points one degree of latitude from the centre; the radius is that very distance.
    const points = [
      job({ places: [place({ lat: 49, lon: 10 })] }),
      job({ places: [place({ lat: 50, lon: 10 })] }),
      job({ places: [place({ lat: 51, lon: 10 })] }),
    ];
    const index = buildPointIndex(points, SPARSE);
    const south = haversineKm(50, 10, 49, 10);
    const north = haversineKm(50, 10, 51, 10);
    expect(south).toBeCloseTo(111.19, 1);
    expect(within(index, { lat: 50, lon: 10 }, south, 3)).toContain(0);
    expect(within(index, { lat: 50, lon: 10 }, north, 3)).toContain(2);
    expect(within(index, { lat: 50, lon: 10 }, south - 0.01, 3)).toEqual([1]);
  });
});
