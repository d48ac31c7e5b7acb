import { describe, expect, it } from 'vitest';
import { pacedPause, runSteps, runStepsPausing, type Steps } from '../../src/lib/steps.js';

describe('pacedPause', () => {
  it('lets the thread go only once the budget is spent since it last did, then counts from there', async () => {
    let now = 1_000;
    const turns: number[] = [];
    const pause = pacedPause(
      4,
      async () => void turns.push(now),
      () => now,
    );
    await pause();
    now += 3.9;
    await pause();
    expect(turns).toEqual([]);
    now += 0.1;
    await pause();
    expect(turns).toEqual([1_004]);
    // The budget counts from the end of that turn, not from the first offer.
    now += 3;
    await pause();
    expect(turns).toEqual([1_004]);
    now += 1;
    await pause();
    now += 10;
    await pause();
    expect(turns).toEqual([1_004, 1_008, 1_018]);
  });

  it('starts the budget when the turn ends: a long turn does not make the next offer pause at once', async () => {
    let now = 0;
    let turns = 0;
    const pause = pacedPause(
      4,
      async () => {
        turns++;
        now += 50; // the calls answered in the turn took 50 ms
      },
      () => now,
    );
    now = 5;
    await pause();
    await pause();
    expect(turns).toBe(1);
    now += 4;
    await pause();
    expect(turns).toBe(2);
  });
});

describe('pacedPause with the real clock and event loop', () => {
  it('lets a turn of the event loop run once the budget is spent: what was queued before it is done', async () => {
    const pause = pacedPause(0);
    let ran = false;
    setImmediate(() => (ran = true));
    await pause();
    expect(ran).toBe(true);
  });

  it('within the budget, goes on without a turn of the event loop', async () => {
    const pause = pacedPause(60_000);
    let ran = false;
    const queued = new Promise<void>((resolve) =>
      setImmediate(() => {
        ran = true;
        resolve();
      }),
    );
    await pause();
    expect(ran).toBe(false);
    await queued;
  });
});

describe('steps', () => {
  function* work(log: string[]): Steps<number> {
    log.push('a');
    yield;
    log.push('b');
    yield;
    log.push('c');
    return 42;
  }

  it('runs every step at once, or with a pause between each', async () => {
    const all: string[] = [];
    expect(runSteps(work(all))).toBe(42);
    expect(all).toEqual(['a', 'b', 'c']);
    const paced: string[] = [];
    const result = await runStepsPausing(work(paced), async () => void paced.push('|'));
    expect(result).toBe(42);
    expect(paced).toEqual(['a', '|', 'b', '|', 'c']);
  });
});
