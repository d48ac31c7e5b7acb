/**
 * What a load balancer and an operator need to know of the index's freshness: when the store was
 * last read successfully, and whether the reads fail now.
 *
 * - `loading`: no index yet (503).
 * - `ready`: the last look at the store succeeded (200).
 * - `degraded`: the last look failed, but the index was confirmed current less than
 *   `maxStalenessMs` ago: still worth serving (200, with the reason).
 * - `stale`: failing for longer than that: a load balancer should take the replica out (503).
 * - `store_lost`: the store's file was removed or replaced under the process, which still reads
 *   the old one: nothing written from now on would reach it (503 until the file is back or a restart).
 */
export type Readiness = 'loading' | 'ready' | 'degraded' | 'stale' | 'store_lost';

export const READINESS_STATES: readonly Readiness[] = ['loading', 'ready', 'degraded', 'stale', 'store_lost'];

export interface HealthReport {
  status: Readiness;
  /** Why it is degraded or stale (the last error's message), else absent. */
  reason?: string;
  /** Epoch ms of the last successful read of the store (cursor check or build); null before any. */
  lastSuccess: number | null;
  /** Failed refreshes since start. */
  failures: number;
}

/** Kept by the follower (one per process), read by /readyz and /metrics. */
export class RefreshHealth {
  #lastSuccess: number | null = null;
  #failures = 0;
  #failing = false;
  #reason = '';
  #lost: string | null = null;

  get lastSuccess(): number | null {
    return this.#lastSuccess;
  }

  get failures(): number {
    return this.#failures;
  }

  /** Records a successful read of the store; true when it ends a run of failures (a state change). */
  succeeded(now: number): boolean {
    this.#lastSuccess = now;
    const recovered = this.#failing;
    this.#failing = false;
    this.#reason = '';
    return recovered;
  }

  /** Records a failed refresh; true when it starts a run of failures (a state change). */
  failed(error: unknown, _now: number): boolean {
    this.#failures++;
    this.#reason = error instanceof Error ? error.message : String(error);
    const started = !this.#failing;
    this.#failing = true;
    return started;
  }

  /**
   * Records what a check of the store's file found: the reason it is no longer the store this
   * process reads (removed, replaced), or null when it is. True when the state changed.
   */
  storeFile(problem: string | null): boolean {
    const changed = problem !== this.#lost;
    this.#lost = problem;
    return changed;
  }

  /**
   * The readiness at `now`, for an index that exists or not; `maxStalenessMs` 0 never turns a
   * failing replica stale.
   */
  report(now: number, hasIndex: boolean, maxStalenessMs: number): HealthReport {
    const base = { lastSuccess: this.#lastSuccess, failures: this.#failures };
    if (this.#lost !== null) return { status: 'store_lost', reason: this.#lost, ...base };
    if (!hasIndex) return { status: 'loading', ...(this.#failing ? { reason: this.#reason } : {}), ...base };
    if (!this.#failing) return { status: 'ready', ...base };
    const age = this.#lastSuccess === null ? Number.POSITIVE_INFINITY : now - this.#lastSuccess;
    const stale = maxStalenessMs > 0 && age > maxStalenessMs;
    return { status: stale ? 'stale' : 'degraded', reason: this.#reason, ...base };
  }
}
