import type pg from 'pg';
import type { ChangeWatch, WatchEvents } from './job-store.js';
import { watchChanges } from './postgres-notify.js';

/** How long a notified change is waited for on the standby before the poll is left to take it. */
export const REPLAY_WAIT_MS = 10_000;
/** The pauses between two reads of the standby's cursor: doubling from the first to the last. */
export const REPLAY_CHECK_FIRST_MS = 2;
export const REPLAY_CHECK_LAST_MS = 100;

export interface ReplayWaitOptions {
  /** The bound: give up once this long has passed since the latest notification. */
  maxMs?: number;
  firstMs?: number;
  lastMs?: number;
}

/**
 * Change notifications for a store read from a hot standby: LISTENs on the primary (NOTIFY is
 * not replicated to a standby) and reports a change (`events.change`) only once the standby
 * shows it, so that the follower's read of the standby finds it. A notification carries the
 * change cursor its transaction committed, and that transaction moved the cursor row: the
 * standby has replayed the commit exactly when its cursor (`standbyCursor`, the follower's own
 * one-row read) has reached the notified one. That read is repeated with a doubling pause, for at
 * most `maxMs` after the latest notification; then `events.unreplayed` says so and the poll takes
 * the change. Notifications that arrive during a wait raise its target and extend it, so one
 * wait runs at a time whatever the rate of commits. The listening connection's loss and return
 * are reported as by watchChanges.
 */
export async function watchThroughStandby(
  primary: pg.ClientConfig,
  standbyCursor: () => Promise<number>,
  events: WatchEvents,
  options: ReplayWaitOptions = {},
): Promise<ChangeWatch> {
  const waiter = new ReplayWaiter(standbyCursor, events, options);
  const watch = await watchChanges(primary, {
    ...events,
    change: (cursor) => {
      waiter.notified(cursor);
    },
  });
  return {
    get listening() {
      return watch.listening;
    },
    async close() {
      waiter.close();
      await watch.close();
    },
  };
}

/** One wait at a time for the standby to reach the highest cursor notified. */
class ReplayWaiter {
  #target = -1;
  #deadline = 0;
  #running = false;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;
  readonly #maxMs: number;
  readonly #firstMs: number;
  readonly #lastMs: number;

  constructor(
    private readonly standbyCursor: () => Promise<number>,
    private readonly events: WatchEvents,
    options: ReplayWaitOptions,
  ) {
    this.#maxMs = options.maxMs ?? REPLAY_WAIT_MS;
    this.#firstMs = options.firstMs ?? REPLAY_CHECK_FIRST_MS;
    this.#lastMs = options.lastMs ?? REPLAY_CHECK_LAST_MS;
  }

  notified(cursor: number): void {
    if (this.#closed) return;
    if (cursor > this.#target) this.#target = cursor;
    this.#deadline = performance.now() + this.#maxMs;
    if (!this.#running) void this.#run();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#wake?.();
  }

  async #run(): Promise<void> {
    this.#running = true;
    let pause = this.#firstMs;
    try {
      for (;;) {
        const target = this.#target;
        const shown = await this.#shown();
        if (this.#closed || shown === undefined) return;
        if (shown >= target) {
          this.events.change(shown);
          if (this.#target <= shown) return;
          pause = this.#firstMs;
          continue;
        }
        if (performance.now() >= this.#deadline) {
          this.events.unreplayed?.(
            `the standby's change cursor was still ${String(shown)}, not ${String(target)}, ${String(this.#maxMs)} ms after the notification`,
          );
          return;
        }
        // Closed meanwhile: the next read's outcome is not reported.
        await this.#sleep(pause);
        pause = Math.min(this.#lastMs, pause * 2);
      }
    } finally {
      this.#running = false;
    }
  }

  /** The standby's cursor; undefined (and said) when it could not be read. */
  async #shown(): Promise<number | undefined> {
    try {
      return await this.standbyCursor();
    } catch (error) {
      if (!this.#closed)
        this.events.unreplayed?.(
          `the standby's change cursor could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      return undefined;
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, ms);
      this.#timer.unref();
    });
  }
}
