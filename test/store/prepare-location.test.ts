import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  describePostgres,
  prepareStoreLocation,
  StoreLocationError,
  storeOpenError,
} from '../../src/store/prepare-location.js';

// The checks made before a store is opened (the CLI and server tests reach them through whole
// processes; these name each rule and its message directly).

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jobsearch-location-'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

const refusal = (url: string, createFolder = false): StoreLocationError => {
  try {
    prepareStoreLocation(url, { createFolder });
  } catch (error) {
    expect(error).toBeInstanceOf(StoreLocationError);
    expect((error as Error).name).toBe('StoreLocationError');
    return error as StoreLocationError;
  }
  throw new Error(`${url} was accepted`);
};

describe('prepareStoreLocation', () => {
  it('names a PostgreSQL location by host, port, database and user, never the password', () => {
    expect(prepareStoreLocation('postgres://alice:secret@db.example:6543/jobs', { createFolder: false })).toEqual({
      kind: 'postgres',
      created: false,
      label: 'PostgreSQL at db.example:6543, database jobs, user alice',
    });
  });

  it('creates nothing for an in-memory SQLite store', () => {
    expect(prepareStoreLocation(':memory:', { createFolder: false })).toEqual({
      kind: 'sqlite',
      created: true,
      label: ':memory:',
    });
  });

  it('says whether the SQLite file is new or already there', () => {
    const path = join(dir, 'jobs.db');
    expect(prepareStoreLocation(path, { createFolder: false })).toEqual({ kind: 'sqlite', created: true, label: path });
    writeFileSync(path, '');
    expect(prepareStoreLocation(`sqlite:${path}`, { createFolder: false })).toEqual({
      kind: 'sqlite',
      created: false,
      label: path,
    });
  });

  it('refuses a folder that does not exist, creating nothing, unless asked to create it', () => {
    const folder = join(dir, 'a', 'b', 'c');
    const path = join(folder, 'jobs.db');
    const error = refusal(path);
    expect(error.message).toBe(
      `DATABASE_URL=${path}: the folder ${folder} does not exist. Check the path for a typo; to create a new store there on purpose, run "jobsearch init" with the same DATABASE_URL.`,
    );
    expect(existsSync(join(dir, 'a'))).toBe(false);

    expect(prepareStoreLocation(path, { createFolder: true })).toEqual({ kind: 'sqlite', created: true, label: path });
    expect(existsSync(folder)).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('creates the missing levels below an existing folder', () => {
    mkdirSync(join(dir, 'a'));
    const folder = join(dir, 'a', 'b', 'c');
    prepareStoreLocation(join(folder, 'jobs.db'), { createFolder: true });
    expect(existsSync(folder)).toBe(true);
  });

  it('names the folder it cannot create and why', () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, '');
    const error = refusal(join(file, 'sub', 'jobs.db'), true);
    expect(error.message).toMatch(new RegExp(`^DATABASE_URL: cannot create the folder ${file}/sub: .*ENOTDIR`));
  });

  it('refuses a "folder" that is a file, a folder as the file, and system folders', () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, '');
    expect(refusal(join(file, 'jobs.db')).message).toBe(`DATABASE_URL=${file}/jobs.db: ${file} is not a folder`);
    expect(refusal(dir).message).toBe(`DATABASE_URL=${dir}: not a regular file`);
    expect(refusal('/proc/jobs.db').message).toBe(
      'DATABASE_URL=/proc/jobs.db: /proc is a system folder, not a place for a database file',
    );
    expect(refusal('/proc/self/jobs.db').message).toMatch(/\/proc\/self is a system folder/);
    expect(refusal('/sys/jobs.db').message).toMatch(/\/sys is a system folder/);
    // A folder merely named "proc" elsewhere is fine.
    const path = join(dir, 'proc', 'jobs.db');
    expect(prepareStoreLocation(path, { createFolder: true })).toEqual({ kind: 'sqlite', created: true, label: path });
  });

  it('reports an unsupported URL as a location error, naming the scheme only', () => {
    const error = refusal('mysql://root:secret@db/jobs');
    expect(error.message).toMatch(/^Unsupported DATABASE_URL scheme 'mysql:'; use /);
    expect(error.message).not.toMatch(/secret/);
  });
});

describe('describePostgres', () => {
  it('fills in the default port, decodes names, and leaves out a missing user', () => {
    expect(describePostgres('postgres://db/jobs')).toBe('PostgreSQL at db:5432, database jobs');
    expect(describePostgres('postgres://%61lice@db/my%20jobs')).toBe(
      'PostgreSQL at db:5432, database my jobs, user alice',
    );
  });

  it('takes a missing host from PGHOST, else localhost, and names a missing database', () => {
    vi.stubEnv('PGHOST', 'pg.internal');
    expect(describePostgres('postgres:///')).toBe('PostgreSQL at pg.internal:5432, database (default)');
    vi.stubEnv('PGHOST', '');
    expect(describePostgres('postgres:///jobs')).toBe('PostgreSQL at localhost:5432, database jobs');
  });

  it('does not throw on a URL it cannot read', () => {
    expect(describePostgres('postgres://db:notaport/jobs')).toBe('PostgreSQL (unparsable URL)');
  });
});

describe('storeOpenError', () => {
  it('names the variable, the place without the password, and the reason, keeping the cause', () => {
    const cause = new Error('connection refused');
    const error = storeOpenError('postgres://u:pw@db/jobs', cause);
    expect(error).toBeInstanceOf(StoreLocationError);
    expect(error.message).toBe(
      'DATABASE_URL: cannot open the store (PostgreSQL at db:5432, database jobs, user u): connection refused',
    );
    expect(error.cause).toBe(cause);
    expect(storeOpenError('data/jobs.db', new Error('SQLITE_CANTOPEN'), 'DATABASE_READ_URL').message).toBe(
      'DATABASE_READ_URL: cannot open the store (SQLite file data/jobs.db): SQLITE_CANTOPEN',
    );
  });

  it('reads a reason from errors without a message', () => {
    const refused = (): Error => Object.assign(new Error(''), { code: 'ECONNREFUSED' });
    const aggregate = new AggregateError([refused(), refused(), new Error('timeout')], '');
    expect(storeOpenError('postgres://db/jobs', aggregate).message).toMatch(/\): ECONNREFUSED; timeout$/);
    expect(storeOpenError('postgres://db/jobs', new TypeError('')).message).toMatch(/\): TypeError$/);
    expect(storeOpenError('postgres://db/jobs', 'down').message).toMatch(/\): down$/);
  });

  it('keeps the URL as given when it cannot be parsed', () => {
    expect(storeOpenError('mysql://db/jobs', new Error('x')).message).toBe(
      'DATABASE_URL: cannot open the store (mysql://db/jobs): x',
    );
  });
});
