/**
 * The PostgreSQL side of duplicates across sources (duplicate-groups.ts holds the rule). Every
 * function here runs inside a transaction its caller opened, except the reads at the end.
 */
import type pg from 'pg';
import { duplicateKeysOf, type DuplicateKeys } from '../domain/duplicate-key.js';
import { collectAsync, regroup, type GroupRow } from './duplicate-groups.js';
import type { JobGroup } from './job-store.js';
import { parseJob, POSTGRES_WHOLE_DOC } from './job-json.js';

/** BIGINTs arrive as strings. */
type RawGroupRow = [string, string, string, string | null, string | null, string | null, string | null, string | null];

const GROUP_ROWS_SQL = `
  SELECT key, source, stored_seq, valid_through, place_dup, url_dup, duplicate_of, head_valid_through
    FROM jobs WHERE place_dup = ANY($1::text[])
  UNION
  SELECT key, source, stored_seq, valid_through, place_dup, url_dup, duplicate_of, head_valid_through
    FROM jobs WHERE url_dup = ANY($2::text[])`;

const SET_GROUPS_SQL = `
  UPDATE jobs SET duplicate_of = u.d, head_valid_through = u.h, seq = CASE WHEN u.m THEN $5::bigint ELSE seq END
    FROM unnest($1::text[], $2::text[], $3::bigint[], $4::boolean[]) AS u (k, d, h, m)
   WHERE jobs.key = u.k`;

const nullableNumber = (value: string | null): number | null => (value === null ? null : Number(value));

const toRow = ([
  key,
  source,
  storedSeq,
  validThrough,
  place,
  url,
  duplicateOf,
  headValidThrough,
]: RawGroupRow): GroupRow => ({
  key,
  source,
  storedSeq: Number(storedSeq),
  validThrough: nullableNumber(validThrough),
  place,
  url,
  duplicateOf,
  headValidThrough: nullableNumber(headValidThrough),
});

/** The duplicate keys of rows a query returns as `place_dup, url_dup`. */
export async function keysOfRows(client: pg.PoolClient, sql: string, values: unknown[]): Promise<DuplicateKeys[]> {
  const result = await client.query<[string | null, string | null]>({ text: sql, values, rowMode: 'array' });
  return result.rows.map(([place, url]) => ({ place, url }));
}

/**
 * Recomputes the components holding `seeds` (and those whose served posting expired by `now`) and
 * writes what changed; a row that changes which posting serves it gets the cursor `seq()` (taken
 * only then). Returns how many rows moved.
 */
export async function applyGroups(
  client: pg.PoolClient,
  seeds: DuplicateKeys[],
  now: number,
  seq: () => Promise<number>,
): Promise<number> {
  seeds.push(
    ...(await keysOfRows(client, 'SELECT place_dup, url_dup FROM jobs WHERE head_valid_through < $1', [
      Math.ceil(now),
    ])),
  );
  const rows = await collectAsync(seeds, async ({ places, urls }) => {
    const found = await client.query<RawGroupRow>({ text: GROUP_ROWS_SQL, values: [places, urls], rowMode: 'array' });
    return found.rows.map(toRow);
  });
  const updates = regroup(rows, Math.ceil(now));
  if (updates.length === 0) return 0;
  const moved = updates.filter((u) => u.moved).length;
  const cursor = moved > 0 ? await seq() : 0;
  await client.query(SET_GROUPS_SQL, [
    updates.map((u) => u.key),
    updates.map((u) => u.duplicateOf),
    updates.map((u) => u.headValidThrough),
    updates.map((u) => u.moved),
    cursor,
  ]);
  return moved;
}

/** The posting `boardId` names, resolved to the posting that serves it, with its duplicates. */
export async function groupByBoardId(pool: pg.Pool, boardId: string): Promise<JobGroup | null> {
  const result = await pool.query<[string, string, string, string]>({
    text: `WITH named AS (SELECT coalesce(duplicate_of, key) AS head FROM jobs WHERE board_id = $1)
           SELECT 'h', stored_seq, jobs.key, ${POSTGRES_WHOLE_DOC} FROM jobs, named WHERE jobs.key = named.head
           UNION ALL
           SELECT 'd', stored_seq, jobs.key, ${POSTGRES_WHOLE_DOC} FROM jobs, named
            WHERE jobs.duplicate_of = named.head`,
    values: [boardId],
    rowMode: 'array',
  });
  const head = result.rows.find(([kind]) => kind === 'h');
  if (head === undefined) return null;
  const duplicates = result.rows
    .filter(([kind]) => kind === 'd')
    .sort(([, a, ka], [, b, kb]) => Number(a) - Number(b) || (ka < kb ? -1 : ka > kb ? 1 : 0));
  return { job: parseJob(head[3]), duplicates: duplicates.map(([, , , doc]) => parseJob(doc)) };
}

/** Fills the duplicate keys of postings stored before they existed (once, after migration 4). */
export async function fillDuplicateKeys(client: pg.PoolClient, chunk: number): Promise<void> {
  const flag = await client.query<[string]>({
    text: "SELECT value FROM store_meta WHERE name = 'duplicate_keys_filled' FOR UPDATE",
    rowMode: 'array',
  });
  if (Number(flag.rows[0]?.[0] ?? 1) !== 0) return;
  let after = '';
  for (;;) {
    const rows = await client.query<[string, string]>({
      text: `SELECT key, ${POSTGRES_WHOLE_DOC} FROM jobs WHERE key > $1 ORDER BY key LIMIT $2`,
      values: [after, chunk],
      rowMode: 'array',
    });
    const keys = rows.rows.map(([key, doc]) => ({ key, ...duplicateKeysOf(parseJob(doc)) }));
    if (keys.length > 0) {
      await client.query(
        `UPDATE jobs SET place_dup = u.p, url_dup = u.u FROM unnest($1::text[], $2::text[], $3::text[]) AS u (k, p, u)
          WHERE jobs.key = u.k`,
        [keys.map((k) => k.key), keys.map((k) => k.place), keys.map((k) => k.url)],
      );
    }
    const last = rows.rows.at(-1);
    if (last === undefined || rows.rows.length < chunk) break;
    after = last[0];
  }
  await client.query("UPDATE store_meta SET value = 1 WHERE name = 'duplicate_keys_filled'");
}
