import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { InvalidArgumentError, type Command } from 'commander';
import { generatePostings } from '../../demo/generate.js';

/** Lines joined per write: few syscalls, bounded memory. */
const BATCH_LINES = 500;

interface GenerateCliOptions {
  count: number;
  seed: number;
  now: number;
  out?: string;
}

function parseCount(value: string): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('count must be a positive integer (e.g. --count 10000).');
  return n;
}

function parseSeed(value: string): number {
  const n = /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError('seed must be an integer (e.g. --seed 42).');
  return n;
}

function parseNow(value: string): number {
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw new InvalidArgumentError('now must be an ISO 8601 date (e.g. --now 2025-06-01).');
  return t;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description(
      'Write realistic demo postings (schema.org JobPosting JSON-LD, one per line) for SEO and other jobs in ' +
        'DE, AT, CH and ES. The same --seed and --now give the same output.',
    )
    .requiredOption('--count <n>', 'number of postings (positive integer)', parseCount)
    .option('--seed <s>', 'seed of the pseudo-random generator (integer)', parseSeed, 1)
    .option('--now <date>', 'date the postings are relative to (ISO 8601; default: now)', parseNow)
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (options: Partial<GenerateCliOptions>) => {
      const count = options.count ?? 0;
      const seed = options.seed ?? 1;
      const now = options.now ?? Date.now();
      const started = performance.now();
      const postings = generatePostings({ count, seed, now });
      if (options.out === undefined) {
        await writeLines(process.stdout, postings, false);
        return;
      }
      const written = await writeLines(createWriteStream(options.out), postings, true);
      const seconds = (performance.now() - started) / 1000;
      process.stderr.write(`generate: wrote ${written} postings to ${options.out} in ${seconds.toFixed(1)} s\n`);
    });
}

/**
 * Writes one JSON line per posting with backpressure. A reader that goes away (EPIPE, as with
 * `| head`) ends the output quietly; any other write error rejects.
 */
export async function writeLines(out: Writable, items: Iterable<unknown>, end: boolean): Promise<number> {
  // Set by the error listener, between awaits: typed wide so that the checks below are not
  // narrowed away as if nothing could change them.
  let failure = null as Error | null;
  let closed = false as boolean;
  const onError = (err: NodeJS.ErrnoException): void => {
    if (err.code === 'EPIPE') closed = true;
    else failure = err;
  };
  out.on('error', onError);
  let written = 0;
  try {
    let batch: string[] = [];
    const flush = async (): Promise<void> => {
      const ok = out.write(`${batch.join('\n')}\n`);
      batch = [];
      if (!ok) await drained(out);
    };
    for (const item of items) {
      if (closed || failure !== null) break;
      batch.push(JSON.stringify(item));
      written++;
      if (batch.length >= BATCH_LINES) await flush();
    }
    if (batch.length > 0 && !closed && failure === null) await flush();
    if (end && !closed && failure === null) await finished(out);
  } finally {
    if (!closed) out.off('error', onError);
  }
  if (failure !== null) throw failure;
  return written;
}

function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('error', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('error', done);
    out.on('close', done);
  });
}

function finished(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('error', reject);
    out.end(() => {
      resolve();
    });
  });
}
