/**
 * The SQLite side of board-id registry, import staging and publishing (see job-store.ts and
 * README.md). Every function here runs inside a transaction its caller opened.
 */
import type Database from 'better-sqlite3';
import { boardIdCandidates } from '../domain/board-id.js';
import type { Job } from '../domain/job.js';
import type { PublishOptions, PublishResult, StageResult, StagedJob } from './job-store.js';
import { storedDoc, withBoardId } from './job-json.js';
import { newImportId, sourceOfImport } from './import-id.js';
import { duplicateKeysOf } from '../domain/duplicate-key.js';
import { applyGroupsOfSeeds, PUBLISH_SEEDS_TABLE, type GroupStatements } from './sqlite-groups.js';

type Row = Record<string, number | null>;

export interface ImportStatements {
  boardIdOf: Database.Statement<[string], string>;
  holderOf: Database.Statement<[string], string>;
  register: Database.Statement<[string, string]>;
  stage: Database.Statement<
    [
      ...[importId: string, source: string, key: string, position: string, boardId: string],
      ...[postedAt: number | null, validThrough: number | null, doc: string, detail: string | null, hash: string],
      ...[placeDup: string | null, urlDup: string | null, descriptionTail: number | null],
    ]
  >;
  firstPosition: Database.Statement<[string, string], string>;
  clearSource: Database.Statement<[string]>;
  clearImport: Database.Statement<[string]>;
  sourceOf: Database.Statement<[string], string>;
  counts: Database.Statement<[number, string], Row>;
  removable: Database.Statement<[string, string], number>;
  publish: Database.Statement<[number, number, string]>;
  removeAbsent: Database.Statement<[string, string]>;
  untombstoneStaged: Database.Statement<[string]>;
  tombstoneAbsent: Database.Statement<[number, string, string]>;
  /** Seeds the duplicate keys, old and new, of the staged postings that are new or changed. */
  seedChanged: Database.Statement<[string]>;
  /** Seeds the duplicate keys of the source's postings absent from the import (`--sync`). */
  seedAbsent: Database.Statement<[string, string]>;
  duplicates: Database.Statement<[string], number>;
}

