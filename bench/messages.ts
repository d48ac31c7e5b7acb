import type { MixSizes, QueryMix } from './query-mix.js';
import type { RunSettings, SystemResult } from './run-system.js';

export interface Memory {
  rssMb: number;
  heapUsedMb: number;
}

/** Time from the store to a ready system, and its memory once ready. */
export interface ReadyStats {
  documents: number;
  /** Reading the postings from the store (ms): loadLive, or the engine's streamed chunks. */
  loadMs: number;
  /** Index (or peer database) build from the loaded jobs (ms). */
  buildMs: number;
  /** The engine: saving the built index to a file and reading it back (cards left in the file). */
  file?: { saveMs: number; readMs: number; bytes: number };
  /** After a forced full collection (the engine: its index as read back from the file). */
  memory: Memory;
}

/** What the mix child is told: the corpus and how many queries of each list to draw. */
export interface MixStart {
  type: 'start';
  corpusPath: string;
  now: number;
  mixSizes: MixSizes;
}

export type MixMessage = { type: 'mix'; mix: QueryMix } | { type: 'error'; message: string };

export interface EngineStart {
  type: 'start';
  corpusPath: string;
  now: number;
  /** The queries, drawn by the mix child (mix-worker.ts). */
  mix: QueryMix;
  settings: RunSettings;
  /** Serve the app afterwards for the HTTP run. */
  serve: boolean;
}

/** Garbage collection in the server process since it started serving. */
export interface GcTotals {
  pauses: number;
  totalMs: number;
  /** The longest pause since the previous probe. */
  maxMs: number;
}

export type EngineMessage =
  | { type: 'ready'; ready: ReadyStats }
  | { type: 'result'; result: SystemResult }
  | { type: 'listening'; port: number }
  | { type: 'gc'; gc: GcTotals }
  | { type: 'error'; message: string };

/** What the parent tells the serving engine child. */
export type ServerCommand = { type: 'gc' } | { type: 'stop' };

export const PEER_NAMES = ['itemsjs', 'orama', 'sqlite', 'postgres'] as const;
export type PeerName = (typeof PEER_NAMES)[number];

export interface PeerStart {
  type: 'start';
  peer: PeerName;
  corpusPath: string;
  now: number;
  mix: QueryMix;
  settings: RunSettings;
  /** Where the SQLite peer writes its database. */
  sqlitePath: string;
  /** The (empty) database of the PostgreSQL peer. */
  postgresUrl: string | null;
  /** Whether Orama indexes the text for keyword queries. */
  oramaKeywords: boolean;
}

export type PeerMessage =
  { type: 'ready'; ready: ReadyStats } | { type: 'result'; result: SystemResult } | { type: 'error'; message: string };
