import pg from 'pg';
import type { JobFilter, Suggestion } from '../../src/domain/query.js';
import { REMOTE_PERCENTAGE_STEPS } from '../../src/domain/vocab.js';
import { NO_MULTI_VALUES, NO_RADIUS, type FacetSummary, type SearchSystem } from '../system.js';
import type { SuggestQuery } from '../query-mix.js';
import type { FlatCorpus } from './flat-job.js';
import { loadPostgres } from './postgres-load.js';
import { summaryOf, type FacetRow, type FacetRows } from './sql-facets.js';
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

/** Keywords through a GIN-indexed tsvector ('simple' configuration: no stemming; last word as a prefix). */
const tsKeywords: KeywordClause = (words, params) => {
  const terms = words.map((w, i) => (i === words.length - 1 && w.length >= 3 ? `${w}:*` : w));
  return `j.id IN (SELECT id FROM job_text WHERE tsv @@ to_tsquery('simple', ${params.add(terms.join(' & '))}))`;
};

/** PostgreSQL peer: the same tables and queries as the SQLite peer, over one connection. */
export class PostgresPeer implements SearchSystem {
  readonly name = 'postgres';
  readonly suggestUnsupported = null;
  readonly #client: pg.Client;
  readonly #names = new Map<string, string>();

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  /** Loads the corpus into the (empty) database at `url`. */
  static async build(corpus: FlatCorpus, url: string): Promise<PostgresPeer> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await loadPostgres(client, corpus);
    return new PostgresPeer(client);
  }

  unsupported(filter: JobFilter): string | null {
    if (filter.anyOf !== undefined) return NO_MULTI_VALUES;
    return filter.radiusKm !== undefined ? NO_RADIUS : null;
  }

  async count(filter: JobFilter): Promise<number> {
    const params = new SqlParams(true);
    const rows = await this.#query<{ n: string }>(countStatement(whereOf(filter, params, tsKeywords)), params.values);
    return Number(rows[0]?.n ?? 0);
  }

  async facets(filter: JobFilter, limit: number): Promise<FacetRows> {
    const params = new SqlParams(true);
    const s = facetStatements(whereOf(filter, params, tsKeywords), limit);
    const all = (sql: string) => this.#query<FacetRow>(sql, params.values);
    const columns: FacetRow[][] = [];
    for (const sql of s.columns) columns.push(await all(sql));
    const company = await all(s.company);
    const skills = await all(s.skills);
    const places = await all(s.places);
    const stats = (await this.#query<Record<string, string>>(s.stats, params.values))[0] ?? {};
    return {
      columns,
      company,
      skills,
      places,
      total: Number(stats.total ?? 0),
      seo: Number(stats.seo ?? 0),
      remote: REMOTE_PERCENTAGE_STEPS.map((step) => Number(stats[`r${step}`] ?? 0)),
    };
  }

  async facetSummary(filter: JobFilter, limit: number): Promise<FacetSummary> {
    return summaryOf(await this.facets(filter, limit));
  }

  async list(filter: JobFilter, page: number, perPage: number): Promise<string[]> {
    const params = new SqlParams(true);
    const sql = listStatement(whereOf(filter, params, tsKeywords), params, page, perPage);
    return (await this.#query<{ board_id: string }>(sql, params.values)).map((r) => r.board_id);
  }

  async suggest(query: SuggestQuery, limit: number): Promise<Suggestion[]> {
    const prefix = foldPrefix(query.q);
    if (prefix === '') return [];
    const [table, words, key] =
      query.kind === 'location' ? ['places', 'place_words', 'slug'] : ['companies', 'company_words', 'company'];
    const value = query.kind === 'location' ? 'p.slug' : 'p.name';
    const sql = `SELECT ${value} AS value, p.name AS label FROM ${table} p
      WHERE p.${key} IN (SELECT w.${key} FROM ${words} w WHERE w.word LIKE $1)
      ORDER BY (p.folded LIKE $1) DESC, p.jobs DESC, p.name LIMIT $2`;
    return alphabetical(await this.#query<Suggestion>(sql, [`${prefix}%`, limit]));
  }

  async close(): Promise<void> {
    await this.#client.end();
  }

  /** Named (server-side prepared) statements, one per distinct SQL text. */
  async #query<T extends pg.QueryResultRow>(text: string, values: SqlValue[]): Promise<T[]> {
    let name = this.#names.get(text);
    if (name === undefined) {
      name = `q${this.#names.size}`;
      this.#names.set(text, name);
    }
    const result = await this.#client.query<T>({ name, text, values });
    return result.rows;
  }
}
