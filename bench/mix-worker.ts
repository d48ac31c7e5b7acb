/**
 * Child process: draws the query mix from the corpus's postings and sends it back. The mix needs
 * every posting as an object (gigabytes at a million); drawn in a process of its own, they never
 * share a heap with the engine being timed, which the service never has to hold either.
 */
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { fromParent, runChild, toParent } from './child.js';
import type { MixStart } from './messages.js';
import { buildQueryMix } from './query-mix.js';

async function main(): Promise<void> {
  const start = await fromParent<MixStart>();
  const store = new SqliteJobStore(start.corpusPath);
  const mix = buildQueryMix(await store.loadLive(start.now), start.mixSizes);
  await store.close();
  await toParent({ type: 'mix', mix });
  process.exit(0);
}

runChild(main);
