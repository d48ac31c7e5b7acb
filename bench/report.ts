import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTally } from './agreement.js';
import type { HttpStats } from './http.js';
import type { OpStats } from './measure.js';
import type { ReadyStats } from './messages.js';
import type { BenchReport, PeerOutcome, SizeReport } from './report-types.js';
import { OPERATIONS, type Operation, type SystemResult } from './run-system.js';

/** Each operation's row label in the bench's tables. */
export const OP_LABEL: Record<Operation, string> = {
  filterData: 'filter data (facets, limit 100)',
  count: 'count',
  list1: 'list, page 1',
  list50: 'list, page 50',
  suggest: 'autocomplete (1–4 letters)',
};

/** Whole numbers with thousands separators, as the tables print them. */
export const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function ms(x: number): string {
  if (!Number.isFinite(x)) return '–';
  return x >= 100 ? int.format(x) : x >= 1 ? x.toFixed(2) : x.toFixed(3);
}

function secs(x: number | null): string {
  return x === null ? '–' : `${(x / 1000).toFixed(1)} s`;
}

function mb(x: number): string {
  return `${int.format(x)} MB`;
}

/** The whole report as markdown. */
export function toMarkdown(r: BenchReport): string {
  const m = r.machine;
  const lines = [
    '# Benchmark: the engine and its peers side by side',
    '',
    `${r.date} · ${m.cpus} cores (${m.cpuModel}) · ${m.memoryGb} GB · Node ${m.node} · ${m.platform} · ` +
      `load average ${m.loadStart.toFixed(1)} at start, ${m.loadEnd.toFixed(1)} at end · ` +
      `total ${(r.totalMs / 60_000).toFixed(1)} min${r.options.quick ? ' · **quick mode**' : ''}`,
    '',
    ...r.notes.map((n) => `- ${n}`),
  ];
  for (const s of r.sizes) lines.push('', ...sizeSection(s));
  return `${lines.join('\n')}\n`;
}

function sizeSection(s: SizeReport): string[] {
  const e = s.engine.ready;
  return [
    `## ${int.format(s.size)} postings (${int.format(e.documents)} live, seed ${s.seed})`,
    '',
    `Corpus: ${s.corpus.cached ? 'cached' : `generated, enriched and imported in ${secs(s.corpus.buildMs)}`} (${s.corpus.file}). ` +
      `Query mix: ${s.mix.filters} distinct filters (${Object.entries(s.mix.byKind)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}), ` +
      `${s.mix.suggests} distinct prefixes. Section time ${(s.elapsedMs / 60_000).toFixed(1)} min.`,
    '',
    '### Ready: from the store to answering',
    '',
    '| system | load from store | build | resident memory | heap used | notes |',
    '|---|---:|---:|---:|---:|---|',
    readyRow('engine', e, engineReadyNote(e)),
    ...s.peers.map(peerReadyRow),
    '',
    '### In process, single thread (same queries for every system)',
    '',
    '| operation | system | median ms | p99 ms | queries/s | queries timed | skipped |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...OPERATIONS.flatMap((op) => opRows(op, s)),
    '',
    '### The same query repeated (engine result cache)',
    '',
    '| operation | median ms | p99 ms | queries/s |',
    '|---|---:|---:|---:|',
    ...OPERATIONS.map((op) => repeatedRow(op, s.engine.result)),
    '',
    ...engineByKind(s.engine.result),
    ...engineSlowest(s.engine.result),
    ...httpSection(s),
    ...agreementSection(s),
  ];
}

function readyRow(name: string, r: ReadyStats, note: string): string {
  return `| ${name} | ${secs(r.loadMs)} | ${secs(r.buildMs)} | ${mb(r.memory.rssMb)} | ${mb(r.memory.heapUsedMb)} | ${note} |`;
}

function engineReadyNote(e: ReadyStats): string {
  const built = 'liveChunks streamed into SearchIndex.buildStreaming (load: reading and parsing)';
  if (!e.file) return built;
  return (
    `${built}; saved (${secs(e.file.saveMs)}, ${mb(e.file.bytes / 2 ** 20)}) and read back (${secs(e.file.readMs)}), ` +
    'cards left in the file, as the service serves it: the memory and the timed queries are of the index read back'
  );
}

function peerReadyRow(p: PeerOutcome): string {
  if (!p.ready) return `| ${p.name} | – | – | – | – | ${p.status}: ${p.note} |`;
  return readyRow(p.name, p.ready, p.note);
}

function opRows(op: Operation, s: SizeReport): string[] {
  const rows = [statsRow(op, 'engine', s.engine.result.ops[op])];
  for (const p of s.peers) {
    const st = p.result?.ops[op];
    rows.push(st ? statsRow(op, p.name, st) : `| ${OP_LABEL[op]} | ${p.name} | – | – | – | – | ${p.status} |`);
  }
  return rows;
}

function statsRow(op: Operation, name: string, st: OpStats): string {
  const timed = `${int.format(st.queries)}${st.budgetHit ? ' (time budget)' : ''}`;
  return `| ${OP_LABEL[op]} | ${name} | ${ms(st.medianMs)} | ${ms(st.p99Ms)} | ${qps(st.qps)} | ${timed} | ${st.skipped || ''} |`;
}

function qps(x: number): string {
  if (!Number.isFinite(x)) return '–';
  return x < 10 ? x.toFixed(1) : int.format(x);
}

function repeatedRow(op: Operation, r: SystemResult): string {
  const st = r.repeated[op];
  if (!st) return `| ${OP_LABEL[op]} | – | – | – |`;
  return `| ${OP_LABEL[op]} | ${ms(st.medianMs)} | ${ms(st.p99Ms)} | ${qps(st.qps)} |`;
}

