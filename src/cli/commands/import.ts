import { constants, createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { formatCount } from '../format.js';
import { PostingsFormatError } from '../../ingest/read/read-postings.js';
import { terminalSafe } from '../terminal-safe.js';
import { DEFAULT_READ_LIMITS, READ_LIMIT_SETTINGS, readLimitsFrom } from '../../ingest/read/read-limits.js';
import { SOURCE_NAME } from '../../ingest/identity.js';
import { defaultEnrichWorkers, MAX_ENRICH_WORKERS } from '../../ingest/enrich-pool.js';
import {
  importFile,
  ImportInterrupted,
  type ImportProgress,
  type ImportSummary,
  type Reject,
} from '../../ingest/run-import.js';
import type { JobStore } from '../../store/job-store.js';
import { lowerPriority } from '../../runtime/priority.js';
import type { BuildPriority } from '../../runtime/index-builder.js';

/** Rejects listed in the printed summary; the reject report holds them all. */
const PRINTED_REJECTS = 20;
/** How often progress is printed; IMPORT_PROGRESS_MS overrides it (0: after every staged batch). */
const PROGRESS_INTERVAL_MS = progressInterval(process.env.IMPORT_PROGRESS_MS);
export const DEFAULT_SOURCE = 'default';
const MIB = 1024 * 1024;

interface ImportCommandOptions {
  source: string;
  rejectReport?: string;
  sync?: boolean;
  allowRejects?: boolean;
  workers?: string;
  priority: string;
  /** false with --no-index. */
  index: boolean;
  maxLineMb?: string;
  maxInputMb?: string;
  maxGzipRatio?: string;
  create?: boolean;
}

/** Opens the store to import into; `create`: a SQLite file that is not there is created (else refused). */
export type OpenImportStore = (options: { create: boolean }) => Promise<JobStore>;

/**
 * Exit statuses: 1 the input cannot be imported (unreadable, unsupported, no posting); 2 postings
 * were rejected; 3 the store failed mid-import (nothing published: run it again).
 */
export const EXIT_INPUT = 1;
export const EXIT_REJECTS = 2;
export const EXIT_STORE = 3;

export interface CommandOutput {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/**
 * `jobsearch import <file|dir|-> [--source <name>] [--sync] [--allow-rejects] [--reject-report <file>]`.
 * Progress goes to stderr, the summary to stdout. Exit status 0 when everything was imported;
 * 2 when postings were rejected (0 with --allow-rejects); 1 when the input cannot be read, is not
 * a supported format, or holds no posting; 3 when the store failed mid-import (`storeLabel`
 * names it in the message: where DATABASE_URL points, without a password).
 */
export function registerImport(
  program: Command,
  openStore: OpenImportStore,
  io: CommandOutput = { out: process.stdout, err: process.stderr },
  storeLabel: () => string = () => 'the store',
  keepIndex?: (store: JobStore, priority: BuildPriority) => Promise<void>,
): void {
  program
    .command('import')
    .description(
      'Import schema.org JobPosting JSON-LD: NDJSON, a JSON array, one object or an @graph document, ' +
        'HTML pages with <script type="application/ld+json"> blocks, gzip-compressed or not; a directory of such files; "-" reads stdin.',
    )
    .argument('<file>', 'file or directory to import, or - for stdin')
    .option(
      '--source <name>',
      'feed name (letters, digits, . _ -); a posting is identified by source + identifier',
      DEFAULT_SOURCE,
    )
    .option('--sync', 'the input is the whole feed: postings of this source absent from it are removed')
    .option('--allow-rejects', 'exit 0 even when postings were rejected')
    .option(
      '--create',
      'create the SQLite store when DATABASE_URL names no file (without it such an import is refused: see init)',
    )
    .option('--reject-report <file>', 'write every reject as one JSON line {position, reason} to this file')
    .option(
      '--workers <n>',
      `enrichment threads beside the main one, 0 to ${MAX_ENRICH_WORKERS} (default: one per further core, here ${defaultEnrichWorkers()})`,
    )
    .option(
      '--priority <level>',
      'CPU priority: low (the default: a server on the same machine answers first) or normal',
      'low',
    )
    .option(
      `${READ_LIMIT_SETTINGS.maxLineBytes.flag} <mb>`,
      `longest NDJSON line or JSON array item; a longer one is a reject (default ${DEFAULT_READ_LIMITS.maxLineBytes / MIB}, or ${READ_LIMIT_SETTINGS.maxLineBytes.env})`,
    )
    .option(
      `${READ_LIMIT_SETTINGS.maxInputBytes.flag} <mb>`,
      `most an input may hold decompressed; past it nothing is imported (default ${DEFAULT_READ_LIMITS.maxInputBytes / MIB}, or ${READ_LIMIT_SETTINGS.maxInputBytes.env})`,
    )
    .option(
      `${READ_LIMIT_SETTINGS.maxGzipRatio.flag} <ratio>`,
      `highest decompressed-to-compressed ratio of a gzip input; past it nothing is imported (default ${DEFAULT_READ_LIMITS.maxGzipRatio}, or ${READ_LIMIT_SETTINGS.maxGzipRatio.env})`,
    )
    .option(
      '--no-index',
      'leave INDEX_FILE as it is (by default, when it holds no index serve could start from, the import builds and saves one)',
    )
    .action(async (file: string, options: ImportCommandOptions) => {
      await runImportCommand(file, options, openStore, io, storeLabel, options.index ? keepIndex : undefined);
    });
}

/**
 * An import is a batch job: at low priority (nice 10) it takes the CPU a server on the same
 * machine leaves, and requests during it wait less (an uncached list page asked every 20 ms while
 * 10,000 postings were imported at 1M: p99 32–36 ms at normal priority, 22–24 ms at low; the
 * import took as long). The enrichment threads, started later, inherit it.
 */
function lowerImportPriority(level: string): void {
  if (level === 'low') lowerPriority();
}

async function runImportCommand(
  file: string,
  options: ImportCommandOptions,
  openStore: OpenImportStore,
  io: CommandOutput,
  storeLabel: () => string,
  keepIndex: ((store: JobStore, priority: BuildPriority) => Promise<void>) | undefined,
): Promise<void> {
  const name = file === '-' ? 'stdin' : basename(file);
  if (!SOURCE_NAME.test(options.source)) {
    io.err.write(
      `jobsearch import: --source must be 1 to 64 letters, digits, '.', '_' or '-' (got ${JSON.stringify(options.source)})\n`,
    );
    process.exitCode = EXIT_INPUT;
    return;
  }
  if (options.priority !== 'low' && options.priority !== 'normal') {
    io.err.write(`jobsearch import: --priority must be low or normal (got ${JSON.stringify(options.priority)})\n`);
    process.exitCode = EXIT_INPUT;
    return;
  }
  const workers = options.workers === undefined ? defaultEnrichWorkers() : Number(options.workers);
  if (
    !Number.isInteger(workers) ||
    workers < 0 ||
    workers > MAX_ENRICH_WORKERS ||
    !/^\d+$/.test(options.workers ?? '0')
  ) {
    io.err.write(
      `jobsearch import: --workers must be a whole number from 0 to ${MAX_ENRICH_WORKERS} (got ${JSON.stringify(options.workers)})\n`,
    );
    process.exitCode = EXIT_INPUT;
    return;
  }
  const limits = readLimitsFrom(
    {
      ...(options.maxLineMb === undefined ? {} : { maxLineBytes: options.maxLineMb }),
      ...(options.maxInputMb === undefined ? {} : { maxInputBytes: options.maxInputMb }),
      ...(options.maxGzipRatio === undefined ? {} : { maxGzipRatio: options.maxGzipRatio }),
    },
    process.env,
  );
  if (!limits.ok) {
    io.err.write(`jobsearch import: ${limits.message}\n`);
    process.exitCode = EXIT_INPUT;
    return;
  }
  if (file !== '-') {
    try {
      await access(file, constants.R_OK);
    } catch (error) {
      io.err.write(
        `jobsearch import: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = EXIT_INPUT;
      return;
    }
  }
  lowerImportPriority(options.priority);
  const report = options.rejectReport === undefined ? null : createWriteStream(options.rejectReport);
  report?.on('error', (error) => io.err.write(`jobsearch import: reject report: ${error.message}\n`));
  const store = await openStore({ create: options.create === true });
  const started = Date.now();
  let lastProgress = started;
  const sized = await sizedInput(file);
  const share = (): InputShare | null => (sized === null ? null : { done: sized.stream.bytesRead, size: sized.size });
  try {
    const summary = await importFile(sized?.stream ?? file, store, {
      source: options.source,
      now: started,
      sync: options.sync === true,
      workers,
      readLimits: limits.limits,
      onProgress(p) {
        const now = Date.now();
        if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
        lastProgress = now;
        io.err.write(`${progressLine(p, now - started, share())}\n`);
      },
      onReject(r) {
        report?.write(`${JSON.stringify(r)}\n`);
      },
    });
    io.err.write(`${progressLine(summary, Date.now() - started, share())}\n`);
    io.out.write(summaryText(file, summary, options));
    process.exitCode = exitStatus(summary, options);
    // Published (rejects or not): the store's index is kept where serve starts from.
    if (!summary.empty) await keepIndex?.(store, options.priority === 'normal' ? 'normal' : 'low');
  } catch (error) {
    if (error instanceof ImportInterrupted) {
      io.err.write(interruptedText(error, storeLabel()));
      process.exitCode = EXIT_STORE;
      return;
    }
    if (!isInputError(error)) throw error;
    io.err.write(`jobsearch import: cannot read ${terminalSafe(name)}: ${terminalSafe(error.message)}\n`);
    process.exitCode = EXIT_INPUT;
  } finally {
    sized?.stream.destroy();
    await closeReport(report);
    await store.close();
  }
}

/** What a store failure mid-import left: the store named, the counts, what to do. */
function interruptedText(error: ImportInterrupted, store: string): string {
  const p = error.progress;
  return [
    `jobsearch import: the store failed mid-import (${store}): ${error.message}`,
    `  ${formatCount(p.read)} read, ${formatCount(p.staged)} staged, ${formatCount(p.rejected)} rejected; ` +
      'nothing was published (staged postings are not served).',
    '  Run the same import again to complete it; it starts afresh.',
    '',
  ].join('\n');
}

function isInputError(error: unknown): error is Error {
  if (error instanceof PostingsFormatError) return true;
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^E[A-Z]+$/.test(error.code) &&
    'syscall' in error
  );
}

function exitStatus(s: ImportSummary, options: ImportCommandOptions): number {
  if (s.empty) return EXIT_INPUT;
  return s.rejected > 0 && options.allowRejects !== true ? EXIT_REJECTS : 0;
}

/** How much of an input of known size has been read, in bytes (of the file as stored, compressed or not). */
export interface InputShare {
  done: number;
  size: number;
}

/** A single regular file, opened here so that its bytes read tell how far the import is; else null. */
async function sizedInput(file: string): Promise<{ stream: ReadStream; size: number } | null> {
  if (file === '-') return null;
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile() || info.size === 0) return null;
  return { stream: createReadStream(file), size: info.size };
}

/**
 * `import: 12,000 read, 11,000 staged, 3 rejected (4,100/s)`, and for an input of known size
 * `, 40 % of 52.3 MB, about 4 s left` (the time left from the pace so far).
 */
export function progressLine(p: ImportProgress, elapsedMs: number, share: InputShare | null = null): string {
  const rate = elapsedMs > 0 ? Math.round((p.read * 1000) / elapsedMs) : 0;
  const counts = `import: ${formatCount(p.read)} read, ${formatCount(p.staged)} staged, ${formatCount(p.rejected)} rejected (${formatCount(rate)}/s)`;
  if (share === null) return counts;
  const fraction = Math.min(1, share.done / share.size);
  const percent = `${Math.floor(fraction * 100)} % of ${formatBytes(share.size)}`;
  if (fraction >= 1 || fraction === 0 || elapsedMs <= 0) return `${counts}, ${percent}`;
  const leftMs = (elapsedMs * (1 - fraction)) / fraction;
  return `${counts}, ${percent}, about ${formatDuration(leftMs)} left`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function summaryText(file: string, s: ImportSummary, options: ImportCommandOptions): string {
  const lines = [
    `imported ${file === '-' ? 'stdin' : file} (source ${options.source}${options.sync === true ? ', --sync' : ''})`,
    `  read:      ${formatCount(s.read)}`,
    `  inserted:  ${formatCount(s.inserted)}`,
    `  updated:   ${formatCount(s.updated)}`,
    `  unchanged: ${formatCount(s.unchanged)}`,
  ];
  if (s.expired > 0)
    lines.push(`  expired on arrival: ${formatCount(s.expired)} (stored, not served: their validThrough has passed)`);
  if (s.duplicates > 0) {
    lines.push(
      `  attached to an existing posting of another source: ${formatCount(s.duplicates)} (stored, served as that posting's sources)`,
    );
  }
  if (options.sync === true)
    lines.push(`  removed:   ${formatCount(s.removed)} (postings of ${options.source} absent from this import)`);
  lines.push(`  rejected:  ${formatCount(s.rejected)}`);
  if (s.empty) {
    lines.push(
      s.read === 0
        ? 'no posting: the input is empty; nothing was changed'
        : 'no posting could be imported; nothing was changed' + (options.sync === true ? ' (nothing removed)' : ''),
    );
  } else if (s.inserted + s.updated + s.removed === 0) {
    lines.push('nothing changed: every posting is stored exactly like this already');
  }
  if (s.rejects.length > 0) {
    lines.push(`first rejects${options.rejectReport ? ` (all in ${options.rejectReport})` : ''}:`);
    for (const r of s.rejects.slice(0, PRINTED_REJECTS)) lines.push(`  ${rejectLine(r)}`);
    if (s.rejected > PRINTED_REJECTS) lines.push(`  … and ${s.rejected - PRINTED_REJECTS} more`);
  }
  return `${lines.join('\n')}\n`;
}

function rejectLine(r: Reject): string {
  return terminalSafe(`${r.position}: ${r.reason}`);
}

function closeReport(report: WriteStream | null): Promise<void> {
  if (report === null) return Promise.resolve();
  return new Promise((resolve, reject) =>
    report.end((err?: Error | null) => {
      if (err) reject(err);
      else resolve();
    }),
  );
}

function progressInterval(value: string | undefined): number {
  const ms = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(ms) && ms >= 0 ? ms : 1_000;
}
