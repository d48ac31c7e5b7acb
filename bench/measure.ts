/** Timing of one operation over a list of queries: medians, p99 and throughput, single thread. */

export interface OpLimits {
  /** Stop after this many timed queries... */
  maxQueries: number;
  /** ...or once this much time has passed (checked after each query), whichever comes first. */
  budgetMs: number;
}

export interface OpStats {
  queries: number;
  /** Queries of the list the system could not answer as asked (a missing feature). */
  skipped: number;
  medianMs: number;
  p99Ms: number;
  /** Queries per second: timed queries / wall time of the timed loop. */
  qps: number;
  /** True when the time budget, not maxQueries, ended the loop. */
  budgetHit: boolean;
  /** Median per group of queries (query kind), when groups were given. */
  medianByGroup?: Record<string, number>;
  /** p99 per group (with few queries per group, close to its slowest). */
  p99ByGroup?: Record<string, number>;
  /**
   * The slowest timed queries, slowest first, when the plan labels its items: where each came in
   * the timed run (consecutive positions point at a pause of the machine or the process rather
   * than at the queries), its group, its time and its label.
   */
  slowest?: { at: number; group: string; ms: number; label: string }[];
}

/** How many of the slowest queries a labelled plan reports. */
const SLOWEST = 10;

type Awaitable<T> = T | Promise<T>;
type Call = () => Awaitable<unknown>;

export interface OpPlan<T> {
  items: readonly T[];
  /** Untimed queries run first (JIT, the system's own caches); distinct from `items` so that a
   * result cache does not turn the timed queries into hits. */
  warmup: readonly T[];
  /** The call for an item, or null when the system cannot answer it (counted as skipped). */
  run: (item: T) => Call | null;
  groupOf?: (item: T) => string;
  /** A short text naming the item (the report lists the slowest by it). */
  labelOf?: (item: T) => string;
}

/** Runs the plan's items in order (cycling) until `maxQueries` or `budgetMs`. */
export async function measureOp<T>(plan: OpPlan<T>, limits: OpLimits): Promise<OpStats> {
  const calls = plan.items.map((item) => ({
    call: plan.run(item),
    group: plan.groupOf?.(item) ?? '',
    label: plan.labelOf?.(item) ?? '',
  }));
  const usable = calls.filter((c): c is { call: Call; group: string; label: string } => c.call !== null);
  const skipped = calls.length - usable.length;
  const empty = { queries: 0, skipped, medianMs: Number.NaN, p99Ms: Number.NaN, qps: Number.NaN, budgetHit: false };
  if (usable.length === 0) return empty;
  for (const item of plan.warmup) {
    const r = plan.run(item)?.();
    if (r instanceof Promise) await r;
  }
  const times: number[] = [];
  const started = performance.now();
  let budgetHit = false;
  for (let i = 0; i < limits.maxQueries; i++) {
    const call = usable[i % usable.length]!.call;
    const t0 = performance.now();
    const r = call();
    // Only real promises are awaited, so a synchronous call is timed without a microtask hop.
    if (r instanceof Promise) await r;
    times.push(performance.now() - t0);
    if (performance.now() - started > limits.budgetMs) {
      budgetHit = i + 1 < limits.maxQueries;
      break;
    }
  }
  const wallMs = performance.now() - started;
  const stats: OpStats = {
    queries: times.length,
    skipped,
    ...summarise(times),
    qps: times.length / (wallMs / 1000),
    budgetHit,
  };
  if (plan.labelOf) {
    stats.slowest = times
      .map((ms, at) => ({ at, ms, group: usable[at % usable.length]!.group, label: usable[at % usable.length]!.label }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
  }
  if (plan.groupOf) {
    const byGroup = summariesByGroup(times, (i) => usable[i % usable.length]!.group);
    stats.medianByGroup = Object.fromEntries([...byGroup].map(([g, st]) => [g, st.medianMs]));
    stats.p99ByGroup = Object.fromEntries([...byGroup].map(([g, st]) => [g, st.p99Ms]));
  }
  return stats;
}

export function summarise(times: readonly number[]): { medianMs: number; p99Ms: number } {
  const sorted = Float64Array.from(times).sort();
  return { medianMs: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
}

/** Nearest-rank quantile of sorted values. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

function summariesByGroup(
  times: readonly number[],
  groupAt: (i: number) => string,
): Map<string, { medianMs: number; p99Ms: number }> {
  const groups = new Map<string, number[]>();
  times.forEach((t, i) => {
    const g = groupAt(i);
    const list = groups.get(g);
    if (list) list.push(t);
    else groups.set(g, [t]);
  });
  return new Map([...groups].map(([g, ts]) => [g, summarise(ts)]));
}
