/**
 * What a load balancer and an operator need to know of the index's freshness: when the store was
 * last read successfully, and whether the reads fail now.
 *
 * - `loading`: no index yet (503).
 * - `ready`: the last look at the store succeeded (200).
 * - `degraded`: the last look failed, but the index was confirmed current less than
 *   `maxStalenessMs` ago: still worth serving (200, with the reason).
 * - `stale`: failing for longer than that: a load balancer should take the replica out (503).
 */
export type Readiness = 'loading' | 'ready' | 'degraded' | 'stale';

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
   * The readiness at `now`, for an index that exists or not; `maxStalenessMs` 0 never turns a
   * failing replica stale.
   */
  report(now: number, hasIndex: boolean, maxStalenessMs: number): HealthReport {
    const base = { lastSuccess: this.#lastSuccess, failures: this.#failures };
    if (!hasIndex) return { status: 'loading', ...(this.#failing ? { reason: this.#reason } : {}), ...base };
    if (!this.#failing) return { status: 'ready', ...base };
    const age = this.#lastSuccess === null ? Number.POSITIVE_INFINITY : now - this.#lastSuccess;
    const stale = maxStalenessMs > 0 && age > maxStalenessMs;
    return { status: stale ? 'stale' : 'degraded', reason: this.#reason, ...base };
  }
}
