import type { Logger } from 'pino';
import type { JobStore } from '../store/job-store.js';
import { SchemaBehindError } from '../store/migrations/migration.js';
import { openStore } from '../store/open-store.js';
import { storeOpenError } from '../store/prepare-location.js';
import type { RefreshHealth } from './health.js';

/** Waits between attempts to reach a store that is down at start: doubling from the first to the last. */
const STORE_RETRY_FIRST_MS = 500;
const STORE_RETRY_LAST_MS = 30_000;

/** One attempt at what start needs of the store; throws an error naming the variable and the place. */
export type StoreStep = () => Promise<void>;

/** Without a standby: the store is migrated. */
export function migrateStep(store: JobStore, databaseUrl: string): StoreStep {
  return async () => {
    try {
      await store.migrate();
    } catch (error) {
      throw storeOpenError(databaseUrl, error);
    }
  };
}

/**
 * With a standby (read-only): its schema is checked, never migrated. When it lacks versions, the
 * primary (DATABASE_URL) is migrated — once per start, on a connection closed at once — and the
 * standby is checked again at each attempt until it has replayed the migration. A standby with
 * this release's schema is used without touching the primary at all, so a replica can start
 * while the primary is down.
 */
export function standbyStep(reader: JobStore, databaseUrl: string, readUrl: string): StoreStep {
  let primaryMigrated = false;
  const checkStandby = (): Promise<void> =>
    reader.checkSchema().catch((error: unknown) => {
      throw storeOpenError(readUrl, error, 'DATABASE_READ_URL');
    });
  return async () => {
    try {
      await checkStandby();
      return;
    } catch (error) {
      if (primaryMigrated || !(error instanceof Error && error.cause instanceof SchemaBehindError)) throw error;
    }
    try {
      const primary = await openStore(databaseUrl);
      await primary.close();
    } catch (error) {
      throw storeOpenError(databaseUrl, error);
    }
    primaryMigrated = true;
    await checkStandby();
  };
}

export interface StoreWaitEvents {
  /** The store failed for the first time since it last answered (said once per run of failures). */
  waiting(reason: string): void;
  /** The store answers after having failed. */
  answers(): void;
}

/**
 * Runs `step` (migrate, or check a standby), retrying with backoff while it fails: the process
 * listens meanwhile (`/healthz` 200, `/readyz` 503 `loading` with the reason recorded in
 * `health`), says why once, and goes on when the store answers. Returns early when `signal`
 * aborts (the caller then stops its start).
 */
export async function whenStoreAnswers(
  step: StoreStep,
  health: RefreshHealth,
  log: Logger,
  events: StoreWaitEvents,
  signal: AbortSignal,
): Promise<void> {
  let waitMs = STORE_RETRY_FIRST_MS;
  let failing = false;
  const aborted = (): boolean => signal.aborted;
  for (;;) {
    try {
      await step();
      if (failing) events.answers();
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (health.failed(new Error(reason), Date.now())) {
        events.waiting(reason);
        log.warn({ reason }, 'store unreachable at start; retrying');
      }
      failing = true;
    }
    if (aborted()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    if (aborted()) return;
    waitMs = Math.min(STORE_RETRY_LAST_MS, waitMs * 2);
  }
}
