import type Database from 'better-sqlite3';
import type { FlatCorpus, FlatJob } from './flat-job.js';
import { nameRows, nameWords, type NameRow } from './sql-suggest.js';

const SCHEMA = `
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY, board_id TEXT NOT NULL, sort_date INTEGER NOT NULL,
  salary_bucket TEXT, work_model TEXT, position TEXT NOT NULL, seniority TEXT, employment_type TEXT,
  industry TEXT, company_size TEXT, company TEXT NOT NULL, remote INTEGER, is_seo INTEGER NOT NULL
);
CREATE TABLE job_places (slug TEXT NOT NULL, job_id INTEGER NOT NULL, PRIMARY KEY (slug, job_id)) WITHOUT ROWID;
CREATE TABLE job_skills (slug TEXT NOT NULL, job_id INTEGER NOT NULL, PRIMARY KEY (slug, job_id)) WITHOUT ROWID;
CREATE VIRTUAL TABLE jobs_fts USING fts5(text, content='', tokenize='unicode61 remove_diacritics 2');
CREATE TABLE places (slug TEXT PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL, jobs INTEGER NOT NULL);
CREATE TABLE place_words (word TEXT NOT NULL, slug TEXT NOT NULL);
CREATE TABLE companies (company TEXT PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL, jobs INTEGER NOT NULL);
CREATE TABLE company_words (word TEXT NOT NULL, company TEXT NOT NULL);
`;

/** Created after the rows are in (faster than maintaining them row by row). */
export const SQL_INDEXES = [
  'CREATE INDEX jobs_salary ON jobs (salary_bucket)',
  'CREATE INDEX jobs_work_model ON jobs (work_model)',
  'CREATE INDEX jobs_position ON jobs (position)',
  'CREATE INDEX jobs_seniority ON jobs (seniority)',
  'CREATE INDEX jobs_employment ON jobs (employment_type)',
  'CREATE INDEX jobs_industry ON jobs (industry)',
  'CREATE INDEX jobs_company_size ON jobs (company_size)',
  'CREATE INDEX jobs_company ON jobs (company)',
  'CREATE INDEX jobs_remote ON jobs (remote)',
  'CREATE INDEX jobs_seo ON jobs (is_seo)',
  'CREATE INDEX jobs_date ON jobs (sort_date DESC, id)',
  'CREATE INDEX job_places_job ON job_places (job_id, slug)',
  'CREATE INDEX job_skills_job ON job_skills (job_id, slug)',
];

const PRAGMAS = [
  'journal_mode = OFF',
  'synchronous = OFF',
  'cache_size = -262144',
  'mmap_size = 4294967296',
  'temp_store = MEMORY',
  // LIKE 'prefix%' can then use the index on the (lower-case) word columns.
  'case_sensitive_like = ON',
];

/** Creates the schema, inserts the corpus in one transaction, then indexes and analyses. */
export function loadSqlite(db: Database.Database, corpus: FlatCorpus): void {
  for (const p of PRAGMAS) db.pragma(p);
  db.exec(SCHEMA);
  db.transaction(() => {
    insertJobs(db, corpus.jobs);
    const names = nameRows(corpus);
    insertNames(db, 'places', 'place_words', 'slug', names.places);
    insertNames(db, 'companies', 'company_words', 'company', names.companies);
  })();
  for (const sql of SQL_INDEXES) db.exec(sql);
  db.exec('CREATE INDEX place_words_word ON place_words (word)');
  db.exec('CREATE INDEX company_words_word ON company_words (word)');
  db.exec('ANALYZE');
}

function insertJobs(db: Database.Database, jobs: readonly FlatJob[]): void {
  const job = db.prepare('INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const place = db.prepare('INSERT OR IGNORE INTO job_places VALUES (?, ?)');
  const skill = db.prepare('INSERT OR IGNORE INTO job_skills VALUES (?, ?)');
  const text = db.prepare('INSERT INTO jobs_fts (rowid, text) VALUES (?, ?)');
  for (const j of jobs) {
    job.run(
      j.id,
      j.boardId,
      j.postedAt ?? 0,
      j.salaryBucket,
      j.workModel,
      j.position,
      j.seniority,
      j.employmentType,
      j.industry,
      j.companySize,
      j.company,
      j.remote,
      j.isSeo ? 1 : 0,
    );
    for (const slug of j.places) place.run(slug, j.id);
    for (const slug of j.skills) skill.run(slug, j.id);
    text.run(j.id, j.text);
  }
}

function insertNames(
  db: Database.Database,
  table: string,
  wordTable: string,
  key: string,
  rows: readonly NameRow[],
): void {
  const row = db.prepare(`INSERT INTO ${table} (${key}, name, folded, jobs) VALUES (?, ?, ?, ?)`);
  const word = db.prepare(`INSERT INTO ${wordTable} (word, ${key}) VALUES (?, ?)`);
  for (const r of rows) {
    row.run(r.key, r.name, r.folded, r.jobs);
    for (const w of nameWords(r.name)) word.run(w, r.key);
  }
}
