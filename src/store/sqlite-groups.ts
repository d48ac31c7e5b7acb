/**
 * The SQLite side of duplicates across sources (duplicate-groups.ts holds the rule). Every
 * function here runs inside a write transaction its caller opened.
 */
import type Database from 'better-sqlite3';
import { duplicateKeysOf, type DuplicateKeys } from '../domain/duplicate-key.js';
import type { Job } from '../domain/job.js';
import { collectSync, regroup, type GroupRow } from './duplicate-groups.js';
import { parseJob, SQLITE_WHOLE_DOC } from './job-json.js';

type RawGroupRow = [string, string, number, number | null, string | null, string | null, string | null, number | null];

const GROUP_COLUMNS = 'key, source, stored_seq, valid_through, place_dup, url_dup, duplicate_of, head_valid_through';

export interface GroupStatements {
  /** Rows with one of the place keys or url keys given (two JSON arrays): one query per round. */
  byKeys: Database.Statement<[string, string], RawGroupRow>;
  keysOf: Database.Statement<[string], [string | null, string | null]>;
  expiredHeads: Database.Statement<[number], [string | null, string | null]>;
  setGroup: Database.Statement<[string | null, number | null, number, number, string]>;
  rowByBoardId: Database.Statement<[string], [string, string | null, string]>;
  docByKey: Database.Statement<[string], string>;
  duplicatesOf: Database.Statement<[string], string>;
  unfilled: Database.Statement<[string, number], [string, string]>;
  fillKeys: Database.Statement<[string | null, string | null, string]>;
  filled: Database.Statement<[], number>;
  markFilled: Database.Statement;
  clearSeeds: Database.Statement;
  /** The next seeds after (kind, key), in key order. */
  nextSeeds: Database.Statement<[number, string, number], [number, string]>;
  /** Forgets seeds already reached: (kind, a JSON array of keys). */
  dropSeeds: Database.Statement<[number, string]>;
}

/**
 * A publish's seeds (the duplicate keys it wrote or removed), one row per distinct key (kind 0 a
 * place key, 1 a url key), in a temporary table: so the duplicate groups of a million-posting
 * import are recomputed chunk by chunk (applyGroupsOfSeeds) instead of from lists held in memory.
 */
export const PUBLISH_SEEDS_TABLE = `CREATE TEMP TABLE IF NOT EXISTS publish_seeds (
  kind INTEGER NOT NULL,
  key  TEXT NOT NULL,
  PRIMARY KEY (kind, key)
) WITHOUT ROWID`;

/** Seeds taken per round of applyGroupsOfSeeds. */
const SEED_CHUNK = 1_000;

export function prepareGroupStatements(db: Database.Database): GroupStatements {
  db.exec(PUBLISH_SEEDS_TABLE);
  return {
    byKeys: db
      .prepare<[string, string], RawGroupRow>(
        `SELECT ${GROUP_COLUMNS} FROM jobs WHERE place_dup IN (SELECT value FROM json_each(?))
         UNION SELECT ${GROUP_COLUMNS} FROM jobs WHERE url_dup IN (SELECT value FROM json_each(?))`,
      )
      .raw(),
    keysOf: db
      .prepare<[string], [string | null, string | null]>('SELECT place_dup, url_dup FROM jobs WHERE key = ?')
      .raw(),
    expiredHeads: db
      .prepare<[number], [string | null, string | null]>(
        'SELECT place_dup, url_dup FROM jobs WHERE head_valid_through < ?',
      )
      .raw(),
    setGroup: db.prepare(
      `UPDATE jobs SET duplicate_of = ?, head_valid_through = ?, seq = CASE WHEN ? THEN ? ELSE seq END WHERE key = ?`,
    ),
    rowByBoardId: db
      .prepare<[string], [string, string | null, string]>(
        `SELECT key, duplicate_of, ${SQLITE_WHOLE_DOC} FROM jobs WHERE board_id = ?`,
      )
      .raw(),
    docByKey: db.prepare<[string], string>(`SELECT ${SQLITE_WHOLE_DOC} FROM jobs WHERE key = ?`).pluck(),
    duplicatesOf: db
      .prepare<[string], string>(`SELECT ${SQLITE_WHOLE_DOC} FROM jobs WHERE duplicate_of = ? ORDER BY stored_seq, key`)
      .pluck(),
    unfilled: db
      .prepare<[string, number], [string, string]>(
        `SELECT key, ${SQLITE_WHOLE_DOC} FROM jobs WHERE key > ? ORDER BY key LIMIT ?`,
      )
      .raw(),
    fillKeys: db.prepare('UPDATE jobs SET place_dup = ?, url_dup = ? WHERE key = ?'),
    filled: db.prepare<[], number>("SELECT value FROM store_meta WHERE name = 'duplicate_keys_filled'").pluck(),
    markFilled: db.prepare("UPDATE store_meta SET value = 1 WHERE name = 'duplicate_keys_filled'"),
    clearSeeds: db.prepare('DELETE FROM temp.publish_seeds'),
    nextSeeds: db
      .prepare<[number, string, number], [number, string]>(
        'SELECT kind, key FROM temp.publish_seeds WHERE (kind, key) > (?, ?) ORDER BY kind, key LIMIT ?',
      )
      .raw(),
    dropSeeds: db.prepare('DELETE FROM temp.publish_seeds WHERE kind = ? AND key IN (SELECT value FROM json_each(?))'),
  };
}

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
  storedSeq,
  validThrough,
  place,
  url,
  duplicateOf,
  headValidThrough,
});

