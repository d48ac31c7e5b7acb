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

/** The job with the board id the registry gave it (the same object when nothing changes). */
export function withBoardId(job: Job, boardId: string): Job {
  return job.boardId === boardId ? job : { ...job, boardId };
}
