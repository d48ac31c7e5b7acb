import { describe, expect, it } from 'vitest';
import type { ListRequest } from '../../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { ChangeApplier, DEFAULT_NEW_WITHIN_MS } from '../../src/runtime/change-applier.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { NOW } from '../search/helpers.js';

const page: ListRequest = { filter: { workModel: 'hybrid' }, sort: 'date', order: 'desc', page: 1, perPage: 5 };

describe('the served index keeps no results of its own', () => {
  it('SearchIndex.keeping(index, 0) answers as the index does, computing every answer anew', () => {
    const jobs = [job(), job({ workModel: 'remote' }), job({ title: 'SEO Lead' })];
    const index = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
    const kept = index.list(page);
    // The index itself keeps its results (tuning's cacheSize): the very same object again.
    expect(index.list({ ...page })).toBe(kept);
    const keeping = SearchIndex.keeping(index, 0);
    const first = keeping.list(page);
    expect(first).toStrictEqual(kept);
    expect(keeping.list({ ...page })).not.toBe(first);
    expect(keeping.list({ ...page })).toStrictEqual(first);
    const facets = { filter: {}, mode: 'disjunctive', facetLimit: 10 } as const;
    expect(keeping.facets(facets)).not.toBe(keeping.facets(facets));
    expect(keeping.facets(facets)).toStrictEqual(index.facets(facets));
  });

  it('neither before nor after a catch-up (a reader over segments)', async () => {
    const store = new SqliteJobStore(':memory:');
    try {
      await store.migrate();
      await store.upsert([job(), job({ workModel: 'remote' })]);
      const cursor = await store.changeCursor();
      const base = SearchIndex.build(await store.loadLive(NOW), { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
      const applier = new ChangeApplier(store, base, cursor, {
        salaryBuckets: DEFAULT_SALARY_BUCKETS,
        newWithinMs: DEFAULT_NEW_WITHIN_MS,
      });
      expect(applier.reader.list(page)).not.toBe(applier.reader.list(page));
      expect(applier.reader.list(page).total).toBe(1);

      await store.upsert([job({ title: 'SEO Lead' })]);
      await applier.catchUp(NOW);
      expect((applier.reader as SearchIndex).leaves).toHaveLength(2);
      expect(applier.reader.list(page)).not.toBe(applier.reader.list(page));
      expect(applier.reader.list(page).total).toBe(2);
    } finally {
      await store.close();
    }
  });
});
