import type { Logger } from 'pino';
import type { JobStore } from '../store/job-store.js';
import { rebuildIndex, type LiveIndex, type RebuildOptions, type RebuildStats } from './live-index.js';

export interface FollowOptions extends RebuildOptions {
  /** How often to read the store's change cursor. */
  intervalMs: number;
  /** Rebuild at least this often even without changes, so expiry and `now` move on. */
  maxAgeMs: number;
  log: Logger;
  onRebuild?: (stats: RebuildStats) => void;
}

/**
 * Keeps the index in step with the store: another process (an import, another replica's writer)
 * changes the store, this process notices the cursor move and rebuilds. Returns a stop function.
 */
export function followStore(store: JobStore, live: LiveIndex, options: FollowOptions): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const tick = async (): Promise<void> => {
    try {
      const snapshot = live.current;
      const now = options.now?.() ?? Date.now();
      const cursor = await store.changeCursor();
      const stale = !snapshot || cursor !== snapshot.cursor || now - snapshot.builtAt >= options.maxAgeMs;
      if (stale && !stopped) {
        const stats = await rebuildIndex(store, live, options);
        options.log.info({ index: stats }, 'index rebuilt');
        options.onRebuild?.(stats);
      }
    } catch (err) {
      if (stopped || options.signal?.aborted === true) return;
      options.log.error({ err }, 'index refresh failed; serving the previous index');
    } finally {
      if (!stopped) {
        timer = setTimeout(() => void tick(), options.intervalMs);
        timer.unref();
      }
    }
  };

  timer = setTimeout(() => void tick(), options.intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
