import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `jobsearch serve` of the given CLI build as a user starts it (Node's default options) on a
 * SQLite store, for the benchmarks that measure the service: quiet logs, no demo postings, no rate
 * limit (the benchmark is one client), on 127.0.0.1:`port`.
 */
export function spawnServe(cli: string, db: string, port: number): ChildProcess {
  return spawn(process.execPath, [cli, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: db,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_POSTINGS: '0',
      RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