/** The stored duplicate keys of `key` (none when it is not stored). */
export function storedKeys(s: GroupStatements, key: string): DuplicateKeys {
  const [place = null, url = null] = s.keysOf.get(key) ?? [];
  return { place, url };
}

/**
 * Recomputes the components holding `seeds` (and those whose served posting expired by `now`) and
 * writes what changed; a row that changes which posting serves it gets the cursor `seq()` (taken
 * only then).
 */
export function applyGroups(s: GroupStatements, seeds: DuplicateKeys[], now: number, seq: () => number): void {
  for (const [place, url] of s.expiredHeads.all(now)) seeds.push({ place, url });
  regroupComponents(s, collectRows(s, seeds), now, seq);
}

/**
 * applyGroups over the seeds in the publish_seeds table (which it leaves emptied of the keys it
 * reached), a chunk of seeds at a time, so memory is bounded by a chunk's components rather than
 * by the import. The result is applyGroups' over all the seeds at once: the writes are done, so a
 * component is the same whichever seed reaches it, and regrouping depends on the rows' keys,
 * sources, stored order and validity, never on their stored grouping. A component is regrouped
 * once: the seeds it holds are dropped as soon as it is.
 */
export function applyGroupsOfSeeds(s: GroupStatements, now: number, seq: () => number): void {
  let seeds: DuplicateKeys[] = s.expiredHeads.all(now).map(([place, url]) => ({ place, url }));
  let after: [number, string] = [-1, ''];
  for (;;) {
    const next = s.nextSeeds.all(after[0], after[1], SEED_CHUNK);
    for (const [kind, key] of next) seeds.push(kind === 0 ? { place: key, url: null } : { place: null, url: key });
    if (seeds.length === 0) return;
    const rows = collectRows(s, seeds);
    regroupComponents(s, rows, now, seq);
    const places: string[] = [];
    const urls: string[] = [];
    for (const row of rows) {
      if (row.place !== null) places.push(row.place);
      if (row.url !== null) urls.push(row.url);
    }
    if (places.length > 0) s.dropSeeds.run(0, JSON.stringify(places));
    if (urls.length > 0) s.dropSeeds.run(1, JSON.stringify(urls));
    const last = next.at(-1);
    if (last === undefined || next.length < SEED_CHUNK) return;
    after = last;
    seeds = [];
  }
}

/** Every stored row of the components holding the seeds. */
function collectRows(s: GroupStatements, seeds: Iterable<DuplicateKeys>): GroupRow[] {
  return collectSync(seeds, ({ places, urls }) =>
    s.byKeys.all(JSON.stringify(places), JSON.stringify(urls)).map(toRow),
  );
}

/** Regroups whole components and writes what changed. */
function regroupComponents(s: GroupStatements, rows: readonly GroupRow[], now: number, seq: () => number): void {
  for (const u of regroup(rows, now))
    s.setGroup.run(u.duplicateOf, u.headValidThrough, u.moved ? 1 : 0, u.moved ? seq() : 0, u.key);
}

/** The posting `boardId` names, resolved to the posting that serves it, with its duplicates. */
export function groupByBoardId(s: GroupStatements, boardId: string): { job: Job; duplicates: Job[] } | null {
  const row = s.rowByBoardId.get(boardId);
  if (row === undefined) return null;
  const [key, duplicateOf, doc] = row;
  const headDoc = duplicateOf === null ? doc : (s.docByKey.get(duplicateOf) ?? doc);
  const headKey = duplicateOf ?? key;
  return { job: parseJob(headDoc), duplicates: s.duplicatesOf.all(headKey).map(parseJob) };
}

/** Fills the duplicate keys of postings stored before they existed (once, after migration 4). */
export function fillDuplicateKeys(s: GroupStatements, chunk: number): void {
  if (s.filled.get() !== 0) return;
  let after = '';
  for (;;) {
    const rows = s.unfilled.all(after, chunk);
    for (const [key, doc] of rows) {
      const keys = duplicateKeysOf(parseJob(doc));
      s.fillKeys.run(keys.place, keys.url, key);
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < chunk) break;
    after = last[0];
  }
  s.markFilled.run();
}
