/** Child process: loads the store, builds one peer from the same jobs, times it on the mix. */
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { fromParent, memoryAfterGc, runChild, toParent } from './child.js';
import type { PeerStart } from './messages.js';
import { flattenJobs, type FlatCorpus } from './peers/flat-job.js';
import { ItemsjsPeer } from './peers/itemsjs.js';
import { OramaPeer } from './peers/orama.js';
import { PostgresPeer } from './peers/postgres-sql.js';
import { SqlitePeer } from './peers/sqlite-sql.js';
import { FACET_LIMIT, runSystem } from './run-system.js';
import type { SearchSystem } from './system.js';

async function main(): Promise<void> {
  const start = await fromParent<PeerStart>();
  const store = new SqliteJobStore(start.corpusPath);
  const t0 = performance.now();
  let corpus: FlatCorpus | null = flattenJobs(await store.loadLive(start.now));
  const t1 = performance.now();
  await store.close();
  const documents = corpus.jobs.length;
  const peer = await buildPeer(start, corpus);
  const t2 = performance.now();
  // The peer keeps what it needs; the loaded jobs are let go before memory is measured.
  corpus = null;
  const ready = { documents, loadMs: t1 - t0, buildMs: t2 - t1, memory: memoryAfterGc() };
  await toParent({ type: 'ready', ready });
  const result = await runSystem(peer, start.mix, start.settings, (line) => {
    console.log(line);
  });
  await peer.close();
  await toParent({ type: 'result', result });
  process.exit(0);
}

async function buildPeer(start: PeerStart, corpus: FlatCorpus): Promise<SearchSystem> {
  switch (start.peer) {
    case 'itemsjs':
      return new ItemsjsPeer(corpus, FACET_LIMIT);
    case 'orama':
      return OramaPeer.build(corpus, { keywords: start.oramaKeywords });
    case 'sqlite':
      return SqlitePeer.build(corpus, start.sqlitePath);
    case 'postgres':
      if (start.postgresUrl === null) throw new Error('the PostgreSQL peer needs a database URL');
      return PostgresPeer.build(corpus, start.postgresUrl);
  }
}

runChild(main);
