import { describe, expect, it } from 'vitest';
import { RefreshHealth } from '../../src/runtime/health.js';

describe('RefreshHealth', () => {
  it('is loading without an index, ready while reads succeed, degraded then stale while they fail', () => {
    const h = new RefreshHealth();
    expect(h.report(0, false, 1000).status).toBe('loading');
    expect(h.succeeded(1_000)).toBe(false);
    expect(h.report(50_000, true, 1000)).toEqual({ status: 'ready', lastSuccess: 1_000, failures: 0 });
    // the first failure of a run is a change of state, the next ones are not
    expect(h.failed(new Error('connection refused'), 1_500)).toBe(true);
    expect(h.failed(new Error('still refused'), 1_600)).toBe(false);
    expect(h.report(2_000, true, 1000)).toEqual({
      status: 'degraded',
      reason: 'still refused',
      lastSuccess: 1_000,
      failures: 2,
    });
    expect(h.report(2_001, true, 1000).status).toBe('stale');
    // 0: never stale, however old
    expect(h.report(1e9, true, 0).status).toBe('degraded');
    expect(h.succeeded(3_000)).toBe(true);
    expect(h.succeeded(3_100)).toBe(false);
    expect(h.report(3_200, true, 1000)).toEqual({ status: 'ready', lastSuccess: 3_100, failures: 2 });
  });

  it('is stale at once when it never read the store and fails', () => {
    const h = new RefreshHealth();
    h.failed('down', 0);
    expect(h.report(0, true, 1000)).toMatchObject({ status: 'stale', reason: 'down', lastSuccess: null });
  });
});