export function prepareImportStatements(db: Database.Database): ImportStatements {
  db.exec(PUBLISH_SEEDS_TABLE);
  return {
    boardIdOf: db.prepare<[string], string>('SELECT board_id FROM board_ids WHERE key = ?').pluck(),
    holderOf: db.prepare<[string], string>('SELECT key FROM board_ids WHERE board_id = ?').pluck(),
    register: db.prepare('INSERT INTO board_ids (board_id, key) VALUES (?, ?)'),
    stage: db.prepare(
      `INSERT INTO import_staging (import_id, source, key, position, board_id, posted_at, valid_through, doc, detail,
         hash, place_dup, url_dup, description_tail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    firstPosition: db
      .prepare<[string, string], string>('SELECT position FROM import_staging WHERE import_id = ? AND key = ?')
      .pluck(),
    clearSource: db.prepare('DELETE FROM import_staging WHERE source = ?'),
    clearImport: db.prepare('DELETE FROM import_staging WHERE import_id = ?'),
    sourceOf: db.prepare<[string], string>('SELECT source FROM import_staging WHERE import_id = ? LIMIT 1').pluck(),
    counts: db.prepare<[number, string], Row>(
      `SELECT count(*) AS staged,
              coalesce(sum(j.key IS NULL), 0) AS inserted,
              coalesce(sum(j.key IS NOT NULL AND j.hash IS s.hash), 0) AS unchanged,
              coalesce(sum(s.valid_through IS NOT NULL AND s.valid_through < ?), 0) AS expired
         FROM import_staging s LEFT JOIN jobs j ON j.key = s.key
        WHERE s.import_id = ?`,
    ),
    removable: db
      .prepare<[string, string], number>(
        `SELECT count(*) FROM jobs j WHERE j.source = ?
            AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = ? AND s.key = j.key)`,
      )
      .pluck(),
    // Reads import_staging alone, in key order: a SELECT that also read jobs (the table written)
    // would be materialised whole first, every document of the import in temporary storage. An
    // unchanged posting (same hash) is left alone by the WHERE of the update.
    publish: db.prepare(
      `INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, detail, hash, seq, stored_seq, place_dup,
         url_dup, description_tail)
       SELECT s.key, s.board_id, s.source, s.posted_at, s.valid_through, s.doc, s.detail, s.hash, ?, ?, s.place_dup,
              s.url_dup, s.description_tail
         FROM import_staging s
        WHERE s.import_id = ?
       ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, source = excluded.source,
         posted_at = excluded.posted_at, valid_through = excluded.valid_through, doc = excluded.doc,
         detail = excluded.detail, hash = excluded.hash, seq = excluded.seq, place_dup = excluded.place_dup,
         url_dup = excluded.url_dup, description_tail = excluded.description_tail
        WHERE jobs.hash IS NOT excluded.hash`,
    ),
    untombstoneStaged: db.prepare(
      'DELETE FROM job_tombstones WHERE key IN (SELECT key FROM import_staging WHERE import_id = ?)',
    ),
    tombstoneAbsent: db.prepare(
      `INSERT INTO job_tombstones (key, board_id, seq)
       SELECT key, board_id, ? FROM jobs j WHERE j.source = ?
          AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = ? AND s.key = j.key)
       ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, seq = excluded.seq`,
    ),
    // json_each over the row's keys: one pass; an even index is a place key, an odd one a url key.
    seedChanged: db.prepare(
      `INSERT OR IGNORE INTO temp.publish_seeds (kind, key)
       SELECT e.key % 2, e.value
         FROM import_staging s LEFT JOIN jobs j ON j.key = s.key,
              json_each(json_array(s.place_dup, s.url_dup, j.place_dup, j.url_dup)) e
        WHERE s.import_id = ? AND (j.key IS NULL OR j.hash IS NOT s.hash) AND e.value IS NOT NULL`,
    ),
    seedAbsent: db.prepare(
      `INSERT OR IGNORE INTO temp.publish_seeds (kind, key)
       SELECT e.key, e.value FROM jobs j, json_each(json_array(j.place_dup, j.url_dup)) e
        WHERE j.source = ? AND e.value IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = ? AND s.key = j.key)`,
    ),
    duplicates: db
      .prepare<[string], number>(
        `SELECT count(*) FROM import_staging s JOIN jobs j ON j.key = s.key
          WHERE s.import_id = ? AND j.duplicate_of IS NOT NULL`,
      )
      .pluck(),
    removeAbsent: db.prepare(
      `DELETE FROM jobs WHERE source = ?
          AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = ? AND s.key = jobs.key)`,
    ),
  };
}

/** The board id `key` holds, registering one (its proposal when free) if it holds none yet. */
export function assignBoardId(s: ImportStatements, job: Job): string {
  const held = s.boardIdOf.get(job.key);
  if (held !== undefined) return held;
  for (const candidate of boardIdCandidates(job.key, job.boardId)) {
    if (s.holderOf.get(candidate) === undefined) {
      s.register.run(candidate, job.key);
      return candidate;
    }
  }
  throw new Error('unreachable: board id candidates never end');
}

export function beginImport(s: ImportStatements, source: string): string {
  s.clearSource.run(source);
  return newImportId(source);
}

export function stageJobs(s: ImportStatements, importId: string, jobs: readonly StagedJob[]): StageResult {
  const source = sourceOfImport(importId);
  const result: StageResult = { staged: 0, repeated: [] };
  for (const { job: proposed, position } of jobs) {
    const job = withBoardId(proposed, assignBoardId(s, proposed));
    const { doc, detail, hash, descriptionTail } = storedDoc(job);
    const keys = duplicateKeysOf(job);
    const args = [
      importId,
      source,
      job.key,
      position,
      job.boardId,
      job.postedAt,
      job.validThrough,
      doc,
      detail,
      hash,
      keys.place,
      keys.url,
      descriptionTail,
    ] as const;
    if (s.stage.run(...args).changes === 1) result.staged += 1;
    else result.repeated.push({ position, firstPosition: s.firstPosition.get(importId, job.key) ?? '?' });
  }
  return result;
}

/**
 * Moves the staged postings into `jobs`: new and changed ones are written with one new cursor
 * value, unchanged ones are left alone, and with `sync` the source's postings absent from the
 * import are deleted. Then the duplicate groups these postings belong to (and those whose served
 * posting has expired) are recomputed. `bumpCursor` is called once, and only when something changes.
 */
export function publishImport(
  s: ImportStatements,
  g: GroupStatements,
  importId: string,
  options: PublishOptions,
  bumpCursor: () => number,
): PublishResult {
  const source = sourceOfImport(importId);
  const row = s.counts.get(options.now, importId) ?? {};
  const staged = row['staged'] ?? 0;
  const inserted = row['inserted'] ?? 0;
  const unchanged = row['unchanged'] ?? 0;
  const removed = options.sync ? (s.removable.get(source, importId) ?? 0) : 0;
  const counts = { inserted, updated: staged - inserted - unchanged, unchanged, expired: row['expired'] ?? 0, removed };
  let seq: number | undefined;
  const cursor = (): number => (seq ??= bumpCursor());
  g.clearSeeds.run();
  if (counts.inserted + counts.updated + removed > 0) {
    s.seedChanged.run(importId);
    s.publish.run(cursor(), cursor(), importId);
    // The change feed (job_tombstones): a key written again loses its tombstone, a removed one gets one.
    s.untombstoneStaged.run(importId);
    if (options.sync && removed > 0) {
      s.seedAbsent.run(source, importId);
      s.tombstoneAbsent.run(cursor(), source, importId);
      s.removeAbsent.run(source, importId);
    }
  }
  applyGroupsOfSeeds(g, options.now, cursor);
  g.clearSeeds.run();
  const duplicates = s.duplicates.get(importId) ?? 0;
  s.clearImport.run(importId);
  return { ...counts, duplicates };
}
