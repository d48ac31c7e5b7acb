import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Command } from 'commander';
import type { Job, SalaryRange } from '../../domain/job.js';
import { estimateSalaries } from '../../search/columns/salary-estimate.js';
import type { JobStore, StoredJob } from '../../store/job-store.js';

export interface ExportOutput {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

interface ExportOptions {
  out?: string;
  estimates: boolean;
}

/** The identity of a stored posting, read back from its key (see src/ingest/identity.ts). */
export interface ExportedIdentity {
  source: string;
  key: string;
  boardId: string;
  /** The JobPosting identifier the key was made from (name '' when it had none), else null. */
  identifier: { name: string; value: string } | null;
  url: string | null;
  /** How the key was made: from the identifier, the url, or a hash of company, title and place. */
  keyedBy: 'identifier' | 'url' | 'hash' | 'other';
}

/** A posting's place in a duplicate group (postings of several sources recognised as one job). */
export interface ExportedGroup {
  /** Key of the served posting of another source this one is attached to; null when it is served itself. */
  duplicateOf: string | null;
  /** Keys of the postings of other sources attached to this one, in the order they were stored. */
  duplicates: string[];
}

/** One line of `jobsearch export`: the identity, whether it is served, its group, and every derived field. */
export interface ExportedPosting extends Omit<Job, 'key' | 'boardId' | 'source' | 'url'> {
  identity: ExportedIdentity;
  /** False when its validThrough has passed: stored, not served. */
  live: boolean;
  group: ExportedGroup;
}

/**
 * `jobsearch export [--out <file>] [--no-estimates]`: every stored posting (expired and duplicates
 * included, each with its `group`), in key order, as NDJSON. The estimated salary (with its basis) is what the index would show; it is
 * computed over the live postings, which are held in memory for that (as at a server's start).
 */
export function registerExport(
  program: Command,
  openStore: () => Promise<JobStore>,
  io: ExportOutput = { out: process.stdout, err: process.stderr },
): void {
  program
    .command('export')
    .description('Write every stored posting as enriched NDJSON (identity and every derived field), for audits.')
    .option('--out <file>', 'write to this file instead of stdout')
    .option('--no-estimates', 'leave estimatedSalary null (skips holding the live postings in memory)')
    .action(async (options: ExportOptions) => {
      const store = await openStore();
      const out = options.out === undefined ? io.out : createWriteStream(options.out);
      try {
        const count = await exportPostings(store, out, { now: Date.now(), estimates: options.estimates });
        io.err.write(`exported ${count} postings\n`);
      } finally {
        if (out !== io.out) {
          out.end();
          await once(out, 'finish');
        }
        await store.close();
      }
    });
}

/** Writes the NDJSON; returns how many postings were written. */
export async function exportPostings(
  store: JobStore,
  out: NodeJS.WritableStream,
  options: { now: number; estimates: boolean },
): Promise<number> {
  const estimates = options.estimates ? await liveEstimates(store, options.now) : new Map<string, SalaryRange | null>();
  let count = 0;
  for await (const chunk of scanStored(store)) {
    const text = chunk
      .map(({ job, duplicateOf, duplicates }) => {
        const line = exported(job, options.now, estimates.get(job.key) ?? null, { duplicateOf, duplicates });
        return `${JSON.stringify(line)}\n`;
      })
      .join('');
    if (!out.write(text)) await once(out, 'drain');
    count += chunk.length;
  }
  return count;
}

/** The store's postings with their groups (a store without groups: every posting on its own). */
async function* scanStored(store: JobStore): AsyncGenerator<StoredJob[]> {
  if (store.scanStored) {
    yield* store.scanStored();
    return;
  }
  for await (const chunk of store.scanAll()) yield chunk.map((job) => ({ job, duplicateOf: null, duplicates: [] }));
}

async function liveEstimates(store: JobStore, now: number): Promise<Map<string, SalaryRange | null>> {
  const live = await store.loadLive(now);
  const estimates = estimateSalaries(live);
  const byKey = new Map<string, SalaryRange | null>();
  live.forEach((job, i) => {
    const estimate = estimates[i] ?? null;
    if (estimate !== null) byKey.set(job.key, estimate);
  });
  return byKey;
}

export function exported(
  job: Job,
  now: number,
  estimate: SalaryRange | null,
  group: ExportedGroup = { duplicateOf: null, duplicates: [] },
): ExportedPosting {
  const { key, boardId, source, url, ...derived } = job;
  return {
    identity: { source, key, boardId, ...identityOfKey(key, source), url: url ?? urlOfKey(key, source) },
    live: job.validThrough === null || job.validThrough >= now,
    group,
    ...derived,
    estimatedSalary: job.salary === null ? estimate : null,
  };
}

function identityOfKey(key: string, source: string): Pick<ExportedIdentity, 'identifier' | 'keyedBy'> {
  const rest = key.startsWith(`${source}:`) ? key.slice(source.length + 1) : key;
  const id = /^id:([^:]*):(.*)$/s.exec(rest);
  if (id) return { identifier: { name: decodeURIComponent(id[1] ?? ''), value: id[2] ?? '' }, keyedBy: 'identifier' };
  if (rest.startsWith('url:')) return { identifier: null, keyedBy: 'url' };
  if (rest.startsWith('hash:')) return { identifier: null, keyedBy: 'hash' };
  return { identifier: null, keyedBy: 'other' };
}

function urlOfKey(key: string, source: string): string | null {
  const prefix = `${source}:url:`;
  return key.startsWith(prefix) ? key.slice(prefix.length) : null;
}
