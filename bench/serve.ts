import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from '../src/domain/job.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { buildQueryMix, type QueryMix } from './query-mix.js';

/**
 * `jobsearch serve` of the given CLI build as a user starts it (Node's default options) on a
 * SQLite store, for the benchmarks that measure the service: quiet logs (or every request's, on
 * its stdout), no demo postings, no rate limit (the benchmark is one client), on 127.0.0.1:`port`.
 */
export function spawnServe(
  cli: string,
  db: string,
  port: number,
  logs: 'quiet' | 'every request' = 'quiet',
): ChildProcess {
  return spawn(process.execPath, [cli, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: db,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logs === 'quiet' ? 'warn' : 'debug',
      DEMO_POSTINGS: '0',
      RATE_LIMIT_PER_MINUTE: '0',
    },
    // Every request's log line (JSON on stdout) for the caller to read; quiet, nothing to read.
    stdio: ['ignore', logs === 'quiet' ? 'ignore' : 'pipe', 'inherit'],
  });
}

/** Resolves once the served `child` (spawnServe) answers 200 on `/readyz`; rejects if it exits before. */
export async function waitReady(child: ChildProcess, port: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`jobsearch serve exited during start-up (${child.exitCode})`);
    await sleep(200);
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
  }
}

/** Postings a served store's query mix is drawn from (the first live ones in the store's order). */
const MIX_SOURCE = 50_000;

/** The query mix of the benchmarks that measure the service: its first MIX_SOURCE live postings are the seeds. */
export async function mixOf(db: string): Promise<QueryMix> {
  const store = new SqliteJobStore(db);
  const jobs: Job[] = [];
  try {
    for await (const chunk of store.liveChunks(Date.now())) {
      jobs.push(...chunk);
      if (jobs.length >= MIX_SOURCE) break;
    }
  } finally {
    await store.close();
  }
  return buildQueryMix(jobs, { seed: 1, filters: 4_000, suggests: 200, warmup: 10 });
}
