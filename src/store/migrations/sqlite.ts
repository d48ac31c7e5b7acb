import type { Migration } from './migration.js';

/**
 * The SQLite schema history. Append only: never edit a migration that has been released,
 * add a new one instead.
 */
export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'jobs and change cursor',
    sql: `
      CREATE TABLE jobs (
        key           TEXT PRIMARY KEY,
        board_id      TEXT NOT NULL UNIQUE,
        posted_at     INTEGER,
        valid_through INTEGER,
        doc           TEXT NOT NULL,  -- the Job as JSON
        seq           INTEGER NOT NULL -- change cursor of the write that last touched the row
      );
      CREATE INDEX jobs_valid_through ON jobs (valid_through);
      -- A counter row rather than max(seq): deletes must advance the cursor too.
      CREATE TABLE store_meta (
        name  TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
      INSERT INTO store_meta (name, value) VALUES ('change_cursor', 0);
    `,
  },
  {
    version: 2,
    name: 'change feed',
    sql: `
      -- The change feed reads rows by the cursor of the write that last touched them.
      CREATE INDEX jobs_seq ON jobs (seq);
      -- One row per deleted key (its latest state), so a follower learns of the deletion.
      -- Upserting the key again removes its tombstone.
      CREATE TABLE job_tombstones (
        key      TEXT PRIMARY KEY,
        board_id TEXT NOT NULL,
        seq      INTEGER NOT NULL
      );
      CREATE INDEX job_tombstones_seq ON job_tombstones (seq);
    `,
  },
  {
    version: 3,
    name: 'board-id registry, sources, content hashes, import staging',
    // Rewrites every jobs row once (source backfill): on a large store this migration takes a
    // while and holds the write lock; serving processes keep reading meanwhile (WAL).
    sql: `
      ALTER TABLE jobs ADD COLUMN source TEXT;
      ALTER TABLE jobs ADD COLUMN hash TEXT; -- content hash of doc; null until written again
      UPDATE jobs SET source = json_extract(doc, '$.source');
      CREATE INDEX jobs_source ON jobs (source);
      -- Which posting holds which board id; rows stay when a posting is deleted, so an id is
      -- never given to another posting.
      CREATE TABLE board_ids (
        board_id TEXT PRIMARY KEY,
        key      TEXT NOT NULL UNIQUE
      );
      INSERT INTO board_ids (board_id, key) SELECT board_id, key FROM jobs;
      -- Batches of imports not yet published; nothing serves from here.
      CREATE TABLE import_staging (
        import_id     TEXT NOT NULL,
        source        TEXT NOT NULL,
        key           TEXT NOT NULL,
        position      TEXT NOT NULL,
        board_id      TEXT NOT NULL,
        posted_at     INTEGER,
        valid_through INTEGER,
        doc           TEXT NOT NULL,
        hash          TEXT NOT NULL,
        PRIMARY KEY (import_id, key)
      );
      CREATE INDEX import_staging_source ON import_staging (source);
    `,
  },
  {
    version: 4,
    name: 'duplicates across sources',
    // One pass over the table (stored_seq copied from seq); the other new columns start null.
    // The duplicate keys of postings already stored are computed in TypeScript, so the program
    // fills them in after migrating (store_meta 'duplicate_keys_filled'; see README.md).
    sql: `
      ALTER TABLE jobs ADD COLUMN stored_seq INTEGER; -- cursor of the write that first stored the key
      UPDATE jobs SET stored_seq = seq;
      ALTER TABLE jobs ADD COLUMN place_dup TEXT; -- duplicate keys (src/domain/duplicate-key.ts)
      ALTER TABLE jobs ADD COLUMN url_dup TEXT;
      -- The served posting of another source this one is attached to; null: served itself.
      ALTER TABLE jobs ADD COLUMN duplicate_of TEXT;
      ALTER TABLE jobs ADD COLUMN head_valid_through INTEGER; -- that posting's valid_through
      CREATE INDEX jobs_place_dup ON jobs (place_dup) WHERE place_dup IS NOT NULL;
      CREATE INDEX jobs_url_dup ON jobs (url_dup) WHERE url_dup IS NOT NULL;
      CREATE INDEX jobs_duplicate_of ON jobs (duplicate_of) WHERE duplicate_of IS NOT NULL;
      CREATE INDEX jobs_head_valid_through ON jobs (head_valid_through) WHERE head_valid_through IS NOT NULL;
      ALTER TABLE import_staging ADD COLUMN place_dup TEXT;
      ALTER TABLE import_staging ADD COLUMN url_dup TEXT;
      INSERT INTO store_meta (name, value) VALUES ('duplicate_keys_filled', 0);
    `,
  },
  {
    version: 5,
    name: 'change feed read by position',
    // The feed is read in pages by (seq, key) (changesAfter): an index of both gives a page in
    // order without sorting a whole transaction's documents. The old indexes are its prefixes.
    sql: `
      CREATE INDEX jobs_seq_key ON jobs (seq, key);
      DROP INDEX jobs_seq;
      CREATE INDEX job_tombstones_seq_key ON job_tombstones (seq, key);
      DROP INDEX job_tombstones_seq;
    `,
  },
  {
    version: 6,
    name: 'store identity',
    // A random number drawn once per store: a saved index (src/search/index-file.ts) is used only
    // with the store it was built from.
    sql: `
      INSERT INTO store_meta (name, value) VALUES ('store_id', abs(random() % 9007199254740991));
    `,
  },
  {
    version: 7,
    name: 'detail beside the document',
    // What only the one-posting view shows leaves the document the index reads (job-json.ts,
    // storedDoc). Rewrites every row that has one once: at 1,000,000 postings 36 s, holding the
    // write lock; serving processes keep reading meanwhile (WAL). The content hashes stay.
    sql: `
      ALTER TABLE jobs ADD COLUMN detail TEXT; -- Job.detail as JSON; null: none
      UPDATE jobs SET detail = json_extract(doc, '$.detail'), doc = json_remove(doc, '$.detail')
       WHERE json_type(doc, '$.detail') = 'object';
      ALTER TABLE import_staging ADD COLUMN detail TEXT;
      UPDATE import_staging SET detail = json_extract(doc, '$.detail'), doc = json_remove(doc, '$.detail')
       WHERE json_type(doc, '$.detail') = 'object';
    `,
  },
  {
    version: 8,
    name: 'description kept once',
    // No row is rewritten: rows written before keep the description in their detail (null here).
    sql: `
      ALTER TABLE jobs ADD COLUMN description_tail INTEGER; -- job-json.ts, storedDoc
      ALTER TABLE import_staging ADD COLUMN description_tail INTEGER;
    `,
  },
];
