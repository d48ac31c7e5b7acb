/**
 * What a delta segment costs to build against what it costs to read back from the saved-index
 * format: `--count` postings of the harness's corpus (bench/corpus.ts) built into a SearchIndex,
 * saved to a temporary file and loaded back, `--runs` times. A catch-up builds its segment on the
 * index worker's thread today (in steps, beside the requests); built elsewhere and handed over as
 * bytes, the serving thread would only load it. A measurement, not a test.
 *
 *   node --import tsx bench/segment-file.ts [--count 10000] [--runs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { loadIndex, saveIndex } from '../src/search/index-file.js';
import { SearchIndex } from '../src/search/segments/search-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { BENCH_NOW, ensureCorpus } from './corpus.js';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } },
});
const count = Number(values.count);

const corpus = await ensureCorpus(count, 1001, false, (line) => {
  console.log(line);
});
const store = new SqliteJobStore(corpus.path);
const jobs = await store.loadLive(BENCH_NOW);
await store.close();

const dir = mkdtempSync(join(tmpdir(), 'segment-file-'));
const path = join(dir, 'segment.index');
try {
  for (let r = 0; r < Number(values.runs); r++) {
    let t = performance.now();
    const index = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: BENCH_NOW });
    const buildMs = performance.now() - t;
    t = performance.now();
    const meta = { format: 'bench', storeId: 'bench', cursor: 0, builtAt: BENCH_NOW, documents: index.size };
    const { bytes } = saveIndex(path, index, meta);
    const saveMs = performance.now() - t;
    t = performance.now();
    const loaded = loadIndex(path, () => true);
    const loadMs = performance.now() - t;
    if (loaded?.index.size !== index.size) throw new Error('the segment read back differs');
    console.log(
      `${index.size} postings: build ${buildMs.toFixed(0)} ms, save ${saveMs.toFixed(0)} ms (${(bytes / 1e6).toFixed(1)} MB), load ${loadMs.toFixed(1)} ms`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
