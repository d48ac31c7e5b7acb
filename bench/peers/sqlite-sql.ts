import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { JobFilter, Suggestion } from '../../src/domain/query.js';
import { REMOTE_PERCENTAGE_STEPS } from '../../src/domain/vocab.js';
import { NO_MULTI_VALUES, NO_RADIUS, type FacetSummary, type SearchSystem } from '../system.js';
import type { SuggestQuery } from '../query-mix.js';
import type { FlatCorpus } from './flat-job.js';
import {
  countStatement,
  facetStatements,
  listStatement,
  SqlParams,
  whereOf,
  type KeywordClause,
  type SqlValue,
} from './sql-query.js';
import { alphabetical, foldPrefix } from './sql-suggest.js';
import { loadSqlite } from './sqlite-load.js';
import { summaryOf, type FacetRows } from './sql-facets.js';

/** Keywords through an FTS5 table (no stemming; the last word as a prefix). */
const ftsKeywords: KeywordClause = (words, params) => {
  const terms = words.map((w, i) => (i === words.length - 1 && w.length >= 3 ? `"${w}" *` : `"${w}"`));
  return `j.id IN (SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ${params.add(terms.join(' '))})`;
};

/**
 * SQLite peer: a flat `jobs` table with one indexed column per facet, `job_places` and
 * `job_skills` for multi-valued facets, FTS5 for keywords, word tables for autocomplete.
 */
export class SqlitePeer implements SearchSystem {
  readonly name = 'sqlite';
  readonly suggestUnsupported = null;
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Writes the corpus into a new database file at `path` (removed first). */
  static build(corpus: FlatCorpus, path: string): SqlitePeer {
    rmSync(path, { force: true });
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
    const db = new Database(path);
    loadSqlite(db, corpus);
    return new SqlitePeer(db);
  }

  unsupported(filter: JobFilter): string | null {
    if (filter.anyOf !== undefined) return NO_MULTI_VALUES;
    return filter.radiusKm !== undefined ? NO_RADIUS : null;
  }

  count(filter: JobFilter): number {
    const params = new SqlParams(false);
    const where = whereOf(filter, params, ftsKeywords);
    return this.#get(countStatement(where), params.values);
  }

  facets(filter: JobFilter, limit: number): FacetRows {
    const params = new SqlParams(false);
    const where = whereOf(filter, params, ftsKeywords);
    const s = facetStatements(where, limit);
    const all = (sql: string) => this.#all<{ v: string | null; n: number }>(sql, params.values);
    const stats = this.#row(s.stats, params.values) as Record<string, number>;
    return {
      columns: s.columns.map(all),
      company: all(s.company),
      skills: all(s.skills),
      places: all(s.places),
      total: stats.total ?? 0,
      seo: stats.seo ?? 0,
      remote: REMOTE_PERCENTAGE_STEPS.map((step) => stats[`r${step}`] ?? 0),
    };
  }

  facetSummary(filter: JobFilter, limit: number): FacetSummary {
    return summaryOf(this.facets(filter, limit));
  }

  list(filter: JobFilter, page: number, perPage: number): string[] {
    const params = new SqlParams(false);
    const sql = listStatement(whereOf(filter, params, ftsKeywords), params, page, perPage);
    return this.#all<{ board_id: string }>(sql, params.values).map((r) => r.board_id);
  }

  suggest(query: SuggestQuery, limit: number): Suggestion[] {
    const prefix = foldPrefix(query.q);
    if (prefix === '') return [];
    const [table, words, key] =
      query.kind === 'location' ? ['places', 'place_words', 'slug'] : ['companies', 'company_words', 'company'];
    const value = query.kind === 'location' ? 'p.slug' : 'p.name';
    const sql = `SELECT ${value} AS value, p.name AS label FROM ${table} p
      WHERE p.${key} IN (SELECT w.${key} FROM ${words} w WHERE w.word LIKE ?)
      ORDER BY (p.folded LIKE ?) DESC, p.jobs DESC, p.name LIMIT ?`;
    return alphabetical(this.#all<Suggestion>(sql, [`${prefix}%`, `${prefix}%`, limit]));
  }

  async close(): Promise<void> {
    this.#db.close();
  }

  #prepare(sql: string): Database.Statement {
    let st = this.#statements.get(sql);
    if (!st) {
      st = this.#db.prepare(sql);
      this.#statements.set(sql, st);
    }
    return st;
  }

  #all<T>(sql: string, values: SqlValue[]): T[] {
    const rows: T[] = this.#prepare(sql).all(...values) as T[];
    return rows;
  }

  #row(sql: string, values: SqlValue[]): unknown {
    return this.#prepare(sql).get(...values);
  }

  #get(sql: string, values: SqlValue[]): number {
    return (this.#row(sql, values) as { n: number }).n;
  }
}
