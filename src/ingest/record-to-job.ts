import type { Job } from '../domain/job.js';
import { enrichPosting, type EnrichContext } from './enrich.js';
import { validatePosting } from './validate.js';
import { parseLine } from './read/parse-line.js';

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

/** A read result without its record: what is left to account for once the record is enriched. */
export type ReadOutcome = { ok: true; position: string } | { ok: false; position: string; reason: string };

/** One read result of a line and, for a record, its outcome (null for a read failure). */
export interface LineOutcome {
  read: ReadOutcome;
  enriched: RecordOutcome | null;
}

/**
 * An NDJSON line (read-postings.ts, UnparsedLine) through the same steps: parsed as the reader
 * would (parseLine), each of its records through `recordToJob`; nothing for a blank line.
 */
export function lineToJobs(line: string, position: string, ctx: EnrichContext): LineOutcome[] {
  return (parseLine(line, position) ?? []).map((read) =>
    read.ok
      ? { read: { ok: true, position: read.position }, enriched: recordToJob(read.record, ctx) }
      : { read, enriched: null },
  );
}

/** What an enrichment thread is given: a parsed record, or an NDJSON line with its position. */
export type EnrichItem = { record: unknown } | { line: string; position: string };

/** A record's outcome, or a line's (a list: a line may hold no record, or several). */
export type ItemOutcome = RecordOutcome | LineOutcome[];

export function enrichItem(item: EnrichItem, ctx: EnrichContext): ItemOutcome {
  return 'line' in item ? lineToJobs(item.line, item.position, ctx) : recordToJob(item.record, ctx);
}
