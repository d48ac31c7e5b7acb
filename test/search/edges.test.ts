/**
 * The edges a small slip in the engine would move: the radius boundary and the board-id order.
 * Each expectation is worked out by hand in the comment beside it.
 */
import { describe, expect, it } from 'vitest';
import type { ListRequest } from '../../src/domain/query.js';
import { job, place } from '../builders.js';
import { BERLIN, ids, indexOf, POTSDAM } from './helpers.js';
import { distanceKm } from './naive-text.js';

const req = (over: Partial<ListRequest> = {}): ListRequest => ({
  filter: {},
  sort: 'date',
  order: 'desc',
  page: 1,
  perPage: 50,
  ...over,
});

describe('the radius boundary', () => {
  // Berlin (52.52, 13.405) to Potsdam (52.39, 13.06): about 27 km.
  const edge = distanceKm(BERLIN.lat!, BERLIN.lon!, POTSDAM.lat!, POTSDAM.lon!);

  it('includes a place exactly at the radius and leaves it out just inside', () => {
    expect(edge).toBeGreaterThan(26);
    expect(edge).toBeLessThan(28);
    const index = indexOf([job({ boardId: '1', places: [BERLIN] }), job({ boardId: '2', places: [POTSDAM] })]);
    expect(ids(index.list(req({ filter: { location: 'berlin', radiusKm: edge } })))).toEqual(['1', '2']);
    expect(ids(index.list(req({ filter: { location: 'berlin', radiusKm: edge * (1 - 1e-9) } })))).toEqual(['1']);
  });

  it("includes a second place at the centre's own coordinates, even with a radius of 0", () => {
    const sameSpot = place({
      city: { slug: 'charlottenburg', name: 'Charlottenburg' },
      lat: BERLIN.lat,
      lon: BERLIN.lon,
    });
    const index = indexOf([
      job({ boardId: '1', places: [BERLIN] }),
      job({ boardId: '2', places: [sameSpot] }),
      job({ boardId: '3', places: [POTSDAM] }),
    ]);
    expect(ids(index.list(req({ filter: { location: 'berlin', radiusKm: 0 } })))).toEqual(['1', '2']);
    // without a radius only the city's own jobs
    expect(ids(index.list(req({ filter: { location: 'berlin' } })))).toEqual(['1']);
  });
});

describe('the board-id order', () => {
  // Import keeps a feed's numeric id (1 to 15 digits, leading zeros as written) and derives
  // 17-digit ids starting with 9 for the rest; both live side by side.
  const SAME_DAY = Date.UTC(2026, 10, 1);
  const boardIds = [
    '90000000000000001',
    '100',
    '10',
    '999999999999999',
    '9',
    '09',
    '1000000000000000',
    '89999999999999999',
  ];
  // Shorter first; among equal lengths by digits: 9 | 09, 10 | 100 | 15 digits | 16 digits | 17 digits.
  const expected = [
    '9',
    '09',
    '10',
    '100',
    '999999999999999',
    '1000000000000000',
    '89999999999999999',
    '90000000000000001',
  ];
  const jobs = boardIds.map((boardId, i) =>
    job({ key: `k${i}`, boardId, postedAt: SAME_DAY, salary: { min: 50_000, max: 50_000 } }),
  );

  it('orders ties by board id, shorter ids first, whatever the sort and order', () => {
    const index = indexOf(jobs);
    expect(ids(index.list(req()))).toEqual(expected);
    expect(ids(index.list(req({ order: 'asc' })))).toEqual(expected);
    expect(ids(index.list(req({ sort: 'salary' })))).toEqual(expected);
  });

  it('pages through ids of different lengths in the same order', () => {
    const index = indexOf(jobs);
    const pages = [1, 2, 3].flatMap((page) => ids(index.list(req({ page, perPage: 3 }))));
    expect(pages).toEqual(expected);
  });
});
