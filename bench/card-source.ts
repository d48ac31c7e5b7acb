/**
 * Where a page's 20 result cards come from, measured both ways the issue names: the index's own
 * card store (serialised once at build time; in memory after a build, or left in the saved index's
 * file and read by position, as the service serves it) against reading the 20 postings by id from
 * the store (SQLite and PostgreSQL) and making each card from the stored document.
 *
 * The corpus is the harness's (bench/corpus.ts, `--size` postings imported once into a cached
 * SQLite store); the same live postings are copied into a fresh PostgreSQL database made for the
 * run and dropped afterwards (`--no-pg` to skip it). Each round asks `--pages` pages of 20
 * documents drawn at random (no locality: the worst case for every source), every source the
 * same pages in an interleaved order; per page the time to have the 20 ListedJobs in hand (the
 * engine's `withEstimate`, or the store's documents parsed and stripped of what a card leaves out:
 * search text, own URL, detail view). Prints p50 / p99 per page and the card store's bytes, and
 * checks that every source gives the same cards (but for the estimate). A measurement, not a test.
 *
 *   node --import tsx bench/card-source.ts [--size 100000] [--pages 2000] [--rounds 3] [--no-pg]
 */
import { closeSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Job, ListedJob } from '../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { buildStreaming } from '../src/runtime/live-index.js';
import { loadIndex, saveIndex } from '../src/search/index-file.js';
import { withEstimate } from '../src/search/query/list.js';
import { parseJob } from '../src/store/job-json.js';
import type { JobStore } from '../src/store/job-store.js';
import { PostgresJobStore } from '../src/store/postgres-store.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { BENCH_NOW, ensureCorpus } from './corpus.js';
import { quantile } from './measure.js';
import { createBenchDatabase, dropBenchDatabase } from './pg-database.js';
import { SeededRandom } from './random.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    pages: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    'no-pg': { type: 'boolean', default: false },
  },
});
const size = Number(values.size);
const pages = Number(values.pages);
const PER_PAGE = 20;
const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: BENCH_NOW };

type Source = { name: string; page: (docs: readonly number[]) => Promise<readonly ListedJob[]> | readonly ListedJob[] };

/** A stored posting as a card: the job without its search text, own URL and detail view (what `list` answers). */
function card(job: Job): ListedJob {
  const { searchText: _text, url: _url, detail: _detail, ...listed } = job;
  return listed;
}

/** A page read through the store's own lookup, one posting at a time. */
function oneByOne(name: string, store: JobStore, boardIds: readonly string[]): Source {
  return {
    name: `${name}, store.getByBoardId x${PER_PAGE}`,
    page: async (docs) => {
      const out: ListedJob[] = [];
      for (const d of docs) out.push(card((await store.getByBoardId(boardIds[d]!))!));
      return out;
    },
  };
}