function engineByKind(r: SystemResult): string[] {
  const kinds = Object.keys(r.ops.filterData.medianByGroup ?? {});
  if (kinds.length === 0) return [];
  const ops = OPERATIONS.filter((op) => op !== 'suggest');
  return [
    '### Engine median (ms) by kind of query',
    '',
    `| kind | ${ops.map((op) => OP_LABEL[op]).join(' | ')} |`,
    `|---|${ops.map(() => '---:').join('|')}|`,
    ...kinds.map((k) => `| ${k} | ${ops.map((op) => ms(r.ops[op].medianByGroup?.[k] ?? Number.NaN)).join(' | ')} |`),
    '',
    '### Engine p99 (ms) by kind of query',
    '',
    `| kind | ${ops.map((op) => OP_LABEL[op]).join(' | ')} |`,
    `|---|${ops.map(() => '---:').join('|')}|`,
    ...kinds.map((k) => `| ${k} | ${ops.map((op) => ms(r.ops[op].p99ByGroup?.[k] ?? Number.NaN)).join(' | ')} |`),
    '',
  ];
}

/**
 * The engine's slowest filter-data queries: which they are, and where they came in the run (a
 * run of consecutive positions is a pause of the machine or the process, not the queries).
 */
function engineSlowest(r: SystemResult): string[] {
  const slowest = r.ops.filterData.slowest ?? [];
  if (slowest.length === 0) return [];
  return [
    `### The engine's ${slowest.length} slowest filter-data queries`,
    '',
    '| position in the run | kind | ms | filter |',
    '|---:|---|---:|---|',
    ...slowest.map((q) => `| ${q.at + 1} | ${q.group} | ${ms(q.ms)} | \`${q.label.replace(/\|/g, '\\|')}\` |`),
    '',
  ];
}

function httpSection(s: SizeReport): string[] {
  const h = s.http;
  if (!h) return [];
  const gc = (st: HttpStats) => (st.gc ? `${int.format(st.gc.totalMs)} (${int.format(st.gc.maxMs)})` : '–');
  const row = (label: string, st: HttpStats) =>
    `| ${label} | ${int.format(st.rps)} | ${st.p50Ms} | ${st.p99Ms} | ${st.settled.p99Ms} | ${((st.rps / h.ceiling.rps) * 100).toFixed(0)} % | ${gc(st)} | ${st.load.toFixed(1)} | ${st.non2xx + st.errors || ''} |`;
  return [
    `### Over HTTP: the real app in a child process, ${h.connections} connections, ${h.durationS} s per row`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms | p99 ms, connections open ¹ | of ceiling | server GC ms (longest pause) | load average | non-2xx + errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(`ceiling: bare route, fixed ${int.format(h.ceilingBytes)} B JSON`, h.ceiling),
    ...OPERATIONS.map((op) => row(`${OP_LABEL[op]} — ${h.urls[op]} URLs in turn`, h.mix[op])),
    ...OPERATIONS.map((op) => row(`${OP_LABEL[op]} — one URL repeated`, h.repeated[op])),
    '',
    "¹ without each connection's first answer: a busy server takes a run's new connections from its accept queue one per turn of its event loop (bench/README.md).",
    '',
  ];
}

function agreementSection(s: SizeReport): string[] {
  const peers = s.peers.filter((p) => p.agreement);
  if (peers.length === 0) return [];
  const rows = peers.map((p) => {
    const a = p.agreement!;
    const skipped =
      Object.entries(a.skipped)
        .map(([why, n]) => `${n}: ${why}`)
        .join('; ') || '–';
    const suggest = p.result?.suggestUnsupported ? `autocomplete skipped: ${p.result.suggestUnsupported}` : '';
    return `| ${p.name} | ${a.compared} | ${formatTally(a.count)} | ${formatTally(a.countKeywords)} | ${formatTally(a.facets)} | ${formatTally(a.page)} | ${skipped} | ${suggest} |`;
  });
  const examples = peers.flatMap((p) => p.agreement!.examples.map((e) => `- ${p.name}: ${e}`));
  const keywordExamples = peers.flatMap((p) =>
    p.agreement!.keywordExamples.slice(0, 2).map((e) => `- ${p.name}: ${e}`),
  );
  return [
    '### Do the peers agree with the engine? (the first queries of the mix)',
    '',
    '| peer | compared | count | count, keyword queries | facets (work model, SEO, locations) | page 1 order | skipped queries | other |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...rows,
    '',
    ...(examples.length > 0
      ? ['Disagreements (first few):', '', ...examples, '']
      : ['No disagreements outside keyword queries.', '']),
    ...(keywordExamples.length > 0
      ? [
          'Keyword queries (expected to differ: the peers do not stem German, Spanish and English words):',
          '',
          ...keywordExamples,
          '',
        ]
      : []),
  ];
}

/** Writes results/latest.md and latest.json. */
export function writeReport(dir: string, report: BenchReport): { markdown: string; files: string[] } {
  mkdirSync(dir, { recursive: true });
  const markdown = toMarkdown(report);
  // The raw sample answers only feed the agreement summary; they would make the file large.
  const json = `${JSON.stringify(report, (key, value: unknown) => (key === 'sample' ? undefined : value), 2)}\n`;
  const files = [join(dir, 'latest.md'), join(dir, 'latest.json')];
  writeFileSync(files[0]!, markdown);
  writeFileSync(files[1]!, json);
  return { markdown, files };
}
