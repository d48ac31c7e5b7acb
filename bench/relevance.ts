/**
 * `npm run bench -- relevance`: ranking quality on judged queries over real postings
 * (bench/relevance/README.md). The service answers through its HTTP query path (Fastify inject);
 * peers index the same postings' title, company, places and description, title weighted highest.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import MiniSearch from 'minisearch';
import pg from 'pg';
import type { Job } from '../src/domain/job.js';
import { buildApp } from '../src/http/build-app.js';
import { importFile } from '../src/ingest/run-import.js';
import { LiveIndex } from '../src/runtime/live-index.js';
import { SearchIndex } from '../src/search/segments/search-index.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { createBenchDatabase, dropBenchDatabase } from './pg-database.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(HERE, '..', 'test', 'fixtures', 'real-postings', 'postings.ndjson');
const EXTRA = join(HERE, 'relevance', 'extra-postings.ndjson');
const QUERIES = join(HERE, 'relevance', 'queries.json');
/** Every posting is live at this instant (the fixture's own test uses it). */
const NOW = Date.UTC(2026, 10, 21);
const DEPTH = 20;
/** The fixture's postings the queries were judged on: its first 54 lines (later lines came after the judging). */
const JUDGED_FIXTURE_LINES = 54;

export interface JudgedQuery {
  id: string;
  q: string;
  note: string;
  heldOut: boolean;
  judgments: Record<string, number>;
}

/** A system ranks posting keys (fNN, xNN) for a query text, best first, at most DEPTH. */
type Ranker = (q: string) => Promise<string[]>;

interface Posting {
  key: string;
  job: Job;
  title: string;
  company: string;
  places: string;
  description: string;
}

/** The judged queries of bench/relevance/queries.json. */
export function loadQueries(): JudgedQuery[] {
  return (JSON.parse(readFileSync(QUERIES, 'utf8')) as { queries: JudgedQuery[] }).queries;
}

function lines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Imports both files into an in-memory store and pairs each posting key with its job. */
async function loadPostings(): Promise<Posting[]> {
  const store = new SqliteJobStore(':memory:');
  await store.migrate();
  const judged = lines(FIXTURE).slice(0, JUDGED_FIXTURE_LINES);
  await importFile(Readable.from(judged.map((r) => `${JSON.stringify(r)}\n`)), store, { source: 'real', now: NOW });
  await importFile(EXTRA, store, { source: 'extra', now: NOW });
  const jobs = await store.loadLive(0);
  await store.close();
  const byTitle = new Map(jobs.filter((j) => j.source === 'real').map((j) => [j.title, j]));
  const byUrl = new Map(jobs.filter((j) => j.source === 'extra').map((j) => [j.url, j]));
  const out: Posting[] = [];
  const add = (key: string, job: Job | undefined): void => {
    if (job === undefined) throw new Error(`posting ${key} was not imported`);
    out.push({
      key,
      job,
      title: job.title,
      company: job.company.name,
      places: job.places
        .flatMap((p) => [p.city?.name, p.region?.name, p.country?.name])
        .filter(Boolean)
        .join(' '),
      description: job.detail?.description ?? job.searchText,
    });
  };
  for (const [i, r] of judged.entries()) {
    add(`f${String(i + 1).padStart(2, '0')}`, byTitle.get(String(r.title).replace(/\s+/g, ' ').trim()));
  }
  for (const [i, r] of lines(EXTRA).entries()) add(`x${String(i + 1).padStart(2, '0')}`, byUrl.get(String(r.url)));
  return out;
}

/** The service through its list endpoint; `sort` absent = the API's default order. */
async function serviceRanker(
  postings: Posting[],
  sort: string | null,
): Promise<{ rank: Ranker; close: () => Promise<void> }> {
  const live = new LiveIndex();
  live.swap(
    SearchIndex.build(
      postings.map((p) => p.job),
      { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW },
    ),
    7,
    NOW,
  );
  const app = await buildApp({
    live,
    config: { newWithinDays: 7, salaryBuckets: DEFAULT_SALARY_BUCKETS, corsOrigin: '*', cacheMaxAgeSeconds: 0 },
    logger: false,
    now: () => NOW,
  });
  const keyOf = new Map(postings.map((p) => [p.job.boardId, p.key]));
  return {
    rank: async (q) => {
      const params = new URLSearchParams({ q, per_page: String(DEPTH) });
      if (sort !== null) params.set('sort', sort);
      const res = await app.inject({ method: 'GET', url: `/jobs/api/job-search-results-list?${params.toString()}` });
      if (res.statusCode !== 200) throw new Error(`service ${res.statusCode} for ${q}: ${res.body}`);
      const body = res.json<{ jobs: { board_id: string }[] }>();
      return body.jobs.map((j) => keyOf.get(j.board_id) ?? '?');
    },
    close: () => app.close(),
  };
}

