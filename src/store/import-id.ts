import { randomUUID } from 'node:crypto';

/** A new import id for `source`: `<source>/<uuid>`. */
export function newImportId(source: string): string {
  return `${source}/${randomUUID()}`;
}

/** The source an import id was made for. */
export function sourceOfImport(importId: string): string {
  const slash = importId.lastIndexOf('/');
  if (slash <= 0) throw new Error(`not an import id: ${importId}`);
  return importId.slice(0, slash);
}
