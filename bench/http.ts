import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { GcTotals } from './messages.js';
import { quantile } from './measure.js';
import type { QueryMix } from './query-mix.js';
import { urlsFor } from './http-urls.js';
import { OPERATIONS, type Operation } from './run-system.js';

export const HTTP_CONNECTIONS = 50;

export interface HttpStats {
  /** Mean requests per second over the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * The same without each connection's first answer: a run opens its connections at once, and a
   * busy server takes them from its accept queue one per turn of its event loop, so the last one's
   * first answer waits seconds (bench/README.md, "the uncached rows under 50 connections").
   */
  settled: { p50Ms: number; p99Ms: number };
  requests: number;
  non2xx: number;
  errors: number;
  /** Garbage collection in the server during the run (app rows only). */
  gc?: GcTotals;
  /** 1-minute load average of the machine right after the run (other work skews a row). */
  load: number;
}

export interface HttpResult {
  durationS: number;
  connections: number;
  /** Distinct URLs per endpoint in the mix run. */
  urls: Record<Operation, number>;
  mix: Record<Operation, HttpStats>;
  repeated: Record<Operation, HttpStats>;
  ceiling: HttpStats;
  ceilingBytes: number;
}

/**
 * Loads one URL list (or one URL) with autocannon. All connections draw from one shared cursor,
 * so the list is walked in order as a whole (no two connections start on the same query).
 */
export async function load(
  port: number,
  paths: readonly string[],
  durationS: number,
  headers: Record<string, string> = {},
): Promise<HttpStats> {
  let cursor = 0;
  const nextPath = (): string => paths[cursor++ % paths.length]!;
  const run = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: HTTP_CONNECTIONS,
    duration: durationS,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  const answered = new WeakSet<object>();
  const later: number[] = [];
  run.on('response', (client, _status, _bytes, ms) => {
    if (answered.has(client)) later.push(ms);
    else answered.add(client);
  });
  const result = await run;
  const sorted = Float64Array.from(later).sort();
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    settled: { p50Ms: Math.round(quantile(sorted, 0.5)), p99Ms: Math.round(quantile(sorted, 0.99)) },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: loadavg()[0] ?? 0,
  };
}

/** Asks the server for its GC totals so far. */
export type GcProbe = () => Promise<GcTotals>;

/** Every endpoint with the mix's URLs, then each with one repeated URL. */
export async function loadApp(
  port: number,
  mix: QueryMix,
  durationS: number,
  probe: GcProbe,
  log: (line: string) => void,
): Promise<Pick<HttpResult, 'urls' | 'mix' | 'repeated'>> {
  const urls = {} as Record<Operation, number>;
  const mixed = {} as Record<Operation, HttpStats>;
  const repeated = {} as Record<Operation, HttpStats>;
  const one = { filters: [mix.repeated.filter], suggests: [mix.repeated.suggest] };
  for (const op of OPERATIONS) {
    const paths = urlsFor(op, mix);
    urls[op] = paths.length;
    mixed[op] = await loadWithGc(port, paths, durationS, probe);
    log(`    http ${op}: ${describeHttp(mixed[op])}`);
  }
  for (const op of OPERATIONS) {
    repeated[op] = await loadWithGc(port, urlsFor(op, one), durationS, probe);
    log(`    http ${op} (repeated): ${describeHttp(repeated[op])}`);
  }
  return { urls, mix: mixed, repeated };
}

async function loadWithGc(
  port: number,
  paths: readonly string[],
  durationS: number,
  probe: GcProbe,
): Promise<HttpStats> {
  const before = await probe();
  const stats = await load(port, paths, durationS);
  const after = await probe();
  return {
    ...stats,
    gc: { pauses: after.pauses - before.pauses, totalMs: after.totalMs - before.totalMs, maxMs: after.maxMs },
  };
}

export function describeHttp(s: HttpStats): string {
  const bad = s.non2xx + s.errors > 0 ? `, ${s.non2xx} non-2xx, ${s.errors} errors` : '';
  const gc = s.gc ? `, GC ${Math.round(s.gc.totalMs)} ms in ${s.gc.pauses} pauses` : '';
  return `${Math.round(s.rps)} req/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms${bad}${gc}`;
}
