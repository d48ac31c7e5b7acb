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
  const follower = new StoreFollower(store, live, first, options);
  follower.schedule(options.intervalMs);
  return {
    refresh: () => follower.refresh(),
    wake: () => {
      follower.wake();
    },
    stop: () => {
      follower.stop();
    },
  };
}

/** The follower's state and its steps: poll, refresh (catch up or rebuild), build, install, merge, stop. */
class StoreFollower {
  private stopped = false;
  private current: BuiltIndex;
  private timer: NodeJS.Timeout | undefined;
  private readonly retiring = new Set<BuiltIndex>();
  private readonly now: () => number;
  private readonly policy: MergePolicy;
  /** How long the last build took: a build younger than half of it is restarted for a newer cursor. */
  private lastBuildMs: number;
  private building: AbortController | null = null;
  /** A merge (a full build in the background) under way, while catch-ups go on. */
  private merging: Promise<void> | null = null;
  private running: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;

  constructor(
    private readonly store: JobStore,
    private readonly live: LiveIndex,
    first: BuiltIndex,
    private readonly options: FollowOptions,
  ) {
    this.current = first;
    this.now = options.now ?? Date.now;
    this.policy = options.policy ?? DEFAULT_MERGE_POLICY;
    this.lastBuildMs = first.stats.loadMs + first.stats.buildMs;
  }

  /** Read through a call: stop() may set it during any await, which control-flow narrowing cannot see. */
  private isStopped(): boolean {
    return this.stopped;
  }

  /**
   * One refresh at a time. A caller that finds one under way (a timed poll, say) gets the one
   * after it: the one under way may have read the cursor before the caller's change.
   */
  refresh(): Promise<boolean> {
    if (this.running === null) {
      this.running = this.refreshNow().finally(() => (this.running = null));
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => false)
      .then(() => {
        this.queued = null;
        return this.refresh();
      });
    return this.queued;
  }

  wake(): void {
    if (this.stopped) return;
    // A failure here is the poll's to report (it runs into the same store on its next tick).
    void this.refresh()
      .then(() => this.refresh())
      .catch(() => undefined);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.building?.abort();
    for (const old of this.retiring) old.retire();
    this.retiring.clear();
    this.current.retire();
  }

