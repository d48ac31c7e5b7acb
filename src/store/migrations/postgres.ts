import type { Migration } from './migration.js';

/**
 * The PostgreSQL schema history, the twin of the SQLite one. Append only: never edit a migration
 * that has been released, add a new one instead.
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'jobs and change cursor',
    sql: `
      CREATE TABLE jobs (
        -- "C": byte order, the order SQLite's BINARY collation gives, so both stores agree.
        key           TEXT COLLATE "C" PRIMARY KEY,
        board_id      TEXT NOT NULL UNIQUE,
        posted_at     BIGINT,
        valid_through BIGINT,
        doc           JSONB NOT NULL,
        seq           BIGINT NOT NULL -- change cursor of the write that last touched the row
      );
      CREATE INDEX jobs_valid_through ON jobs (valid_through);
      -- A counter row, written inside each writing transaction, rather than a sequence: a
      -- sequence value is visible before its transaction commits, so a replica could record a
      -- cursor whose rows it has not seen yet.
      CREATE TABLE store_meta (
        name  TEXT PRIMARY KEY,
        value BIGINT NOT NULL
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
        key      TEXT COLLATE "C" PRIMARY KEY,
        board_id TEXT NOT NULL,
        seq      BIGINT NOT NULL
      );
      CREATE INDEX job_tombstones_seq ON job_tombstones (seq);
    `,
  },
];
