import type { Job } from '../domain/job.js';
import { sha1 } from '../lib/sha1.js';

/**
 * A stored document back to a Job. Not validated: a store holds only what its upsert wrote from
 * a Job, and checking a million documents on every load would cost more than the parse itself.
 */
export function parseJob(doc: string): Job {
  const job = JSON.parse(doc) as Job;
  return job;
}

/** The content hash a store keeps beside a document: equal hashes, equal postings. */
export function contentHash(doc: string): string {
  return sha1(doc, 'base64');
}

/** The job with the board id the registry gave it (the same object when nothing changes). */
export function withBoardId(job: Job, boardId: string): Job {
  return job.boardId === boardId ? job : { ...job, boardId };
}

/**
 * How a store keeps a posting: the document the index reads (`doc`, the posting without its
 * `detail`), what only the one-posting view shows (`detail`, its JSON, null when the posting has
 * none), and the content hash of the whole posting as one JSON text (as the stores hashed it when
 * the detail was kept inside the document, so a posting stored then and imported again unchanged
 * is still unchanged).
 *
 * Why apart: the description is a posting's longest text (up to 20,000 characters, about a quarter
 * of the demo's documents), the index never holds it, and a build reads and parses every document
 * of the store. src/store/README.md, "The detail beside the document".
 */
export interface StoredDoc {
  doc: string;
  detail: string | null;
  hash: string;
}

export function storedDoc(job: Job): StoredDoc {
  const whole = JSON.stringify(job);
  const hash = contentHash(whole);
  if (job.detail === undefined) return { doc: whole, detail: null, hash };
  const { detail, ...indexed } = job;
  return { doc: JSON.stringify(indexed), detail: JSON.stringify(detail), hash };
}

/**
 * SQLite: the whole posting as JSON text (`doc` with its `detail`), for the reads that give whole
 * postings (the one-posting view, scans, the change feed served over HTTP).
 */
export const SQLITE_WHOLE_DOC = "CASE WHEN detail IS NULL THEN doc ELSE json_set(doc, '$.detail', json(detail)) END";

/** PostgreSQL: the same, as text. */
export const POSTGRES_WHOLE_DOC =
  "(CASE WHEN detail IS NULL THEN doc ELSE doc || jsonb_build_object('detail', detail) END)::text";
