/**
 * Where an uncached answer's time goes, one request at a time: the client's latency beside the
 * server's own times — `duration_ms` in the body (from the request's arrival to the handler's
 * return) and the request log's `ms` (to the response's end: serialisation, compression and the
 * write included; `LOG_LEVEL=debug`) — per query kind, with the slowest requests and their kinds,
 * and the longest event-loop delays of the client itself (its own pauses count in its latencies),
 * and the floor: a bare route in another process sending an answer's bytes, asked after each.
 *
 *   npm run build && npx tsx bench/latency-split.ts --db <a SQLite store> [--count 1000] [--port 3977]
 *   (a store of bench/live-serve.ts: bench/.cache/live-<size>-<day>.db; it is copied with the index
 *   saved beside it, if any, and not changed; --cli <another dist/cli/main.js>: serve another build)
 */
import { copyFile, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile } from './measure.js';
import { mixOf, spawnServe, waitReady } from './serve.js';
import { filterUrl } from './http-urls.js';
import { Ceiling } from './ceiling.js';
import type { FilterKind } from './query-mix.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    count: { type: 'string', default: '1000' },
    port: { type: 'string', default: '3977' },
    cli: { type: 'string' },
  },
});
if (values.db === undefined) throw new Error('--db <a SQLite store> is required');
const count = Number(values.count);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

interface Sample {
  kind: FilterKind;
  path: string;
  clientMs: number;
  handlerMs: number;
  serverMs: number;
}

function stats(xs: readonly number[]): string {
  const s = Float64Array.from(xs).sort();
  const at = (q: number): string => quantile(s, q).toFixed(1);
  return `p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)} max ${at(1)}`;
}

async function main(): Promise<void> {
  const db = join(tmpdir(), `latency-split-${process.pid}.db`);
  await copyFile(values.db!, db);
  // The index the store's import saved beside it, when there is one: a start reads it (seconds)
  // instead of building (minutes at 1M), and serves the same index a build would.
  await copyFile(`${values.db!}.index`, `${db}.index`).catch(() => undefined);
  const server = spawnServe(values.cli ?? join(ROOT, 'dist', 'cli', 'main.js'), db, port, 'every request');
  const logged = new Map<string, number>();
  createInterface({ input: server.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { msg?: string; url?: string; ms?: number };
    if (entry.msg === 'request' && entry.url !== undefined && entry.ms !== undefined) logged.set(entry.url, entry.ms);
  });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const floors = new Ceiling();
  try {
    await waitReady(server, port);
    const mix = await mixOf(db);
    for (const q of mix.warmup.filters) await fetch(`${base}${filterUrl('list1', q)}`).then((r) => r.text());
    for (const op of ['list1', 'filterData'] as const) {
      const samples: Sample[] = [];
      // The floor: a bare route in another process sending the bytes of an untimed answer of this
      // kind (as this client is sent them), asked after each timed request (as bench/live-serve.ts).
      const floorUrl = await floors.floor(op, port, filterUrl(op, mix.warmup.filters[0]!));
      const floorMs: number[] = [];
      loop.reset();
      loop.enable();
      for (const q of mix.filters.slice(0, count)) {
        const path = filterUrl(op, q);
        const t0 = performance.now();
        const res = await fetch(`${base}${path}`);
        const body = (await res.json()) as { duration_ms: number };
        samples.push({
          kind: q.kind,
          path,
          clientMs: performance.now() - t0,
          handlerMs: body.duration_ms,
          serverMs: 0,
        });
        const f0 = performance.now();
        await fetch(floorUrl).then((r) => r.json());
        floorMs.push(performance.now() - f0);
      }
      loop.disable();
      await sleep(500); // the last log lines
      for (const s of samples) s.serverMs = logged.get(s.path) ?? Number.NaN;
      console.log(`\n${op}, ${samples.length} distinct URLs one at a time (ms; the server's to 1 ms):`);
      console.log(`  client          ${stats(samples.map((s) => s.clientMs))}`);
      console.log(`  server, whole   ${stats(samples.map((s) => s.serverMs))}`);
      console.log(`  server, handler ${stats(samples.map((s) => s.handlerMs))}`);
      console.log(`  after handler   ${stats(samples.map((s) => s.serverMs - s.handlerMs))}`);
      console.log(`  client - server ${stats(samples.map((s) => s.clientMs - s.serverMs))}`);
      console.log(`  the floor        ${stats(floorMs)} (a bare route sending an answer's bytes, after each)`);
      console.log(
        `  the client's own event-loop delay: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} max ${(loop.max / 1e6).toFixed(1)}`,
      );
      const kinds = [...new Set(samples.map((s) => s.kind))];
      for (const kind of kinds) {
        const of = samples.filter((s) => s.kind === kind);
        console.log(
          `  ${kind.padEnd(9)} n=${String(of.length).padStart(4)} client ${stats(of.map((s) => s.clientMs))}`,
        );
        console.log(`  ${''.padEnd(15)} handler ${stats(of.map((s) => s.handlerMs))}`);
      }
      console.log('  slowest:');
      for (const s of [...samples].sort((a, b) => b.clientMs - a.clientMs).slice(0, 10)) {
        console.log(
          `    ${s.clientMs.toFixed(1)} ms (server ${s.serverMs}, handler ${s.handlerMs}) ${s.kind} ${s.path}`,
        );
      }
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(db, { force: true });
    await rm(`${db}.index`, { force: true });
    await floors.stop();
  }
}

await main();
