import { describe, expect, it } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { LiveIndex, rebuildIndex } from '../../src/runtime/live-index.js';
import { MemoryStore } from '../ingest/memory-store.js';
import { job } from '../builders.js';

describe('rebuildIndex on shutdown', () => {
  it('stops between loading and building when its signal aborts, and keeps the snapshot it had', async () => {
    const store = new MemoryStore();
    await store.upsert([job({ key: 'a:1', boardId: '1' }), job({ key: 'a:2', boardId: '2' })]);
    const live = new LiveIndex();
    await rebuildIndex(store, live, { salaryBuckets: DEFAULT_SALARY_BUCKETS });
    const before = live.current;
    expect(before?.index.size).toBe(2);

    await store.upsert([job({ key: 'a:3', boardId: '3' })]);
    const stop = new AbortController();
    const rebuilding = rebuildIndex(store, live, { salaryBuckets: DEFAULT_SALARY_BUCKETS, signal: stop.signal });
    stop.abort(new Error('shutting down'));
    await expect(rebuilding).rejects.toThrow('shutting down');
    expect(live.current).toBe(before);

    await rebuildIndex(store, live, { salaryBuckets: DEFAULT_SALARY_BUCKETS });
    expect(live.current?.index.size).toBe(3);
  });
});
