import type { Job } from '../domain/job.js';
import { sha1 } from '../domain/sha1.js';

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

/**
 * A Job as the SQLite store keeps it, with its content hash. The JSON has every character past
 * Latin-1 escaped (`–` as `\u2013`): nearly every posting has one (a dash, an ellipsis, a euro
 * sign), and one is enough to make the whole document a string of two bytes a character once read
 * back, which is slower to read out of SQLite and to parse. A full build reads and parses every
 * live posting (README, "Documents in Latin-1"). The hash is the plain JSON's, as before, so a
 * posting stored before keeps its hash and an import that brings it unchanged leaves it alone.
 */
export function storedJob(job: Job): { doc: string; hash: string } {
  const plain = JSON.stringify(job);
  return { doc: latin1Json(plain), hash: contentHash(plain) };
}

/**
 * JSON text with each UTF-16 unit past Latin-1 written as a `\uXXXX` escape (a pair of surrogates
 * as two, which JSON.parse joins again): the same value, in characters of one byte.
 */
export function latin1Json(json: string): string {
  return json.replace(BEYOND_LATIN1, escapeUnit);
}

const BEYOND_LATIN1 = /[\u0100-\uffff]/g;

function escapeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** The job with the board id the registry gave it (the same object when nothing changes). */
export function withBoardId(job: Job, boardId: string): Job {
  return job.boardId === boardId ? job : { ...job, boardId };
}
