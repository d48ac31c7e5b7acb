import { readFileSync, writeFileSync } from 'node:fs';
import type { BenchReport, SizeReport } from './report-types.js';
import { int, OP_LABEL as REPORT_LABEL } from './report.js';
import { OPERATIONS, type Operation } from './run-system.js';

/** The marker comments around the part of docs/performance.md that `--write-docs` rewrites. */
export const SECTION_START = '<!-- bench:table:start -->';
export const SECTION_END = '<!-- bench:table:end -->';

/** The docs table names the facet operation by what it answers. */
const OP_LABEL: Record<Operation, string> = { ...REPORT_LABEL, filterData: 'filter data (all facets)' };

function ms(x: number): string {
  if (!Number.isFinite(x)) return '–';
  return x >= 100 ? `${int.format(x)} ms` : x >= 1 ? `${x.toPrecision(3)} ms` : `${x.toFixed(3)} ms`;
}

function ratio(x: number): string {
  return x >= 10 ? `${int.format(x)}×` : `${x.toFixed(1)}×`;
}

function sizeLabel(size: number): string {
  if (size >= 1_000_000 && size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  if (size >= 1_000 && size % 1_000 === 0) return `${size / 1_000}k`;
  return int.format(size);
}

/** The peer with the lowest median for `op` at this size, or null when no peer answered it. */
function fastestPeer(s: SizeReport, op: Operation): { name: string; medianMs: number } | null {
  let best: { name: string; medianMs: number } | null = null;
  for (const p of s.peers) {
    const st = p.result?.ops[op];
    if (!st || st.queries === 0 || !Number.isFinite(st.medianMs)) continue;
    if (!best || st.medianMs < best.medianMs) best = { name: p.name, medianMs: st.medianMs };
  }
  return best;
}

/**
 * The section's text (markers excluded): the command, the date and the machine, the engine's
 * medians per size with the p99 and the fastest peer at the largest size, and the time and memory
 * from the store to ready.
 */
export function performanceSection(report: BenchReport, command: string): string {
  const m = report.machine;
  const sizes = report.sizes;
  const largest = sizes[sizes.length - 1];
  if (!largest) throw new Error('the report holds no size');
  const top = sizeLabel(largest.size);
  const withPeers = largest.peers.some((p) => p.result);
  const header = [
    'operation',
    ...sizes.map((s) => `engine, ${sizeLabel(s.size)}`),
    `p99, ${top}`,
    ...(withPeers ? [`fastest peer, ${top}`, `ratio, ${top}`] : []),
  ];
  const rows = OPERATIONS.map((op) => {
    const engine = largest.engine.result.ops[op];
    const peer = withPeers ? fastestPeer(largest, op) : null;
    const peerCells = withPeers
      ? peer
        ? [`${peer.name} ${ms(peer.medianMs)}`, ratio(peer.medianMs / engine.medianMs)]
        : ['–', '–']
      : [];
    return [OP_LABEL[op], ...sizes.map((s) => ms(s.engine.result.ops[op].medianMs)), ms(engine.p99Ms), ...peerCells];
  });
  const repeated = largest.engine.result.repeated.filterData;
  if (repeated) {
    rows.push([
      'filter data, the same query repeated',
      ...sizes.map((s) => ms(s.engine.result.repeated.filterData?.medianMs ?? Number.NaN)),
      ms(repeated.p99Ms),
      ...(withPeers ? ['–', '–'] : []),
    ]);
  }
  const table = (cells: string[][]) => cells.map((r) => `| ${r.join(' | ')} |`);
  const align = `|---|${header
    .slice(1)
    .map(() => '---:')
    .join('|')}|`;
  const secs = (x: number) => `${(x / 1000).toFixed(1)} s`;
  const ready = sizes.map((s) => {
    const e = s.engine.ready;
    return [
      int.format(s.size),
      secs(e.loadMs),
      secs(e.buildMs),
      e.file ? secs(e.file.readMs) : '–',
      `${int.format(e.memory.rssMb)} MB`,
    ];
  });
  return [
    `Written by \`${command}\` (bench/docs-section.ts); a run with \`--write-docs\` replaces it.`,
    '',
    `${report.date.slice(0, 10)} · ${m.cpus} cores (${m.cpuModel}) · ${m.memoryGb} GB · Node ${m.node} · ${m.platform} · ` +
      `load average ${m.loadStart.toFixed(1)} at the start, ${m.loadEnd.toFixed(1)} at the end` +
      (report.options.quick ? ' · quick mode (fewer queries: not for comparison)' : ''),
    '',
    `Medians in process, single thread, distinct uncached queries${
      withPeers ? '; the ratio is how many times faster the engine is than the fastest peer that answered' : ''
    }:`,
    '',
    `| ${header.join(' | ')} |`,
    align,
    ...table(rows),
    '',
    'From the store to ready (the engine, index saved and read back as the service serves it):',
    '',
    '| postings | load from the store | build | read back | resident memory |',
    '|---:|---:|---:|---:|---:|',
    ...table(ready),
  ].join('\n');
}

/**
 * `text` with what lies between the two markers replaced by `section`; everything outside the
 * markers, the markers included, is kept byte for byte. Throws when the markers are missing,
 * repeated or out of order.
 */
export function replaceMarkedSection(text: string, section: string): string {
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  if (start < 0 || end < 0) throw new Error(`the markers ${SECTION_START} and ${SECTION_END} are missing`);
  if (text.indexOf(SECTION_START, start + 1) >= 0 || text.indexOf(SECTION_END, end + 1) >= 0) {
    throw new Error('the markers appear more than once');
  }
  if (end < start) throw new Error(`${SECTION_END} comes before ${SECTION_START}`);
  return `${text.slice(0, start + SECTION_START.length)}\n${section.trim()}\n${text.slice(end)}`;
}

/** Rewrites the marked section of the file at `path` with the report's table. */
export function writeDocsSection(path: string, report: BenchReport, command: string): void {
  writeFileSync(path, replaceMarkedSection(readFileSync(path, 'utf8'), performanceSection(report, command)));
}
