/**
 * Change notifications for a store read from a real hot standby (postgres-standby.ts): the
 * listener is on the primary, and a change is reported only once the standby shows it. Replay
 * is paused on the standby (pg_wal_replay_pause) to hold it behind the primary: a notified change
 * waits for the resume, and a wait past its bound gives up and says so, leaving it to the poll.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { LISTENER_APPLICATION_NAME } from '../../src/store/postgres-notify.js';
import type { ChangeWatch, WatchEvents } from '../../src/store/job-store.js';
import { query, startReplicatedPair, type ReplicatedPair } from '../pg-cluster.js';
import { job } from '../builders.js';

const DATABASE = 'jobs';

let pair: ReplicatedPair;
let writer: PostgresJobStore;
/** What beforeAll opened, closed in reverse order. */
const opened: (() => Promise<void>)[] = [];

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never: ${what}`);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The standby's change cursor, read on a connection of its own. */
async function standbyCursor(): Promise<number> {
  const rows = await query<[string]>(
    pair.standby.url(DATABASE),
    "SELECT value FROM store_meta WHERE name = 'change_cursor'",
  );
  return Number(rows[0]?.[0]);
}

async function pauseReplay(): Promise<void> {
  await query(pair.standby.url('postgres'), 'SELECT pg_wal_replay_pause()');
  await until(async () => {
    const [row] = await query<[string]>(pair.standby.url('postgres'), 'SELECT pg_get_wal_replay_pause_state()');
    return row?.[0] === 'paused';
  }, 'replay paused');
}

async function resumeReplay(): Promise<void> {
  await query(pair.standby.url('postgres'), 'SELECT pg_wal_replay_resume()');
}

interface Watched {
  reader: PostgresJobStore;
  watch: ChangeWatch;
  /**
   * Each reported change: its cursor, the standby's cursor read right then, and the standby's
   * cursor while replay is paused (`frozen`, set by the test) at that moment.
   */
  changes: { cursor: number; standby: Promise<number>; frozen: number | null }[];
  replay: { frozen: number | null };
  unreplayed: string[];
  states: string[];
}

async function withStandbyWatch(replayWaitMs: number, test: (w: Watched) => Promise<void>): Promise<void> {
  const reader = new PostgresJobStore(pair.standby.url(DATABASE), {
    primary: pair.primary.url(DATABASE),
    replayWaitMs,
  });
  const changes: Watched['changes'] = [];
  const unreplayed: string[] = [];
  const states: string[] = [];
  const replay: Watched['replay'] = { frozen: null };
  const events: WatchEvents = {
    change: (cursor) => changes.push({ cursor, standby: standbyCursor(), frozen: replay.frozen }),
    unreplayed: (reason) => unreplayed.push(reason),
    listening: () => states.push('listening'),
    lost: () => states.push('lost'),
  };
  const watch = await reader.watch(events);
  try {
    await until(() => watch.listening, 'listening on the primary');
    await test({ reader, watch, changes, unreplayed, states, replay });
  } finally {
    await resumeReplay();
    await watch.close();
    await reader.close();
  }
}

beforeAll(async () => {
  pair = await startReplicatedPair();
  opened.push(pair.stop);
  await query(pair.primary.url('postgres'), `CREATE DATABASE ${DATABASE}`);
  writer = new PostgresJobStore(pair.primary.url(DATABASE));
  opened.push(() => writer.close());
  await writer.migrate();
  const cursor = await writer.changeCursor();
  await until(async () => (await standbyCursor().catch(() => -1)) >= cursor, 'the standby has the schema');
}, 120_000);

afterAll(async () => {
  for (const close of opened.reverse()) await close();
});

describe('change notifications through a hot standby', { timeout: 60_000 }, () => {
  it('listens on the primary, not on the standby', async () => {
    await withStandbyWatch(10_000, async () => {
      const sessions = (url: string) =>
        query<[string]>(url, 'SELECT count(*)::text FROM pg_stat_activity WHERE application_name = $1', [
          LISTENER_APPLICATION_NAME,
        ]);
      expect(await sessions(pair.primary.url('postgres'))).toEqual([['1']]);
      expect(await sessions(pair.standby.url('postgres'))).toEqual([['0']]);
    });
  });

  it('reports a change only once the standby has replayed it', async () => {
    await withStandbyWatch(30_000, async ({ changes, unreplayed }) => {
      await pauseReplay();
      await writer.upsert([job({ key: 'held:1' })]);
      await writer.upsert([job({ key: 'held:2' })]);
      const notified = await writer.changeCursor();
      // Replay is paused: the standby cannot show it, and nothing is reported meanwhile.
      await sleep(500);
      expect(await standbyCursor()).toBeLessThan(notified);
      expect(changes).toEqual([]);

      await resumeReplay();
      await until(() => changes.some((c) => c.cursor >= notified), 'the change reported');
      // When it was reported, the standby already showed it (and every change before it).
      for (const change of changes) expect(await change.standby).toBeGreaterThanOrEqual(change.cursor);
      expect(unreplayed).toEqual([]);
    });
  });

  it('gives up a wait past its bound, says so and reports nothing, and follows the next change', async () => {
    await withStandbyWatch(300, async ({ changes, unreplayed }) => {
      await pauseReplay();
      await writer.upsert([job({ key: 'late:1' })]);
      const notified = await writer.changeCursor();
      await until(() => unreplayed.length > 0, 'the wait given up');
      expect(unreplayed).toHaveLength(1);
      expect(unreplayed[0]).toMatch(new RegExp(`not ${notified}, 300 ms after the notification`));
      expect(changes).toEqual([]);

      // Left to the poll: once replay resumes, the standby's cursor (what the poll reads) shows it.
      await resumeReplay();
      await until(async () => (await standbyCursor()) >= notified, 'the standby replayed');
      expect(changes).toEqual([]);

      // The next notification is waited for afresh.
      await writer.upsert([job({ key: 'late:2' })]);
      const next = await writer.changeCursor();
      await until(() => changes.some((c) => c.cursor >= next), 'the next change reported');
      expect(unreplayed).toHaveLength(1);
    });
  });

  it('listens again on the primary after its connection is killed', async () => {
    await withStandbyWatch(10_000, async ({ watch, changes, states }) => {
      const [killed] = await query<[string]>(
        pair.primary.url('postgres'),
        'SELECT count(pg_terminate_backend(pid))::text FROM pg_stat_activity WHERE application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      expect(killed).toEqual(['1']);
      await until(() => states.join() === 'listening,lost,listening', 'listening again');
      expect(watch.listening).toBe(true);
      await writer.upsert([job({ key: 'again:1' })]);
      const cursor = await writer.changeCursor();
      await until(() => changes.some((c) => c.cursor >= cursor), 'the change reported');
    });
  });

  it('whatever the commits and replay pauses, reports only what the standby shows, in order, and the last commit', async () => {
    type Step = { kind: 'write' } | { kind: 'pause' } | { kind: 'resume' } | { kind: 'wait'; ms: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant<Step>({ kind: 'write' }),
      fc.constant<Step>({ kind: 'pause' }),
      fc.constant<Step>({ kind: 'resume' }),
      fc.integer({ min: 0, max: 60 }).map<Step>((ms) => ({ kind: 'wait', ms })),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        run += 1;
        await withStandbyWatch(30_000, async ({ changes, unreplayed, replay }) => {
          // While replay is paused, the standby's cursor is `replay.frozen`: nothing past it may be reported.
          let last = await writer.changeCursor();
          for (const [i, s] of steps.entries()) {
            if (s.kind === 'write') {
              await writer.upsert([job({ key: `prop:${run}:${i}` })]);
              last = await writer.changeCursor();
            } else if (s.kind === 'pause') {
              await pauseReplay();
              replay.frozen = await standbyCursor();
            } else if (s.kind === 'resume') {
              replay.frozen = null;
              await resumeReplay();
            } else await sleep(s.ms);
          }
          replay.frozen = null;
          await resumeReplay();
          if (steps.some((s) => s.kind === 'write'))
            await until(() => changes.some((c) => c.cursor >= last), `cursor ${last} reported`);
          const early = changes.filter((c) => c.frozen !== null && c.cursor > c.frozen);
          expect(early).toEqual([]);
          const cursors = changes.map((c) => c.cursor);
          expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
          for (const c of changes) expect(await c.standby).toBeGreaterThanOrEqual(c.cursor);
          expect(unreplayed).toEqual([]);
        });
      }),
      { numRuns: 8 },
    );
  });
});