/** Words of a query for the peers' own query syntax (letters and digits; quotes would be syntax). */
function words(q: string): string[] {
  return q.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** SQLite FTS5, unicode61 with diacritics removed, bm25 with column weights; all words required. */
function sqliteRanker(postings: Posting[]): { rank: Ranker; close: () => Promise<void> } {
  const db = new Database(':memory:');
  db.exec(
    "CREATE VIRTUAL TABLE docs USING fts5(key UNINDEXED, title, company, places, description, tokenize = 'unicode61 remove_diacritics 2')",
  );
  const insert = db.prepare('INSERT INTO docs (key, title, company, places, description) VALUES (?, ?, ?, ?, ?)');
  for (const p of postings) insert.run(p.key, p.title, p.company, p.places, p.description);
  const search = db.prepare(
    'SELECT key FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 0, 10.0, 3.0, 3.0, 1.0) LIMIT ?',
  );
  return {
    rank: (q) => {
      const w = words(q);
      if (w.length === 0) return Promise.resolve([]);
      // The last word as a prefix, as a search box does while typing.
      const match = w.map((t, i) => `"${t}"${i === w.length - 1 ? '*' : ''}`).join(' ');
      return Promise.resolve((search.all(match, DEPTH) as { key: string }[]).map((r) => r.key));
    },
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}

/** MiniSearch: title boosted, prefix and fuzzy matching, its default OR of words. */
function miniSearchRanker(postings: Posting[]): { rank: Ranker; close: () => Promise<void> } {
  const ms = new MiniSearch<Posting>({
    idField: 'key',
    fields: ['title', 'company', 'places', 'description'],
    searchOptions: { boost: { title: 4, company: 1.5, places: 1.5 }, prefix: true, fuzzy: 0.2 },
  });
  ms.addAll(postings);
  return {
    rank: (q) =>
      Promise.resolve(
        ms
          .search(q)
          .slice(0, DEPTH)
          .map((r) => String(r.id)),
      ),
    close: () => Promise.resolve(),
  };
}

const PG_CONFIG: Record<string, string> = { de: 'german', es: 'spanish', en: 'english' };

/** PostgreSQL full text: per-language configuration, weights A/B/D, websearch_to_tsquery, ts_rank_cd. */
async function postgresRanker(postings: Posting[]): Promise<{ rank: Ranker; close: () => Promise<void> }> {
  const db = await createBenchDatabase();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
  await client.query(`CREATE TABLE docs (key text PRIMARY KEY, cfg regconfig NOT NULL, tsv tsvector NOT NULL)`);
  for (const p of postings) {
    await client.query(
      `INSERT INTO docs VALUES ($1, $2::regconfig,
         setweight(to_tsvector($2::regconfig, unaccent($3)), 'A') ||
         setweight(to_tsvector($2::regconfig, unaccent($4 || ' ' || $5)), 'B') ||
         setweight(to_tsvector($2::regconfig, unaccent($6)), 'D'))`,
      [p.key, PG_CONFIG[p.job.language] ?? 'simple', p.title, p.company, p.places, p.description],
    );
  }
  return {
    rank: async (q) => {
      const res = await client.query<{ key: string }>(
        `SELECT key FROM docs, LATERAL websearch_to_tsquery(cfg, unaccent($1)) AS query
          WHERE tsv @@ query ORDER BY ts_rank_cd('{0.1, 0.2, 0.6, 1.0}', tsv, query) DESC, key LIMIT $2`,
        [q, DEPTH],
      );
      return res.rows.map((r) => r.key);
    },
    close: async () => {
      await client.end();
      await dropBenchDatabase(db.name);
    },
  };
}

export interface QueryScore {
  ndcg10: number;
  p5: number;
  recall20: number;
  zero: boolean;
  ranked: string[];
}

/** Gain 2^grade - 1; ideal order from every judged posting. */
export function scoreQuery(query: JudgedQuery, ranked: string[]): QueryScore {
  const grade = (k: string): number => query.judgments[k] ?? 0;
  const dcg = (gs: number[]): number => gs.slice(0, 10).reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(query.judgments).sort((a, b) => b - a));
  const relevant = Object.values(query.judgments).filter((g) => g > 0).length;
  const top5 = ranked.slice(0, 5).filter((k) => grade(k) > 0).length;
  return {
    ndcg10: ideal === 0 ? 1 : dcg(ranked.map(grade)) / ideal,
    // Relevant among the first five, over the most that could be (fewer than five relevant postings exist for some queries).
    p5: relevant === 0 ? 1 : top5 / Math.min(5, relevant),
    recall20: relevant === 0 ? 1 : ranked.slice(0, 20).filter((k) => grade(k) > 0).length / relevant,
    zero: ranked.length === 0 && relevant > 0,
    ranked,
  };
}

interface Summary {
  ndcg10: number;
  p5: number;
  recall20: number;
  zero: string[];
}

function summarise(queries: JudgedQuery[], scores: Map<string, QueryScore>): Summary {
  const mean = (f: (s: QueryScore) => number): number =>
    queries.reduce((sum, q) => sum + f(scores.get(q.id)!), 0) / Math.max(1, queries.length);
  return {
    ndcg10: mean((s) => s.ndcg10),
    p5: mean((s) => s.p5),
    recall20: mean((s) => s.recall20),
    zero: queries.filter((q) => scores.get(q.id)!.zero).map((q) => q.q),
  };
}

export async function runRelevanceBench(args: string[]): Promise<void> {
  const verbose = args.includes('--worst');
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const all = await loadPostings();
  // Expired postings are shown by no job board: left out of every system and of the judgments.
  const postings = all.filter((p) => p.job.validThrough === null || p.job.validThrough >= NOW);
  const live = new Set(postings.map((p) => p.key));
  const queries = loadQueries().map((q) => ({
    ...q,
    judgments: Object.fromEntries(Object.entries(q.judgments).filter(([k]) => live.has(k))),
  }));
  const systems: [string, () => Promise<{ rank: Ranker; close: () => Promise<void> }>][] = [
    ['service (API default order)', () => serviceRanker(postings, null)],
    ['service, sort=relevance', () => serviceRanker(postings, 'relevance')],
    ['PostgreSQL full text', () => postgresRanker(postings)],
    ['SQLite FTS5', () => Promise.resolve(sqliteRanker(postings))],
    ['MiniSearch', () => Promise.resolve(miniSearchRanker(postings))],
  ];
  const parts: [string, JudgedQuery[]][] = [
    ['all', queries],
    ['tuned', queries.filter((q) => !q.heldOut)],
    ['held-out', queries.filter((q) => q.heldOut)],
  ];
  console.log(
    `Relevance: ${queries.length} judged queries (${parts[2]![1].length} held out) over ${postings.length} real postings`,
  );
  console.log(
    'P@5 = relevant (grade >= 1) among the first 5, over min(5, relevant postings); zero = no result although a relevant posting exists.\n',
  );
  const rows: string[] = [];
  const header = ['system', ...parts.flatMap(([p]) => [`${p} nDCG@10`, `${p} P@5`, `${p} R@20`, `${p} zero`])];
  rows.push(header.join(' | '));
  for (const [name, make] of systems) {
    if (only !== undefined && !name.startsWith(only)) continue;
    const system = await make();
    const scores = new Map<string, QueryScore>();
    try {
      for (const q of queries) scores.set(q.id, scoreQuery(q, await system.rank(q.q)));
    } finally {
      await system.close();
    }
    const cells = [name];
    for (const [, qs] of parts) {
      const s = summarise(qs, scores);
      cells.push(s.ndcg10.toFixed(3), s.p5.toFixed(3), s.recall20.toFixed(3), String(s.zero.length));
    }
    rows.push(cells.join(' | '));
    if (verbose) {
      const worst = [...queries].sort((a, b) => scores.get(a.id)!.ndcg10 - scores.get(b.id)!.ndcg10).slice(0, 15);
      console.log(`\n${name}: worst queries`);
      for (const q of worst) {
        const s = scores.get(q.id)!;
        console.log(
          `  ${s.ndcg10.toFixed(2)} ${q.heldOut ? '(held out) ' : ''}${JSON.stringify(q.q)} -> ${
            s.ranked
              .slice(0, 8)
              .map((k) => `${k}:${q.judgments[k] ?? 0}`)
              .join(' ') || '(nothing)'
          }`,
        );
      }
      const zero = summarise(queries, scores).zero;
      if (zero.length > 0) console.log(`  zero-result: ${zero.map((z) => JSON.stringify(z)).join(', ')}`);
    }
  }
  console.log(`\n${rows.join('\n')}`);
}
