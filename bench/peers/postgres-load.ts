import type pg from 'pg';
import type { FlatCorpus, FlatJob } from './flat-job.js';
import { SQL_INDEXES } from './sqlite-load.js';
import { nameRows, nameWords, type NameRow } from './sql-suggest.js';

const SCHEMA = `
CREATE TABLE jobs (
  id integer NOT NULL, board_id text NOT NULL, sort_date bigint NOT NULL,
  salary_bucket text, work_model text, position text NOT NULL, seniority text, employment_type text,
  industry text, company_size text, company text NOT NULL, remote integer, is_seo smallint NOT NULL
);
CREATE TABLE job_places (slug text NOT NULL, job_id integer NOT NULL);
CREATE TABLE job_skills (slug text NOT NULL, job_id integer NOT NULL);
CREATE TABLE job_text (id integer NOT NULL, tsv tsvector NOT NULL);
CREATE TABLE places (slug text NOT NULL, name text NOT NULL, folded text NOT NULL, jobs integer NOT NULL);
CREATE TABLE place_words (word text NOT NULL, slug text NOT NULL);
CREATE TABLE companies (company text NOT NULL, name text NOT NULL, folded text NOT NULL, jobs integer NOT NULL);
CREATE TABLE company_words (word text NOT NULL, company text NOT NULL);
`;

const KEYS_AND_INDEXES = [
  'ALTER TABLE jobs ADD PRIMARY KEY (id)',
  'ALTER TABLE job_places ADD PRIMARY KEY (slug, job_id)',
  'ALTER TABLE job_skills ADD PRIMARY KEY (slug, job_id)',
  'ALTER TABLE job_text ADD PRIMARY KEY (id)',
  'ALTER TABLE places ADD PRIMARY KEY (slug)',
  'ALTER TABLE companies ADD PRIMARY KEY (company)',
  ...SQL_INDEXES,
  'CREATE INDEX job_text_tsv ON job_text USING gin (tsv)',
  'CREATE INDEX place_words_word ON place_words (word text_pattern_ops)',
  'CREATE INDEX company_words_word ON company_words (word text_pattern_ops)',
];

const BATCH = 5_000;

/** Creates the schema, inserts in batches (arrays through unnest), then keys, indexes, VACUUM ANALYZE. */
export async function loadPostgres(client: pg.Client, corpus: FlatCorpus): Promise<void> {
  await client.query(SCHEMA);
  for (let from = 0; from < corpus.jobs.length; from += BATCH) {
    await insertJobs(client, corpus.jobs.slice(from, from + BATCH));
  }
  const names = nameRows(corpus);
  await insertNames(client, 'places', 'place_words', 'slug', names.places);
  await insertNames(client, 'companies', 'company_words', 'company', names.companies);
  await client.query("SET maintenance_work_mem = '512MB'");
  for (const sql of KEYS_AND_INDEXES) await client.query(sql);
  await client.query('VACUUM ANALYZE');
}

async function insertJobs(client: pg.Client, jobs: readonly FlatJob[]): Promise<void> {
  const col = <T>(f: (j: FlatJob) => T): T[] => jobs.map(f);
  await client.query(
    `INSERT INTO jobs SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[],
       $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[], $13::smallint[])`,
    [
      col((j) => j.id),
      col((j) => j.boardId),
      col((j) => j.postedAt ?? 0),
      col((j) => j.salaryBucket),
      col((j) => j.workModel),
      col((j) => j.position),
      col((j) => j.seniority),
      col((j) => j.employmentType),
      col((j) => j.industry),
      col((j) => j.companySize),
      col((j) => j.company),
      col((j) => j.remote),
      col((j) => (j.isSeo ? 1 : 0)),
    ],
  );
  await insertPairs(
    client,
    'job_places',
    jobs.flatMap((j) => j.places.map((s) => [s, j.id] as const)),
  );
  await insertPairs(
    client,
    'job_skills',
    jobs.flatMap((j) => j.skills.map((s) => [s, j.id] as const)),
  );
  await client.query(
    "INSERT INTO job_text SELECT id, to_tsvector('simple', t) FROM unnest($1::int[], $2::text[]) AS u(id, t)",
    [col((j) => j.id), col((j) => j.text)],
  );
}

async function insertPairs(
  client: pg.Client,
  table: string,
  pairs: readonly (readonly [string, number])[],
): Promise<void> {
  await client.query(`INSERT INTO ${table} SELECT * FROM unnest($1::text[], $2::int[])`, [
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  ]);
}

async function insertNames(
  client: pg.Client,
  table: string,
  wordTable: string,
  key: string,
  rows: readonly NameRow[],
): Promise<void> {
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows.slice(from, from + BATCH);
    await client.query(
      `INSERT INTO ${table} (${key}, name, folded, jobs) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
      [batch.map((r) => r.key), batch.map((r) => r.name), batch.map((r) => r.folded), batch.map((r) => r.jobs)],
    );
    const words = batch.flatMap((r) => nameWords(r.name).map((w) => [w, r.key] as const));
    await client.query(`INSERT INTO ${wordTable} (word, ${key}) SELECT * FROM unnest($1::text[], $2::text[])`, [
      words.map((w) => w[0]),
      words.map((w) => w[1]),
    ]);
  }
}
