import type { Job } from '../domain/job.js';

/**
 * The jobs of one upsert call with repeated keys collapsed, the last occurrence winning (as if
 * written one after another). Both stores count inserted/updated per distinct key, and
 * PostgreSQL cannot touch the same row twice in one INSERT ... ON CONFLICT statement.
 */
export function lastByKey(jobs: readonly Job[]): Job[] {
  const byKey = new Map<string, Job>();
  for (const job of jobs) byKey.set(job.key, job);
  // Stryker disable next-line ConditionalExpression: equivalent, without a repeat the map's values are the jobs in their order
  return byKey.size === jobs.length ? [...jobs] : [...byKey.values()];
}
