/** Child process: loads the store, builds the engine, times it, then serves the app for the HTTP run. */
import { PerformanceObserver } from 'node:perf_hooks';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { buildApp } from '../src/http/build-app.js';
import { buildStreaming, LiveIndex } from '../src/runtime/live-index.js';
import { SearchIndex } from '../src/search/search-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { fromParent, memoryAfterGc, runChild, toParent } from './child.js';
import { EngineSystem } from './engine-system.js';
import type { EngineStart, GcTotals, ServerCommand } from './messages.js';
import { runSystem } from './run-system.js';

async function main(): Promise<void> {
  const start = await fromParent<EngineStart>();
  const store = new SqliteJobStore(start.corpusPath);
  // As the service builds it: the store's chunks streamed into the index, no array of postings.
  const { index, loadMs, buildMs } = await buildStreaming(store, {
    salaryBuckets: DEFAULT_SALARY_BUCKETS,
    now: start.now,
  });
  const memory = memoryAfterGc();
  await store.close();
  const ready = { documents: index.size, loadMs, buildMs, memory };
  await toParent({ type: 'ready', ready });
  const result = await runSystem(new EngineSystem(index), start.mix, start.settings, (line) => {
    console.log(line);
  });
  await toParent({ type: 'result', result });
  if (start.serve) await serve(index, start.now);
  else process.exit(0);
}

/** The real app over the built index, on a free port; reports its GC on request, stops when told. */
async function serve(index: SearchIndex, now: number): Promise<void> {
  const live = new LiveIndex();
  live.swap(index, 1, now);
  const app = await buildApp({
    live,
    config: { newWithinDays: 7, salaryBuckets: DEFAULT_SALARY_BUCKETS, corsOrigin: '*', cacheMaxAgeSeconds: 10 },
    logger: false,
    now: () => now,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const gc = watchGc();
  process.on('message', (command: ServerCommand) => {
    if (command.type === 'gc') {
      // maxMs is the longest pause since the previous probe.
      void toParent({ type: 'gc', gc: { ...gc } });
      gc.maxMs = 0;
    } else void app.close().then(() => process.exit(0));
  });
  await toParent({ type: 'listening', port });
}

/** Running totals of garbage-collection pauses, from the runtime's own gc performance entries. */
function watchGc(): GcTotals {
  const totals: GcTotals = { pauses: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      totals.pauses++;
      totals.totalMs += entry.duration;
      totals.maxMs = Math.max(totals.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  return totals;
}

runChild(main);
