import type { Logger } from 'pino';
import type { JobStore } from '../store/job-store.js';
import { DEFAULT_MERGE_POLICY, type MergePolicy } from '../search/segments/merge-policy.js';
import type { CatchUpReport } from './change-applier.js';
import type { BuiltIndex, LiveIndex, RebuildStats } from './live-index.js';

/** How long a replaced index stays usable for requests that took its snapshot before the swap. */
const RETIRE_AFTER_MS = 5_000;

export interface FollowOptions {
  /** How often to read the store's change cursor. */
  intervalMs: number;
  /** Rebuild at least this often even without changes. */
  maxAgeMs: number;
  log: Logger;
  now?: () => number;
  /** Builds a new index from the store (in a worker thread, for the service); may be aborted. */
  build: (signal?: AbortSignal) => Promise<BuiltIndex>;
  onRebuild?: (stats: RebuildStats) => void;
  /** After each catch-up (changes applied to the index without a build). */
  onCatchUp?: (report: CatchUpReport) => void;
  /**
   * When a catch-up also starts a merge into a new base: a full build in the background, swapped
   * in when done (default DEFAULT_MERGE_POLICY, the segment set's own).
   */
  policy?: MergePolicy;
}

export interface Follower {
  /**
   * One step of the loop: catches up (or rebuilds) and swaps when the index is stale; resolves
   * true if it did. It reads the store after the call (waiting for a step under way first).
   */
  refresh(): Promise<boolean>;
  /**
   * Checks the store now rather than at the next poll (a change notification arrived), after any
   * refresh under way: that one may have read the cursor before the change.
   */
  wake(): void;
  /** Stops following and frees every index it holds, the current one included. */
  stop(): void;
}

/** Whether an index no longer answers as the store at `now` would. */
export function isStale(
  index: Pick<BuiltIndex, 'cursor' | 'builtAt' | 'nextExpiry' | 'healthy'>,
  cursor: number,
  now: number,
  maxAgeMs: number,
): boolean {
  return cursor !== index.cursor || now > index.nextExpiry || now - index.builtAt >= maxAgeMs || !index.healthy();
}

/**
 * Keeps the index in step with the store. Every `intervalMs` it reads the change cursor; when the
 * cursor moved (an import, a deletion, another replica's writer), a posting's validThrough has
 * passed, or the index is older than `maxAgeMs`, it builds a new index (one at a time: changes
 * that arrive meanwhile are picked up by the next build, all at once) and swaps it in whole. The
 * previous index is freed a few seconds later.
 */
