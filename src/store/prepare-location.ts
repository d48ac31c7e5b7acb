import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, parse, resolve, sep } from 'node:path';
import { parseDatabaseUrl } from './open-store.js';

/** A mistake in DATABASE_URL found before anything is opened; the message names the variable. */
export class StoreLocationError extends Error {
  override name = 'StoreLocationError';
}

export interface PreparedLocation {
  kind: 'sqlite' | 'postgres';
  /** True when this call found no SQLite file there: the store is created by this start. */
  created: boolean;
  /** The location for people: the SQLite path, or PostgreSQL host, port and database (no password). */
  label: string;
}

/**
 * Checks where DATABASE_URL points before a store is opened, so that a typo does not become a
 * new, empty production store (filled with demo postings) somewhere else:
 * - a SQLite file's folder must exist, unless `createFolder` (the default location, or
 *   `jobsearch init`, which creates a new store on purpose);
 * - the folder must be a folder and the file, if there, a regular file (`/proc/...` is refused at
 *   once rather than left to hang).
 * Folders are created one level at a time, so a path SQLite cannot use fails with a message.
 */
export function prepareStoreLocation(databaseUrl: string, options: { createFolder: boolean }): PreparedLocation {
  let location;
  try {
    location = parseDatabaseUrl(databaseUrl);
  } catch (error) {
    throw new StoreLocationError(error instanceof Error ? error.message : String(error));
  }
  if (location.kind === 'postgres') return { kind: 'postgres', created: false, label: describePostgres(location.url) };
  const path = location.path;
  if (path === ':memory:') return { kind: 'sqlite', created: true, label: path };
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) {
    if (!options.createFolder) {
      throw new StoreLocationError(
        `DATABASE_URL=${path}: the folder ${folder} does not exist. Check the path for a typo; to create a new store there on purpose, run "jobsearch init" with the same DATABASE_URL.`,
      );
    }
    makeFolders(folder);
  }
  if (!statSync(folder).isDirectory()) throw new StoreLocationError(`DATABASE_URL=${path}: ${folder} is not a folder`);
  if (/^\/(proc|sys)(\/|$)/.test(folder)) {
    throw new StoreLocationError(`DATABASE_URL=${path}: ${folder} is a system folder, not a place for a database file`);
  }
  const exists = existsSync(path);
  if (exists && !statSync(path).isFile()) throw new StoreLocationError(`DATABASE_URL=${path}: not a regular file`);
  return { kind: 'sqlite', created: !exists, label: path };
}

/** mkdir -p, one level at a time (Node's recursive mkdir can loop on special file systems). */
function makeFolders(folder: string): void {
  const { root } = parse(folder);
  let current = root;
  for (const part of folder.slice(root.length).split(sep).filter(Boolean)) {
    current = current === root ? `${root}${part}` : `${current}${sep}${part}`;
    if (existsSync(current)) continue;
    try {
      mkdirSync(current);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreLocationError(`DATABASE_URL: cannot create the folder ${current}: ${reason}`);
    }
  }
}

/** `PostgreSQL at host:port, database name, user u` without the password. */
export function describePostgres(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || process.env.PGHOST || 'localhost';
    const port = u.port || '5432';
    // Stryker disable next-line Regex: equivalent, a URL's pathname is empty or starts with its first "/"
    const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default)';
    const user = u.username ? `, user ${decodeURIComponent(u.username)}` : '';
    return `PostgreSQL at ${host}:${port}, database ${database}${user}`;
  } catch {
    return 'PostgreSQL (unparsable URL)';
  }
}

/**
 * An error opening the store, with the variable (DATABASE_URL unless told, e.g. DATABASE_READ_URL)
 * and the place named (never the password).
 */
export function storeOpenError(databaseUrl: string, error: unknown, variable = 'DATABASE_URL'): StoreLocationError {
  let label = databaseUrl;
  try {
    const location = parseDatabaseUrl(databaseUrl);
    label = location.kind === 'postgres' ? describePostgres(location.url) : `SQLite file ${location.path}`;
  } catch {
    // parse errors were reported before opening
  }
  return new StoreLocationError(`${variable}: cannot open the store (${label}): ${reasonOf(error)}`, { cause: error });
}

/** A readable reason; a refused connection to a name with several addresses is an AggregateError without a message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  if (error instanceof AggregateError) return [...new Set(error.errors.map(reasonOf))].join('; ');
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.name;
}
