import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { generatePostings } from '../../src/demo/generate.js';
import { buildApp } from '../../src/http/build-app.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { importRecords } from '../../src/ingest/run-import.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { facetDifference } from '../../bench/agreement.js';
import { EngineSystem } from '../../bench/engine-system.js';
import { filterUrl } from '../../bench/http-urls.js';
import { flattenJobs } from '../../bench/peers/flat-job.js';
import { ItemsjsPeer } from '../../bench/peers/itemsjs.js';
import { OramaPeer } from '../../bench/peers/orama.js';
import { PostgresPeer } from '../../bench/peers/postgres-sql.js';
import { SqlitePeer } from '../../bench/peers/sqlite-sql.js';
import { createBenchDatabase, dropBenchDatabase } from '../../bench/pg-database.js';
import { buildQueryMix, isKeywordKind, type MixSizes } from '../../bench/query-mix.js';
import { FACET_LIMIT } from '../../bench/run-system.js';
import type { SearchSystem } from '../../bench/system.js';
import { testConfig } from '../http/fixture.js';
import { ADMIN_URL } from '../pg-database.js';

const NOW = Date.UTC(2026, 0, 15, 12);
const SIZES: MixSizes = { seed: 3, filters: 200, suggests: 100, warmup: 10 };
/** Peers have no stemming: keyword queries are left out of the count comparison. */
const COMPARED = 80;

let jobs: Job[] = [];
let engine: EngineSystem;

beforeAll(async () => {
  const store = new SqliteJobStore(':memory:');
  await store.migrate();
  await importRecords(generatePostings({ count: 2_000, seed: 11, now: NOW }), store, { source: 'bench', now: NOW });
  jobs = await store.loadLive(NOW);
  await store.close();
  engine = new EngineSystem(SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }));
});

describe('the bench query mix', () => {
  it('is the same for the same corpus and seed', () => {
    expect(buildQueryMix(jobs, SIZES)).toEqual(buildQueryMix(jobs, SIZES));
  });

  it('changes with the seed', () => {
    expect(buildQueryMix(jobs, { ...SIZES, seed: 4 }).filters).not.toEqual(buildQueryMix(jobs, SIZES).filters);
  });

  it('holds distinct queries, none of them among the warm-up queries', () => {
    const mix = buildQueryMix(jobs, SIZES);
    const keys = [...mix.filters, ...mix.warmup.filters].map((q) => JSON.stringify(q.filter));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the engine of the bench', () => {
  it("reads the mix's keyword queries as the API does: its counts are the API's over HTTP", async () => {
    const live = new LiveIndex();
    live.swap(engine.index, 1, NOW);
    const app = await buildApp({ live, config: testConfig(), logger: false, now: () => NOW });
    try {
      const queries = buildQueryMix(jobs, SIZES).filters.filter((q) => isKeywordKind(q.kind));
      let readOtherwise = 0;
      for (const query of queries) {
        const res = await app.inject({ method: 'GET', url: filterUrl('count', query) });
        const api = res.json<{ total_results: number }>().total_results;
        expect(engine.count(query.filter), JSON.stringify(query.filter)).toBe(api);
        if (engine.index.count(query.filter) !== api) readOtherwise++;
      }
      // Some queries mean something else to the API than their words all required.
      expect(readOtherwise).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

/** Count and facet disagreements of a peer with the engine over the mix's first queries. */
async function disagreements(peer: SearchSystem): Promise<string[]> {
  const mix = buildQueryMix(jobs, SIZES);
  const found: string[] = [];
  for (const { kind, filter } of mix.filters.slice(0, COMPARED)) {
    if (isKeywordKind(kind) || peer.unsupported(filter) !== null) continue;
    const what = JSON.stringify(filter);
    const ours = engine.count(filter);
    const theirs = await peer.count(filter);
    if (ours !== theirs) found.push(`count ${what}: engine ${ours}, ${peer.name} ${theirs}`);
    const diff = facetDifference(
      engine.facetSummary(filter, FACET_LIMIT),
      await peer.facetSummary(filter, FACET_LIMIT),
    );
    if (diff !== null) found.push(`facets ${what}: ${diff}`);
  }
  return found;
}

describe('the peers on 2,000 generated postings', () => {
  it('itemsjs agrees with the engine on counts and facet counts', async () => {
    expect(await disagreements(new ItemsjsPeer(flattenJobs(jobs), FACET_LIMIT))).toEqual([]);
  });

  it('Orama agrees with the engine on counts and facet counts', async () => {
    expect(await disagreements(await OramaPeer.build(flattenJobs(jobs), { keywords: true }))).toEqual([]);
  });

  it('SQLite agrees with the engine on counts and facet counts', async () => {
    const peer = SqlitePeer.build(flattenJobs(jobs), ':memory:');
    expect(await disagreements(peer)).toEqual([]);
    await peer.close();
  });

  describe('PostgreSQL', () => {
    let db: { name: string; url: string };
    beforeAll(async () => {
      // The test run's PostgreSQL (test/global-postgres.ts), not the bench's default server.
      db = await createBenchDatabase(ADMIN_URL);
    });
    afterAll(async () => {
      // undefined when beforeAll failed before it was set
      const made = db as typeof db | undefined;
      if (made) await dropBenchDatabase(made.name, ADMIN_URL);
    });

    it('agrees with the engine on counts and facet counts', async () => {
      const peer = await PostgresPeer.build(flattenJobs(jobs), db.url);
      try {
        expect(await disagreements(peer)).toEqual([]);
      } finally {
        await peer.close();
      }
    });
  });
});
