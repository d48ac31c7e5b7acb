import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  performanceSection,
  replaceMarkedSection,
  SECTION_END,
  SECTION_START,
  writeDocsSection,
} from '../../bench/docs-section.js';
import type { OpStats } from '../../bench/measure.js';
import type { BenchReport, PeerOutcome, SizeReport } from '../../bench/report-types.js';
import type { Operation, SystemResult } from '../../bench/run-system.js';

function stats(medianMs: number, p99Ms: number): OpStats {
  return { queries: 100, skipped: 0, medianMs, p99Ms, qps: 1000 / medianMs, budgetHit: false };
}

function result(name: string, medians: Record<Operation, number>, repeated?: number): SystemResult {
  const ops = Object.fromEntries(Object.entries(medians).map(([op, m]) => [op, stats(m, m * 10)])) as Record<
    Operation,
    OpStats
  >;
  return {
    name,
    ops,
    repeated: repeated === undefined ? {} : { filterData: stats(repeated, repeated * 2) },
    skipReasons: {},
    suggestUnsupported: null,
    sample: [],
  };
}

function size(n: number, engine: Record<Operation, number>, peers: PeerOutcome[]): SizeReport {
  return {
    size: n,
    seed: 1,
    corpus: { cached: true, buildMs: null, file: 'corpus.db' },
    mix: { filters: 100, suggests: 100, byKind: {} },
    engine: {
      ready: {
        documents: n,
        loadMs: 1500,
        buildMs: 4200,
        file: { saveMs: 100, readMs: 800, bytes: 1 },
        memory: { rssMb: 412, heapUsedMb: 100 },
      },
      result: result('engine', engine, 0.002),
    },
    http: null,
    peers,
    elapsedMs: 1,
  };
}

const ENGINE_100K = { filterData: 0.37, count: 0.034, list1: 0.072, list50: 0.056, suggest: 0.011 };
const ENGINE_1M = { filterData: 2.4, count: 0.2, list1: 0.49, list50: 0.54, suggest: 0.016 };

function report(peers: PeerOutcome[]): BenchReport {
  return {
    date: '2026-11-29T06:00:00.000Z',
    machine: {
      cpus: 2,
      cpuModel: 'Test CPU',
      memoryGb: 8,
      node: '20.19.0',
      platform: 'linux x64',
      loadStart: 1.2,
      loadEnd: 2.5,
    },
    options: {
      sizes: [100_000, 1_000_000],
      peers: [],
      quick: false,
      seed: 1,
      http: false,
      live: false,
      freshCorpus: false,
      writeDocs: true,
    },
    sizes: [size(100_000, ENGINE_100K, []), size(1_000_000, ENGINE_1M, peers)],
    totalMs: 1,
    notes: [],
  };
}

const PEERS: PeerOutcome[] = [
  {
    name: 'orama',
    status: 'ok',
    note: '',
    result: result('orama', { filterData: 410, count: 12, list1: 8, list50: 30, suggest: 0.5 }),
  },
  {
    name: 'sqlite',
    status: 'ok',
    note: '',
    result: result('sqlite', { filterData: 900, count: 9.6, list1: 4.2, list50: 25, suggest: 0.08 }),
  },
  { name: 'itemsjs', status: 'not attempted', note: 'out of memory' },
];

describe('performanceSection', () => {
  it('states the command, the date and the machine, and a row per operation with the fastest peer', () => {
    const text = performanceSection(report(PEERS), 'npm run bench -- --write-docs');
    expect(text).toContain('`npm run bench -- --write-docs`');
    expect(text).toContain('2026-11-29 · 2 cores (Test CPU) · 8 GB · Node 20.19.0 · linux x64');
    expect(text).toContain('load average 1.2 at the start, 2.5 at the end');
    expect(text).toContain('| operation | engine, 100k | engine, 1M | p99, 1M | fastest peer, 1M | ratio, 1M |');
    expect(text).toContain('| filter data (all facets) | 0.370 ms | 2.40 ms | 24.0 ms | orama 410 ms | 171× |');
    expect(text).toContain('| count | 0.034 ms | 0.200 ms | 2.00 ms | sqlite 9.60 ms | 48× |');
    expect(text).toContain('| list, page 1 | 0.072 ms | 0.490 ms | 4.90 ms | sqlite 4.20 ms | 8.6× |');
    expect(text).toContain('| autocomplete (1–4 letters) | 0.011 ms | 0.016 ms | 0.160 ms | sqlite 0.080 ms | 5.0× |');
    expect(text).toContain('| filter data, the same query repeated | 0.002 ms | 0.002 ms | 0.004 ms | – | – |');
    expect(text).toContain('| 1,000,000 | 1.5 s | 4.2 s | 0.8 s | 412 MB |');
  });

  it('leaves the peer columns out when no peer ran', () => {
    const text = performanceSection(report([]), 'npm run bench -- --peers none --write-docs');
    expect(text).toContain('| operation | engine, 100k | engine, 1M | p99, 1M |\n');
    expect(text).toContain('| count | 0.034 ms | 0.200 ms | 2.00 ms |\n');
    expect(text).not.toContain('fastest peer');
  });
});

describe('replaceMarkedSection', () => {
  const before = '# Performance\n\nIntro, kept.\n\n';
  const after = '\n\n## Logs\n\nKept as well.\n';
  const file = `${before}${SECTION_START}\nold table\n| a | b |\n${SECTION_END}${after}`;

  it('replaces what lies between the markers and keeps the rest byte for byte', () => {
    const out = replaceMarkedSection(file, 'new table');
    expect(out).toBe(`${before}${SECTION_START}\nnew table\n${SECTION_END}${after}`);
  });

  it('gives the same file when run twice with the same section', () => {
    const once = replaceMarkedSection(file, 'new table\n');
    expect(replaceMarkedSection(once, 'new table\n')).toBe(once);
  });

  it('refuses a file without both markers, with them twice or in the wrong order', () => {
    expect(() => replaceMarkedSection(`${before}${after}`, 'x')).toThrow(/missing/);
    expect(() => replaceMarkedSection(`${SECTION_START}${SECTION_END}${SECTION_END}`, 'x')).toThrow(/more than once/);
    expect(() => replaceMarkedSection(`${SECTION_END}${SECTION_START}`, 'x')).toThrow(/before/);
  });
});

describe('writeDocsSection', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('rewrites the marked section of a real file and nothing else', () => {
    dir = mkdtempSync(join(tmpdir(), 'docs-section-'));
    const path = join(dir, 'performance.md');
    writeFileSync(path, `# P\n\n${SECTION_START}\nstale\n${SECTION_END}\n\nlog\n`);
    writeDocsSection(path, report(PEERS), 'npm run bench -- --write-docs');
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(`# P\n\n${SECTION_START}\nWritten by \`npm run bench -- --write-docs\``)).toBe(true);
    expect(text.endsWith(`| 1,000,000 | 1.5 s | 4.2 s | 0.8 s | 412 MB |\n${SECTION_END}\n\nlog\n`)).toBe(true);
    expect(text).not.toContain('stale');
  });
});