  /** The next poll, in `ms`. */
  schedule(ms: number): void {
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  /**
   * One poll. One log line per change of state (failing, recovered), not one per tick: a store that
   * is down for an hour must not write 3,600 stacks.
   */
  private async tick(): Promise<void> {
    const { log } = this.options;
    try {
      await this.refresh();
      if (this.live.health.succeeded(this.now())) log.info('store reachable again; the index follows it again');
    } catch (err) {
      if (this.stopped) return;
      if (this.live.health.failed(err, this.now()))
        log.error({ err }, 'index refresh failed; serving the previous index');
      else log.debug({ reason: err instanceof Error ? err.message : String(err) }, 'index refresh failed again');
    } finally {
      // The next poll, or sooner the moment answers change by the clock (an expiry, the end of
      // an is_new window), so that they change at that moment and not up to a poll later.
      // (A moment already past — a refresh that failed — waits for the poll: no busy loop.)
      if (!this.stopped) {
        const due = this.current.nextExpiry + 1 - this.now();
        const interval = this.options.intervalMs;
        this.schedule(due > 0 ? Math.min(interval, due) : interval);
      }
    }
  }

  /**
   * An index that follows the change feed is rebuilt only to merge its deltas (or when its worker
   * died); one that cannot is rebuilt for any change, expiry or age.
   */
  private async refreshNow(): Promise<boolean> {
    const cursor = await this.store.changeCursor();
    const at = this.now();
    if (this.stopped) return false;
    const target = this.current;
    if (target.catchUp && target.healthy()) return this.catchUp(target, cursor, at);
    return this.rebuildIfStale(cursor, at);
  }

  /** Applies the changes since the index's cursor (and what expired) to it, then starts a merge when the policy says. */
  private async catchUp(target: BuiltIndex, cursor: number, at: number): Promise<boolean> {
    if (cursor === target.cursor && !(at > target.nextExpiry)) return false;
    const report = await target.catchUp!(at);
    if (this.isStopped() || this.current !== target) return false; // a merge was swapped in meanwhile
    target.cursor = report.cursor;
    target.nextExpiry = report.nextExpiry;
    if (report.index) target.index = report.index;
    this.live.swap(target.index, report.cursor, at);
    this.options.log.debug({ catchUp: report }, 'index caught up');
    this.options.onCatchUp?.(report);
    if (this.merging === null && this.policy.mergeIntoBase(report.deltaSize, target.stats.documents)) {
      if (target.merge) this.mergeInMemory(target, target.merge);
      else this.startMerge(report.cursor);
    }
    return true;
  }

  private async rebuildIfStale(cursor: number, at: number): Promise<boolean> {
    if (!isStale(this.current, cursor, at, this.options.maxAgeMs)) return false;
    const built = await this.buildLatest(cursor);
    if (this.isStopped()) {
      built.retire();
      return false;
    }
    this.install(built);
    return true;
  }

  private startMerge(cursor: number): void {
    this.merging = this.buildLatest(cursor)
      .then(
        (built) => {
          if (this.isStopped()) built.retire();
          else this.install(built); // it catches up from its own cursor at the next refresh
        },
        (error: unknown) => {
          if (!this.stopped) this.options.log.warn({ err: error }, 'index merge failed; the delta segments stay');
        },
      )
      .finally(() => (this.merging = null));
  }

  /**
   * A merge of an index that merges its own segments in memory: the merged base answers as a build
   * would (its corpus-wide statistics those of one segment), so it is published as a new version.
   */
  private mergeInMemory(target: BuiltIndex, merge: NonNullable<BuiltIndex['merge']>): void {
    const started = performance.now();
    this.merging = merge(this.now())
      .then(
        (report) => {
          if (this.isStopped() || this.current !== target) return;
          target.cursor = report.cursor;
          target.nextExpiry = report.nextExpiry;
          target.stats = { ...target.stats, documents: report.size };
          if (report.index) target.index = report.index;
          // A version of its own, even within the millisecond of the last swap.
          this.live.swap(target.index, report.cursor, Math.max(this.now(), (this.live.current?.builtAt ?? 0) + 1));
          const { index: _index, ...figures } = report;
          const ms = Math.round(performance.now() - started);
          this.options.log.info({ merge: { ...figures, ms } }, 'index merged');
          this.options.onRebuild?.({ documents: report.size, cursor: report.cursor, loadMs: 0, buildMs: ms });
        },
        (error: unknown) => {
          if (!this.stopped) this.options.log.warn({ err: error }, 'index merge failed; the delta segments stay');
        },
      )
      .finally(() => (this.merging = null));
  }

  /**
   * Builds; when the cursor moves again while the build is still young, starts over, so that the
   * index that follows the end of an import comes at most ~1.5 builds after its last commit
   * (rather than two: one that missed it, then one that sees it). A build past half its expected
   * time is always finished, so a steady stream of commits cannot starve the index.
   */
  private async buildLatest(cursor: number): Promise<BuiltIndex> {
    for (;;) {
      const controller = new AbortController();
      this.building = controller;
      const started = performance.now();
      const watch = this.abortWhenYoungAndBehind(controller, started, cursor);
      try {
        const built = await this.options.build(controller.signal);
        this.lastBuildMs = performance.now() - started;
        return built;
      } catch (error) {
        if (!controller.signal.aborted || this.stopped) throw error;
        cursor = await this.store.changeCursor();
        this.options.log.info({ cursor }, 'index build restarted for newer changes');
      } finally {
        clearInterval(watch);
        this.building = null;
      }
    }
  }

  /** Every poll while the build is younger than half the last one: aborts it if the cursor moved past `cursor`. */
  private abortWhenYoungAndBehind(controller: AbortController, started: number, cursor: number): NodeJS.Timeout {
    const young = (): boolean => performance.now() - started < this.lastBuildMs / 2;
    return setInterval(() => {
      if (!young()) return;
      void this.store.changeCursor().then(
        (c) => {
          if (c !== cursor && young()) controller.abort();
        },
        () => undefined,
      );
    }, this.options.intervalMs);
  }

  /** Swaps a newly built index in and retires the one it replaces. */
  private install(built: BuiltIndex): void {
    this.live.swap(built.index, built.cursor, built.builtAt);
    this.retireLater(this.current);
    this.current = built;
    this.options.log.info({ index: built.stats }, 'index rebuilt');
    this.options.onRebuild?.(built.stats);
  }

  /** The replaced index stays usable for requests that took its snapshot before the swap. */
  private retireLater(old: BuiltIndex): void {
    this.retiring.add(old);
    setTimeout(() => {
      if (this.retiring.delete(old)) old.retire();
    }, RETIRE_AFTER_MS).unref();
  }
}
