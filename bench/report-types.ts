import type { Agreement } from './agreement.js';
import type { HttpResult } from './http.js';
import type { PeerName, ReadyStats } from './messages.js';
import type { SystemResult } from './run-system.js';

export interface PeerOutcome {
  name: PeerName;
  status: 'ok' | 'not attempted' | 'failed';
  /** Why not attempted, or the error. */
  note: string;
  ready?: ReadyStats;
  result?: SystemResult;
  agreement?: Agreement;
}

export interface SizeReport {
  size: number;
  seed: number;
  corpus: { cached: boolean; buildMs: number | null; file: string };
  mix: { filters: number; suggests: number; byKind: Record<string, number> };
  engine: { ready: ReadyStats; result: SystemResult };
  http: HttpResult | null;
  peers: PeerOutcome[];
  elapsedMs: number;
}

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  /** 1-minute load average at the start and the end (other work on the box skews timings). */
  loadStart: number;
  loadEnd: number;
}

export interface BenchOptions {
  sizes: number[];
  peers: PeerName[];
  quick: boolean;
  seed: number;
  http: boolean;
  /** Also measure the `jobsearch serve` process: start to ready, RSS, an import while serving (live-serve.ts). */
  live: boolean;
  /** Generate the corpora even when cached. */
  freshCorpus: boolean;
  /** Rewrite the marked table of docs/performance.md with this run's figures. */
  writeDocs: boolean;
}

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  options: BenchOptions;
  sizes: SizeReport[];
  totalMs: number;
  notes: string[];
}
