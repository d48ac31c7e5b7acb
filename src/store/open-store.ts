import { fileURLToPath } from 'node:url';
import type { JobStore } from './job-store.js';

export type StoreLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/**
 * Where DATABASE_URL points:
 * - a plain path (`data/jobs.db`, `/var/lib/jobsearch/jobs.db`, `C:\data\jobs.db`) or `:memory:`;
 * - `sqlite:<path>` or `sqlite://<path>` (so `sqlite:///var/x.db` is absolute, `sqlite://x.db` relative);
 * - `file:<path>` or a `file:///abs/path` URL (percent-escapes decoded);
 * - `postgres://...` or `postgresql://...`.
 */
export function parseDatabaseUrl(databaseUrl: string): StoreLocation {
  const url = databaseUrl.trim();
  if (url === '') throw new Error('DATABASE_URL is empty: give a SQLite file path or a postgres:// URL');
  // Two or more letters, so that a Windows drive letter (C:) reads as a path.
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return { kind: 'sqlite', path: url };
  switch (scheme) {
    case 'postgres':
    case 'postgresql':
      return { kind: 'postgres', url };
    case 'sqlite':
      return { kind: 'sqlite', path: nonEmptyPath(url.replace(/^sqlite:(\/\/)?/i, '')) };
    case 'file':
      return {
        kind: 'sqlite',
        path: nonEmptyPath(url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length)),
      };
    default:
      // Only the scheme is named: the rest of a URL may hold a password.
      throw new Error(
        `Unsupported DATABASE_URL scheme '${scheme}:'; use a SQLite file path, sqlite:, file:, postgres: or postgresql:`,
      );
  }
}

/** Whether DATABASE_URL names an in-memory SQLite store (visible to its own connection only). */
export function isInMemory(databaseUrl: string): boolean {
  const location = parseDatabaseUrl(databaseUrl);
  return location.kind === 'sqlite' && location.path === ':memory:';
}

export interface OpenOptions {
  /**
   * Only read (a hot standby, DATABASE_READ_URL): check that the schema is this release's instead
   * of migrating, so nothing is ever written there.
   */
  readOnly?: boolean;
  /**
   * The connection runs an import (`jobsearch import`) rather than serving: SQLite then keeps its
   * memory bounded whatever the import's size (sqlite-store.ts, IMPORT_PRAGMAS). PostgreSQL: no effect.
   */
  forImport?: boolean;
  /**
   * PostgreSQL, the store being a hot standby: the primary it replicates, where `watch` listens
   * for changes (each reported once the standby replayed it).
   */
  primaryUrl?: string;
}

/**
 * Opens the store DATABASE_URL names and brings its schema up to date, so the caller gets a store
 * ready to use (calling migrate() again is harmless); with `readOnly` it only checks the schema.
 * The concrete module is loaded on demand.
 */
export async function openStore(databaseUrl: string, options: OpenOptions = {}): Promise<JobStore> {
  const location = parseDatabaseUrl(databaseUrl);
  const store = await createStore(location, { forImport: options.forImport === true });
  try {
    await (options.readOnly === true ? store.checkSchema() : store.migrate());
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** The store object for a location, not yet connected or migrated. */
export async function createStore(
  location: StoreLocation,
  options: Pick<OpenOptions, 'forImport' | 'primaryUrl'> = {},
): Promise<JobStore> {
  if (location.kind === 'sqlite') {
    const { SqliteJobStore } = await import('./sqlite-store.js');
    return new SqliteJobStore(location.path, { forImport: options.forImport === true });
  }
  const { PostgresJobStore } = await import('./postgres-store.js');
  return new PostgresJobStore(location.url, options.primaryUrl === undefined ? null : { primary: options.primaryUrl });
}

function nonEmptyPath(path: string): string {
  if (path === '') throw new Error('DATABASE_URL names no SQLite file after its scheme');
  return path;
}