export function followStore(store: JobStore, live: LiveIndex, first: BuiltIndex, options: FollowOptions): Follower {
  let stopped = false;
  /** Read through a call: stop() may set it during any await, which control-flow narrowing cannot see. */
  const isStopped = (): boolean => stopped;
  let current = first;
  let timer: NodeJS.Timeout | undefined;
  const retiring = new Set<BuiltIndex>();
  const now = options.now ?? Date.now;

  const retireLater = (old: BuiltIndex): void => {
    retiring.add(old);
    setTimeout(() => {
      if (retiring.delete(old)) old.retire();
    }, RETIRE_AFTER_MS).unref();
  };

  /** How long the last build took: a build younger than half of it is restarted for a newer cursor. */
  let lastBuildMs = first.stats.loadMs + first.stats.buildMs;
  let building: AbortController | null = null;

  /**
   * Builds; when the cursor moves again while the build is still young, starts over, so that the
   * index that follows the end of an import comes at most ~1.5 builds after its last commit
   * (rather than two: one that missed it, then one that sees it). A build past half its expected
   * time is always finished, so a steady stream of commits cannot starve the index.
   */
  const buildLatest = async (cursor: number): Promise<BuiltIndex> => {
    for (;;) {
      const controller = new AbortController();
      building = controller;
      const started = performance.now();
      const watch = setInterval(() => {
        if (performance.now() - started >= lastBuildMs / 2) return;
        void store.changeCursor().then(
          (c) => {
            if (c !== cursor && performance.now() - started < lastBuildMs / 2) controller.abort();
          },
          () => undefined,
        );
      }, options.intervalMs);
      try {
        const built = await options.build(controller.signal);
        lastBuildMs = performance.now() - started;
        return built;
      } catch (error) {
        if (!controller.signal.aborted || stopped) throw error;
        cursor = await store.changeCursor();
        options.log.info({ cursor }, 'index build restarted for newer changes');
      } finally {
        clearInterval(watch);
        building = null;
      }
    }
  };

  /** Swaps a newly built index in and retires the one it replaces. */
  const install = (built: BuiltIndex): void => {
    live.swap(built.index, built.cursor, built.builtAt);
    retireLater(current);
    current = built;
    options.log.info({ index: built.stats }, 'index rebuilt');
    options.onRebuild?.(built.stats);
  };

  const policy = options.policy ?? DEFAULT_MERGE_POLICY;
  /** A merge (a full build in the background) under way, while catch-ups go on. */
  let merging: Promise<void> | null = null;
  const startMerge = (cursor: number): void => {
    merging = buildLatest(cursor)
      .then(
        (built) => {
          if (isStopped()) built.retire();
          else install(built); // it catches up from its own cursor at the next refresh
        },
        (error: unknown) => {
          if (!stopped) options.log.warn({ err: error }, 'index merge failed; the delta segments stay');
        },
      )
      .finally(() => (merging = null));
  };

  /**
   * A merge of an index that merges its own segments in memory: the merged base answers as a build
   * would (its corpus-wide statistics those of one segment), so it is published as a new version.
   */
  const mergeInMemory = (target: BuiltIndex, merge: NonNullable<BuiltIndex['merge']>): void => {
    const started = performance.now();
    merging = merge(now())
      .then(
        (report) => {
          if (isStopped() || current !== target) return;
          target.cursor = report.cursor;
          target.nextExpiry = report.nextExpiry;
          target.stats = { ...target.stats, documents: report.size };
          if (report.index) target.index = report.index;
          // A version of its own, even within the millisecond of the last swap.
          live.swap(target.index, report.cursor, Math.max(now(), (live.current?.builtAt ?? 0) + 1));
          const { index: _index, ...figures } = report;
          const ms = Math.round(performance.now() - started);
          options.log.info({ merge: { ...figures, ms } }, 'index merged');
          options.onRebuild?.({ documents: report.size, cursor: report.cursor, loadMs: 0, buildMs: ms });
        },
        (error: unknown) => {
          if (!stopped) options.log.warn({ err: error }, 'index merge failed; the delta segments stay');
        },
      )
      .finally(() => (merging = null));
  };

  let running: Promise<boolean> | null = null;
  const refreshNow = async (): Promise<boolean> => {
    const cursor = await store.changeCursor();
    const at = now();
    if (stopped) return false;
    const target = current;
    // An index that follows the change feed is rebuilt only to merge its deltas (or when its
    // worker died); one that cannot is rebuilt for any change, expiry or age.
    if (target.catchUp && target.healthy()) {
      if (cursor === target.cursor && !(at > target.nextExpiry)) return false;
      const report = await target.catchUp(at);
      if (isStopped() || current !== target) return false; // a merge was swapped in meanwhile
      target.cursor = report.cursor;
      target.nextExpiry = report.nextExpiry;
      if (report.index) target.index = report.index;
      live.swap(target.index, report.cursor, at);
      options.log.debug({ catchUp: report }, 'index caught up');
      options.onCatchUp?.(report);
      if (merging === null && policy.mergeIntoBase(report.deltaSize, target.stats.documents)) {
        if (target.merge) mergeInMemory(target, target.merge);
        else startMerge(report.cursor);
      }
      return true;
    }
    if (!isStale(current, cursor, at, options.maxAgeMs)) return false;
    const built = await buildLatest(cursor);
    if (isStopped()) {
      built.retire();
      return false;
    }
    install(built);
    return true;
  };
  // One refresh at a time. A caller that finds one under way (a timed poll, say) gets the one
  // after it: the one under way may have read the cursor before the caller's change.
  let queued: Promise<boolean> | null = null;
  const refresh = (): Promise<boolean> => {
    if (running === null) {
      running = refreshNow().finally(() => (running = null));
      return running;
    }
    queued ??= running
      .catch(() => false)
      .then(() => {
        queued = null;
        return refresh();
      });
    return queued;
  };

  // One log line per change of state (failing, recovered), not one per tick: a store that is down
  // for an hour must not write 3,600 stacks.
  const tick = async (): Promise<void> => {
    try {
      await refresh();
      if (live.health.succeeded(now())) options.log.info('store reachable again; the index follows it again');
    } catch (err) {
      if (stopped) return;
      if (live.health.failed(err, now()))
        options.log.error({ err }, 'index refresh failed; serving the previous index');
      else
        options.log.debug({ reason: err instanceof Error ? err.message : String(err) }, 'index refresh failed again');
    } finally {
      if (!stopped) {
        // The next poll, or sooner the moment answers change by the clock (an expiry, the end of
        // an is_new window), so that they change at that moment and not up to a poll later.
        // (A moment already past — a refresh that failed — waits for the poll: no busy loop.)
        const due = current.nextExpiry + 1 - now();
        timer = setTimeout(() => void tick(), due > 0 ? Math.min(options.intervalMs, due) : options.intervalMs);
        timer.unref();
      }
    }
  };

  timer = setTimeout(() => void tick(), options.intervalMs);
  timer.unref();
  return {
    refresh,
    wake() {
      if (stopped) return;
      // A failure here is the poll's to report (it runs into the same store on its next tick).
      void refresh()
        .then(() => refresh())
        .catch(() => undefined);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      building?.abort();
      for (const old of retiring) old.retire();
      retiring.clear();
      current.retire();
    },
  };
}