async function main(): Promise<void> {
  const corpus = await ensureCorpus(size, 1, false, (line) => {
    console.log(line);
  });
  const store = new SqliteJobStore(corpus.path);
  const dir = mkdtempSync(join(tmpdir(), 'card-source-'));
  let pgName: string | null = null;
  const closers: (() => Promise<void> | void)[] = [];
  try {
    const { index } = await buildStreaming(store, options);
    const inMemory = index.leaves[0]!.segment.engine;
    const path = join(dir, 'index');
    saveIndex(path, index, { format: 'bench', storeId: 'bench', cursor: 0, builtAt: BENCH_NOW, documents: index.size });
    const loaded = loadIndex(path, () => true, { cardsOnDisk: true })!;
    const inFile = loaded.index.leaves[0]!.segment.engine;
    // As the service does once it serves: every card chunk read once, so the page cache holds them.
    for (const _ of inFile.cards.prefetchSteps());
    const n = inMemory.n;
    const boardIds = inMemory.cards.boardIds;
    console.log(
      `${n} live postings; cards: ${(inMemory.cards.bytes / 1e6).toFixed(1)} MB in memory after a build, ` +
        `${(inFile.cards.bytes / 1e6).toFixed(1)} MB left in the saved file (read through the page cache)`,
    );

    // SQLite: the store's own lookup (one statement per posting), and one statement per page.
    const db = new Database(corpus.path, { readonly: true });
    closers.push(() => {
      db.close();
    });
    const byIds = db.prepare(`SELECT doc FROM jobs WHERE board_id IN (${Array(PER_PAGE).fill('?').join(',')})`).pluck();
    const sources: Source[] = [
      { name: 'card store, in memory', page: (docs) => docs.map((d) => withEstimate(inMemory, d)) },
      { name: 'card store, in the saved file', page: (docs) => docs.map((d) => withEstimate(inFile, d)) },
      oneByOne('SQLite', store, boardIds),
      {
        name: 'SQLite, one IN query a page',
        page: (docs) => (byIds.all(...docs.map((d) => boardIds[d]!)) as string[]).map((doc) => card(parseJob(doc))),
      },
    ];

    if (!values['no-pg']) {
      const made = await createBenchDatabase();
      pgName = made.name;
      const pgStore = new PostgresJobStore(made.url);
      closers.push(() => pgStore.close());
      await pgStore.migrate();
      const jobs = await store.loadLive(BENCH_NOW);
      for (let i = 0; i < jobs.length; i += 1_000) await pgStore.upsert(jobs.slice(i, i + 1_000));
      const pool = new pg.Pool({ connectionString: made.url, max: 1 });
      closers.push(() => pool.end());
      sources.push(oneByOne('PostgreSQL', pgStore, boardIds), {
        name: 'PostgreSQL, one query a page',
        page: async (docs) => {
          const result = await pool.query<[string]>({
            text: 'SELECT doc::text FROM jobs WHERE board_id = ANY($1)',
            values: [docs.map((d) => boardIds[d]!)],
            rowMode: 'array',
          });
          return result.rows.map((row) => card(parseJob(row[0])));
        },
      });
    }

    const random = new SeededRandom(7);
    for (let round = 1; round <= Number(values.rounds); round++) {
      const drawn = Array.from({ length: pages }, () => {
        const docs = new Set<number>();
        while (docs.size < PER_PAGE) docs.add(random.below(n));
        return [...docs];
      });
      const times = sources.map(() => new Float64Array(pages));
      for (const [p, docs] of drawn.entries()) {
        // Interleaved, the first source of each page rotating, so no source always runs first.
        for (let k = 0; k < sources.length; k++) {
          const s = (p + k) % sources.length;
          const t0 = performance.now();
          const cards = await sources[s]!.page(docs);
          times[s]![p] = performance.now() - t0;
          if (cards.length !== PER_PAGE) throw new Error(`${sources[s]!.name}: ${cards.length} cards for a page`);
        }
      }
      console.log(`round ${round}, ${pages} pages of ${PER_PAGE} random postings (ms a page):`);
      for (const [s, source] of sources.entries()) {
        const sorted = times[s]!.sort();
        console.log(
          `  ${source.name.padEnd(36)} p50 ${quantile(sorted, 0.5).toFixed(3)}  p99 ${quantile(sorted, 0.99).toFixed(3)}  max ${sorted.at(-1)!.toFixed(2)}`,
        );
      }
    }
    // A check that the sources agree: the same page from each, compared as JSON.
    const docs = Array.from({ length: PER_PAGE }, (_, i) => Math.floor((i * n) / PER_PAGE));
    const expected = await sources[0]!.page(docs);
    for (const source of sources.slice(1)) {
      const got = [...(await source.page(docs))].sort((a, b) => a.key.localeCompare(b.key));
      const want = [...expected].sort((a, b) => a.key.localeCompare(b.key));
      const a = JSON.stringify(got.map(stable));
      const b = JSON.stringify(want.map(stable));
      if (a !== b) {
        let at = 0;
        while (a[at] === b[at]) at++;
        const around = (text: string): string => text.slice(Math.max(0, at - 80), at + 80);
        throw new Error(`${source.name}: other cards than the card store's: ${around(a)} | ${around(b)}`);
      }
    }
    if (loaded.fd !== null)
      closers.push(() => {
        closeSync(loaded.fd!);
      });
  } finally {
    for (const close of closers.reverse()) await close();
    await store.close();
    if (pgName !== null) await dropBenchDatabase(pgName);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A card without its estimate (the store's documents carry none; the index estimates), keys sorted. */
function stable(job: ListedJob): unknown {
  const { estimatedSalary: _e, ...rest } = job;
  return sortKeys(rest);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
}

await main();
