import type { Job } from '../domain/job.js';

/**
 * A stored document back to a Job. Not validated: a store holds only what its upsert wrote from
 * a Job, and checking a million documents on every load would cost more than the parse itself.
 */
export function parseJob(doc: string): Job {
  const job: Job = JSON.parse(doc);
  return job;
}
