import type { Job } from '../domain/job.js';
import { enrichPosting, type EnrichContext } from './enrich.js';
import { validatePosting } from './validate.js';

export type RecordOutcome = { ok: true; job: Job } | { ok: false; reason: string };

/**
 * One parsed record through the import's two steps, the same on every thread: validated (a reject
 * names the field), then enriched. An unexpected error in either is a reject, not a crash.
 */
export function recordToJob(record: unknown, ctx: EnrichContext): RecordOutcome {
  try {
    const valid = validatePosting(record);
    if (!valid.ok) return valid;
    return { ok: true, job: enrichPosting(valid.posting, ctx) };
  } catch (error) {
    return { ok: false, reason: `enrichment failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
