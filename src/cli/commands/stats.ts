import { InvalidArgumentError, type Command } from 'commander';
import type { Job } from '../../domain/job.js';
import { formatCount } from '../format.js';
import type { JobStore } from '../../store/job-store.js';

/** Where a job lists no place, or a place without a country code. */
const UNKNOWN_COUNTRY = 'unknown';

export interface StatsOutput {
  out: NodeJS.WritableStream;
}

interface StatsOptions {
  json?: boolean;
  now?: number;
}

/** Counts of one group, most postings first, then by name so the output is stable. */
export type Tally = Array<{ name: string; count: number }>;

export interface StoreStats {
  stored: number;
  /** Served postings not expired at `now`. */
  live: number;
  /** Stored, not served: expired, or attached to a posting of another source (a duplicate). */
  expired: number;
  changeCursor: number;
  /** Live postings by the country code of their first place. */
  byCountry: Tally;
  bySource: Tally;
  seo: { yes: number; no: number };
}

/** `jobsearch stats [--json] [--now <date>]`: what the store holds, for operators. */
export function registerStats(
  program: Command,
  openStore: () => Promise<JobStore>,
  io: StatsOutput = { out: process.stdout },
): void {
  program
    .command('stats')
    .description(
      'Show the stored and live postings, the change cursor, and live postings by country, source and SEO flag.',
    )
    .option('--json', 'print JSON instead of text')
    .option('--now <date>', 'count as live what has not expired at this date (ISO 8601; default: now)', parseNow)
    .action(async (options: StatsOptions) => {
      const store = await openStore();
      try {
        const stats = await collectStats(store, options.now ?? Date.now());
        io.out.write(options.json === true ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats));
      } finally {
        await store.close();
      }
    });
}

/** Reads the cursor first: the counts that follow are at least as new as the cursor shown. */
export async function collectStats(store: JobStore, now: number): Promise<StoreStats> {
  const changeCursor = await store.changeCursor();
  const stored = await store.count();
  // The breakdowns come from the live postings themselves: no store query beyond the interface.
  const live = await store.loadLive(now);
  return {
    stored,
    live: live.length,
    expired: Math.max(0, stored - live.length),
    changeCursor,
    byCountry: tally(live, (j) => j.places[0]?.countryCode ?? UNKNOWN_COUNTRY),
    bySource: tally(live, (j) => j.source),
    seo: { yes: live.filter((j) => j.isSeo).length, no: live.filter((j) => !j.isSeo).length },
  };
}

export function formatStats(stats: StoreStats): string {
  const lines = [
    `Stored postings    ${formatCount(stats.stored)}`,
    `Live postings      ${formatCount(stats.live)}`,
    `Expired postings   ${formatCount(stats.expired)}`,
    `SEO postings       ${formatCount(stats.seo.yes)} live (${formatCount(stats.seo.no)} live non-SEO)`,
    `Change cursor      ${formatCount(stats.changeCursor)}`,
    ...formatTally('Live by country', stats.byCountry),
    ...formatTally('Live by source', stats.bySource),
  ];
  return `${lines.join('\n')}\n`;
}

function formatTally(title: string, rows: Tally): string[] {
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map((r) => r.name.length));
  return ['', title, ...rows.map((r) => `  ${r.name.padEnd(width)}  ${formatCount(r.count)}`)];
}

function tally(jobs: readonly Job[], groupOf: (job: Job) => string): Tally {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    const name = groupOf(job);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function parseNow(value: string): number {
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw new InvalidArgumentError('now must be an ISO 8601 date (e.g. --now 2025-06-01).');
  return t;
}
