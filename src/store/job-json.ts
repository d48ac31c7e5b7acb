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
 * How the SQLite store keeps a posting: the document the index reads (`doc`, the posting without
 * its `detail`), what only the one-posting view shows (`detail`, its JSON, null when the posting
 * has none), and the content hash of the whole posting as one JSON text (as the stores hashed it
 * when the detail was kept inside the document, so a posting stored then and imported again
 * unchanged is still unchanged).
 *
 * Why apart: the description is a posting's longest text (up to 20,000 characters, about a quarter
 * of the demo's documents), the index never holds it, and a build reads and parses every document
 * of the store. src/store/README.md, "The detail beside the document".
 *
 * A description that is the end of the document's `searchText` (a description short enough for
 * `searchText` to hold whole, most of them) is not written twice: `detail` holds it as '' and
 * `descriptionTail` says how many characters (code points, as SQLite's substr counts) of the end
 * of `searchText` it is; SQLITE_WHOLE_DOC puts it back. Null: `detail` holds the description.
 */
export interface StoredDoc {
  doc: string;
  detail: string | null;
  hash: string;
  descriptionTail: number | null;
}

/**
 * Each part serialised once: the whole posting's JSON text (hashed) is the document's and the
 * detail's texts joined, when `detail` is the posting's last field (as every Job ingest builds).
 */
export function storedDoc(job: Job): StoredDoc {
  const detail = job.detail;
  if (detail === undefined) {
    const whole = JSON.stringify(job);
    return { doc: whole, detail: null, hash: contentHash(whole), descriptionTail: null };
  }
  const { detail: _detail, ...indexed } = job;
  const doc = JSON.stringify(indexed);
  const detailJson = JSON.stringify(detail);
  const whole = detailIsLast(job) && doc !== '{}' ? `${doc.slice(0, -1)},"detail":${detailJson}}` : JSON.stringify(job);
  const hash = contentHash(whole);
  const tail = descriptionTailOf(job.searchText, detail.description);
  if (tail === null) return { doc, detail: detailJson, hash, descriptionTail: null };
  return { doc, detail: JSON.stringify({ ...detail, description: '' }), hash, descriptionTail: tail };
}

function detailIsLast(job: Job): boolean {
  let last = '';
  for (const k in job) last = k;
  return last === 'detail';
}

/** Code points of `description` when it is the end of `searchText` (and not empty), else null. */
function descriptionTailOf(searchText: unknown, description: unknown): number | null {
  if (typeof searchText !== 'string' || typeof description !== 'string' || description === '') return null;
  // SQLite's substr stops counting at a NUL character: with one, the description stays whole.
  if (searchText.includes('\u0000')) return null;
  if (!searchText.endsWith(description)) return null;
  let codePoints = description.length;
  for (let i = 0; i < description.length; i++) {
    const c = description.charCodeAt(i);
    // A surrogate pair is one code point; a lone surrogate would not survive UTF-8: keep it whole.
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = description.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return null;
      codePoints -= 1;
      i += 1;
    } else if (c >= 0xdc00 && c <= 0xdfff) return null;
  }
  return codePoints;
}

/**
 * SQLite: the whole posting as JSON text (`doc` with its `detail`, the description put back from
 * the end of `searchText` where `description_tail` says so), for the reads that give whole
 * postings (the one-posting view, scans, the change feed served over HTTP).
 */
export const SQLITE_WHOLE_DOC = `CASE WHEN detail IS NULL THEN doc
  WHEN description_tail IS NULL THEN json_set(doc, '$.detail', json(detail))
  ELSE json_set(doc, '$.detail', json_set(detail, '$.description',
    substr(json_extract(doc, '$.searchText'), -description_tail))) END`;

/** PostgreSQL: the same, as text. */
export const POSTGRES_WHOLE_DOC =
  "(CASE WHEN detail IS NULL THEN doc ELSE doc || jsonb_build_object('detail', detail) END)::text";
