import pg from 'pg';
import type { ChangeWatch, WatchEvents } from './job-store.js';
import { RetryWait } from './watch-retry.js';

/** The channel every write's transaction notifies, with the new change cursor as its payload. */
export const CHANGES_CHANNEL = 'jobsearch_changes';
/** How the listening connection shows in pg_stat_activity (and can be found to end it). */
export const LISTENER_APPLICATION_NAME = 'jobsearch-listen';
/** A connection attempt that gets no answer (a host gone from the network) counts as lost after this. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Listens for the store's change notifications on a connection of its own (LISTEN; a write's
 * NOTIFY is delivered when its transaction commits, and only to the primary's sessions — a hot
 * standby gets none, so a store read from one listens on its primary: postgres-standby.ts). A
 * lost connection is retried with backoff for as long as the watch is open; a follower must keep
 * polling as the fallback, and should check the cursor whenever `listening` fires, since nothing
 * is delivered while the connection is down. Never rejects: a server that is down at the start
 * (or does not answer within CONNECT_TIMEOUT_MS) is retried like a lost connection.
 */
export async function watchChanges(config: pg.ClientConfig, events: WatchEvents): Promise<ChangeWatch> {
  let client: pg.Client | null = null;
  let closed = false;
  let up = false;
  const wait = new RetryWait();
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...config,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let failed = false;
    const lose = (error: Error): void => {
      if (failed) return;
      failed = true;
      up = false;
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (closed) return;
      events.lost?.(error);
      timer = setTimeout(() => void connect(), wait.next());
      timer.unref();
    };
    c.on('error', lose);
    c.on('end', () => {
      lose(new Error('the listening connection ended'));
    });
    c.on('notification', (message) => {
      const cursor = Number(message.payload);
      if (message.channel === CHANGES_CHANNEL && Number.isSafeInteger(cursor)) events.change(cursor);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    up = true;
    wait.reset();
    events.listening?.();
  };

  await connect();
  return {
    get listening() {
      return up;
    },
    async close() {
      closed = true;
      up = false;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
