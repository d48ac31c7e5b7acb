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
];
