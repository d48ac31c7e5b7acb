import { constants, createWriteStream, type WriteStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { formatCount } from '../format.js';
import { PostingsFormatError } from '../../ingest/read-postings.js';
import { importFile, type ImportProgress, type ImportSummary, type Reject } from '../../ingest/run-import.js';
import type { JobStore } from '../../store/job-store.js';

/** Rejects listed in the printed summary; the reject report holds them all. */
const PRINTED_REJECTS = 20;
const PROGRESS_INTERVAL_MS = 1_000;
export const DEFAULT_SOURCE = 'default';

interface ImportCommandOptions {
  source: string;
  rejectReport?: string;
}

export interface CommandOutput {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/**
 * `jobsearch import <file|-> [--source <name>] [--reject-report <file>]`. Progress goes to stderr,
 * the summary to stdout. Exit code 0 also when postings were rejected; 1 when the input cannot be
 * read or is not JSON.
 */
export function registerImport(
  program: Command,
  openStore: () => Promise<JobStore>,
  io: CommandOutput = { out: process.stdout, err: process.stderr },
): void {
  program
    .command('import')
    .description('Import schema.org JobPosting JSON-LD (NDJSON, JSON array or @graph document); "-" reads stdin.')
    .argument('<file>', 'file to import, or - for stdin')
    .option('--source <name>', 'feed name; a posting is identified by source + identifier', DEFAULT_SOURCE)
    .option('--reject-report <file>', 'write every reject as one JSON line {position, reason} to this file')
    .action(async (file: string, options: ImportCommandOptions) => {
      await runImportCommand(file, options, openStore, io);
    });
}

async function runImportCommand(
  file: string,
  options: ImportCommandOptions,
  openStore: () => Promise<JobStore>,
  io: CommandOutput,
): Promise<void> {
  const name = file === '-' ? 'stdin' : basename(file);
  if (file !== '-') {
    try {
      await access(file, constants.R_OK);
    } catch (error) {
      io.err.write(`jobsearch import: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
      return;
    }
  }
  const report = options.rejectReport === undefined ? null : createWriteStream(options.rejectReport);
  report?.on('error', (error) => io.err.write(`jobsearch import: reject report: ${error.message}\n`));
  const store = await openStore();
  const started = Date.now();
  let lastProgress = started;
  try {
    const summary = await importFile(file, store, {
      source: options.source,
      now: started,
      onProgress(p) {
        const now = Date.now();
        if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
        lastProgress = now;
        io.err.write(`${progressLine(p, now - started)}\n`);
      },
      onReject(r) {
        report?.write(`${JSON.stringify(r)}\n`);
      },
    });
    io.err.write(`${progressLine(summary, Date.now() - started)}\n`);
    io.out.write(summaryText(file, summary, options.rejectReport));
  } catch (error) {
    if (!isInputError(error)) throw error;
    io.err.write(`jobsearch import: cannot read ${name}: ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await closeReport(report);
    await store.close();
  }
}

function isInputError(error: unknown): error is Error {
  if (error instanceof PostingsFormatError) return true;
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && /^E[A-Z]+$/.test(error.code) && 'syscall' in error;
}

function progressLine(p: ImportProgress, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? Math.round((p.read * 1000) / elapsedMs) : 0;
  return `import: ${formatCount(p.read)} read, ${formatCount(p.inserted)} inserted, ${formatCount(p.updated)} updated, ${formatCount(p.rejected)} rejected (${formatCount(rate)}/s)`;
}

function summaryText(file: string, s: ImportSummary, reportPath: string | undefined): string {
  const lines = [
    `imported ${file === '-' ? 'stdin' : file}`,
    `  read:     ${formatCount(s.read)}`,
    `  inserted: ${formatCount(s.inserted)}`,
    `  updated:  ${formatCount(s.updated)}`,
    `  rejected: ${formatCount(s.rejected)}`,
  ];
  if (s.rejects.length > 0) {
    lines.push(`first rejects${reportPath ? ` (all in ${reportPath})` : ''}:`);
    for (const r of s.rejects.slice(0, PRINTED_REJECTS)) lines.push(`  ${rejectLine(r)}`);
    if (s.rejected > PRINTED_REJECTS) lines.push(`  … and ${formatCount(s.rejected - PRINTED_REJECTS)} more`);
  }
  return `${lines.join('\n')}\n`;
}

function rejectLine(r: Reject): string {
  return `${r.position}: ${r.reason}`;
}

function closeReport(report: WriteStream | null): Promise<void> {
  if (report === null) return Promise.resolve();
  return new Promise((resolve, reject) => report.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
