import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { KeywordThread, MAX_WAITING_BATCHES } from '../../src/runtime/keyword-thread.js';
import { EngineBuilder } from '../../src/search/engine.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { runStepsPausing } from '../../src/lib/steps.js';
import { corpusArb, listArb, NOW } from '../search/arbitraries.js';

const OPTIONS = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW };

/** One corpus of more than `min` jobs, the same every run. */
function corpusOf(min: number, seed: number): Job[] {
  return fc.sample(
    corpusArb.filter((c) => c.length > min),
    { numRuns: 1, seed },
  )[0]!;
}

async function* chunksOf(jobs: readonly Job[], size: number): AsyncGenerator<Job[]> {
  for (let i = 0; i < jobs.length; i += size) yield jobs.slice(i, i + size);
}

/** A build whose keyword index is made in a thread, the thread closed after it either way. */
async function builtWithThread(jobs: readonly Job[], chunk: number): Promise<SearchIndex> {
  const keywords = new KeywordThread();
  try {
    return await SearchIndex.buildStreaming(chunksOf(jobs, chunk), { ...OPTIONS, keywords });
  } finally {
    await keywords.close();
  }
}

describe('a keyword index made in a thread of its own', () => {
  it('is the index and the title suggestions a build on one thread makes, and so are its answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        corpusArb,
        fc.integer({ min: 1, max: 25 }),
        fc.array(listArb, { minLength: 1, maxLength: 6 }),
        async (jobs, chunk, lists) => {
          const here = SearchIndex.build(jobs, OPTIONS);
          const threaded = await builtWithThread(jobs, chunk);
          expect(threaded.leaves[0]!.segment.engine.keywords).toEqual(here.leaves[0]!.segment.engine.keywords);
          expect(threaded.leaves[0]!.segment.titleSuggest).toEqual(here.leaves[0]!.segment.titleSuggest);
          for (const r of lists) {
            expect(threaded.list(r)).toEqual(here.list(r));
            expect(threaded.count(r.filter)).toBe(here.count(r.filter));
            expect(threaded.didYouMean(r.filter)).toBe(here.didYouMean(r.filter));
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('keeps up when far more batches come than may wait in the thread', async () => {
    const jobs = corpusOf(2 * MAX_WAITING_BATCHES, 5);
    const threaded = await builtWithThread(jobs, 1);
    const here = SearchIndex.build(jobs, OPTIONS);
    expect(threaded.size).toBe(here.size);
    expect(threaded.leaves[0]!.segment.engine.keywords).toEqual(here.leaves[0]!.segment.engine.keywords);
    expect(threaded.leaves[0]!.segment.titleSuggest).toEqual(here.leaves[0]!.segment.titleSuggest);
  });

  it('fails the build with its reason when the thread ends before it answered', async () => {
    const jobs = corpusOf(4, 9);
    const keywords = new KeywordThread();
    async function* closing(): AsyncGenerator<Job[]> {
      yield jobs.slice(0, 2);
      await keywords.close();
      yield jobs.slice(2);
    }
    await expect(SearchIndex.buildStreaming(closing(), { ...OPTIONS, keywords })).rejects.toThrow(
      /keyword index thread was closed/,
    );
  });

  it('lets the caller go on with its own steps until they wait for the thread', async () => {
    const keywords = new KeywordThread();
    try {
      const jobs = corpusOf(0, 6);
      for (const job of jobs) keywords.addDocument(job);
      keywords.flush();
      const steps = keywords.finishing(1, Uint32Array.from(jobs.keys()));
      // A thread's message comes at a turn of the event loop at the earliest: a pause that waited
      // for it would still be pending after the microtasks queued now.
      let went = false;
      void keywords.pause().then(() => (went = true));
      await Promise.resolve();
      expect(went).toBe(true);
      const index = await runStepsPausing(steps, () => keywords.pause());
      expect(index.n).toBe(jobs.length);
    } finally {
      await keywords.close();
    }
  });

  it("fails with the thread's own error when its work throws there", async () => {
    const keywords = new KeywordThread();
    try {
      for (const job of corpusOf(0, 4)) keywords.addDocument(job);
      keywords.flush();
      // A document order naming an arrival far past the last: the inversion throws in the thread.
      const steps = keywords.finishing(1, Uint32Array.of(1 << 25));
      await expect(runStepsPausing(steps, () => keywords.pause())).rejects.toThrow(/keyword index thread failed: \S/);
    } finally {
      await keywords.close();
    }
  });

  it('refuses to be waited for by steps run without its pause, instead of waiting forever', async () => {
    const jobs = corpusOf(0, 3);
    const keywords = new KeywordThread();
    try {
      const builder = new EngineBuilder(NOW, null, keywords);
      builder.add(jobs);
      expect(() => builder.finish(DEFAULT_SALARY_BUCKETS)).toThrow(/without its pause would wait forever/);
    } finally {
      await keywords.close();
    }
  });
});
