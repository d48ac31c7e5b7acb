import { describe, expect, it } from 'vitest';
import { buildRemote, countAtLeast, REMOTE_LEVELS } from '../../../src/search/columns/remote.js';
import { job } from '../../builders.js';

// The remote-share column, worked out by hand for the shares below (steps 20, 40, 60, 80, 100).

const shares = [40, null, 100, 0, 19, 20, 60, 80, 40];
const remote = buildRemote(shares.map((remotePercentage) => job({ remotePercentage })));

describe('buildRemote', () => {
  it('keeps each share, NaN where unknown', () => {
    expect(Array.from(remote.value)).toEqual([40, Number.NaN, 100, 0, 19, 20, 60, 80, 40]);
  });

  it('counts the steps each share reaches, 0 for an unknown one', () => {
    expect(REMOTE_LEVELS).toBe(6);
    expect(Array.from(remote.level)).toEqual([2, 0, 5, 0, 0, 1, 3, 4, 2]);
  });

  it('orders the known shares from high to low, ties by document, unknown ones left out', () => {
    expect(Array.from(remote.desc)).toEqual([2, 7, 6, 0, 8, 5, 4, 3]);
    expect(Array.from(remote.descValues)).toEqual([100, 80, 60, 40, 40, 20, 19, 0]);
  });

  it('is empty without jobs, and without known shares', () => {
    const none = buildRemote([]);
    expect([none.value.length, none.desc.length, none.descValues.length, none.level.length]).toEqual([0, 0, 0, 0]);
    const unknown = buildRemote([job({ remotePercentage: null }), job({ remotePercentage: null })]);
    expect([Array.from(unknown.desc), Array.from(unknown.level)]).toEqual([[], [0, 0]]);
    expect(countAtLeast(unknown, 0)).toBe(0);
  });
});

describe('countAtLeast', () => {
  it.each([
    [-5, 8],
    [0, 8],
    [1, 7],
    [19, 7],
    [20, 6],
    [21, 5],
    [40, 5],
    [41, 3],
    [80, 2],
    [100, 1],
    [101, 0],
  ])('counts the jobs with a share of at least %i: %i', (min, count) => {
    expect(countAtLeast(remote, min)).toBe(count);
  });
});
