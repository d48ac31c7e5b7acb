/** One step of a store's schema history. Versions are applied in ascending order, each exactly once. */
export interface Migration {
  version: number;
  name: string;
  /** One or more SQL statements, kept in TypeScript so that the build copies no .sql files. */
  sql: string;
}

/**
 * The migrations still to apply, given the versions a database has recorded.
 * Throws when the database knows a version this program does not: it was migrated by a newer
 * release, and writing to it with an older schema in mind could damage it.
 */
export function pendingMigrations(all: readonly Migration[], applied: readonly number[]): Migration[] {
  assertOrdered(all);
  const known = new Set(all.map((m) => m.version));
  const unknown = applied.filter((v) => !known.has(v));
  if (unknown.length > 0) {
    throw new Error(
      `The database has schema version(s) ${unknown.join(', ')} that this program does not know; ` +
        'it was migrated by a newer release. Upgrade the program or use another database.',
    );
  }
  const done = new Set(applied);
  return all.filter((m) => !done.has(m.version));
}

/**
 * A database whose schema lacks versions this program needs. Opening a hot standby (read-only)
 * meets it while the standby has not yet replayed the primary's migration, or before anyone
 * migrated the primary: the primary is migrated, never the standby.
 */
export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
  constructor(
    /** The versions the database lacks (every one when it has no schema at all). */
    readonly missing: readonly number[],
    noSchema = false,
  ) {
    super(
      (noSchema ? 'the database has no schema yet' : `the database lacks schema version(s) ${missing.join(', ')}`) +
        ': it has not been migrated to this release (a hot standby gets the migration by replication once the primary is migrated)',
    );
  }
}

/**
 * Checks without writing that a database has exactly the schema this program migrates to: throws
 * the unknown-version error of `pendingMigrations` for a newer database and SchemaBehindError
 * for an older one (or one with no schema at all: `applied` is null).
 */
export function checkSchemaVersions(all: readonly Migration[], applied: readonly number[] | null): void {
  if (applied === null)
    throw new SchemaBehindError(
      all.map((m) => m.version),
      true,
    );
  const pending = pendingMigrations(all, applied);
  if (pending.length > 0) throw new SchemaBehindError(pending.map((m) => m.version));
}

function assertOrdered(all: readonly Migration[]): void {
  all.forEach((m, i) => {
    const previous = all[i - 1];
    if (!Number.isInteger(m.version) || (previous !== undefined && m.version <= previous.version)) {
      throw new Error(`Migration versions must be ascending integers; check version ${m.version}`);
    }
  });
}
