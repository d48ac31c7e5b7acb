import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compareSamples } from './agreement.js';
import { Child } from './child.js';
import { BENCH_NOW, CACHE_DIR, ensureCorpus, type Corpus } from './corpus.js';
import { HTTP_CONNECTIONS, load, loadApp, type HttpResult } from './http.js';
import type {
  EngineMessage,
  EngineStart,
  MixMessage,
  MixStart,
  PeerMessage,
  PeerName,
  PeerStart,
  ReadyStats,
} from './messages.js';
import { createBenchDatabase, dropBenchDatabase } from './pg-database.js';
import type { MixSizes, QueryMix } from './query-mix.js';
import type { PeerOutcome, SizeReport } from './report-types.js';
import type { RunSettings, SystemResult } from './run-system.js';

/** Heap limit of the children (the engine and peers at a million postings need several GB). */
const CHILD_HEAP_MB = 16_384;
/** itemsjs is not attempted from this size on: it exhausts the machine's memory. */
export const ITEMSJS_MAX_SIZE = 999_999;
/** Orama indexes the job texts for keyword queries up to this size (memory and build time). */
export const ORAMA_KEYWORDS_MAX_SIZE = 100_000;

export interface SizePlan {
  size: number;
  seed: number;
  peers: readonly PeerName[];
  mixSizes: MixSizes;
  engine: RunSettings;
  peer: RunSettings;
  /** Seconds per HTTP row; null leaves the HTTP run out. */
  httpSeconds: number | null;
  freshCorpus: boolean;
}

type Log = (line: string) => void;

export async function benchSize(plan: SizePlan, log: Log): Promise<SizeReport> {
  const started = performance.now();
  log(`## ${plan.size} postings`);
  const corpus = await ensureCorpus(plan.size, plan.seed, plan.freshCorpus, log);
  const mix = await drawMix(plan, corpus);
  const engine = await runEngine(plan, corpus, mix, log);
  const peers: PeerOutcome[] = [];
  for (const name of plan.peers) {
    const outcome = await runPeer(name, plan, corpus, engine.mix, log);
    if (outcome.result)
      outcome.agreement = compareSamples(name, engine.mix.filters, engine.result.sample, outcome.result.sample);
    peers.push(outcome);
  }
  return {
    size: plan.size,
    seed: plan.seed,
    corpus: { cached: corpus.cached, buildMs: corpus.buildMs, file: basename(corpus.path) },
    mix: { filters: engine.mix.filters.length, suggests: engine.mix.suggests.length, byKind: byKind(engine.mix) },
    engine: { ready: engine.ready, result: engine.result },
    http: engine.http,
    peers,
    elapsedMs: performance.now() - started,
  };
}

function byKind(mix: QueryMix): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const q of mix.filters) kinds[q.kind] = (kinds[q.kind] ?? 0) + 1;
  return kinds;
}

interface EngineRun {
  ready: ReadyStats;
  mix: QueryMix;
  result: SystemResult;
  http: HttpResult | null;
}

/** The query mix, drawn from the corpus in a child of its own (mix-worker.ts). */
async function drawMix(plan: SizePlan, corpus: Corpus): Promise<QueryMix> {
  const child = new Child<MixMessage>('mix-worker.ts', CHILD_HEAP_MB);
  try {
    const start: MixStart = { type: 'start', corpusPath: corpus.path, now: BENCH_NOW, mixSizes: plan.mixSizes };
    child.send(start);
    return expect(await child.next(), 'mix').mix;
  } finally {
    child.kill();
    await child.exited;
  }
}

async function runEngine(plan: SizePlan, corpus: Corpus, mix: QueryMix, log: Log): Promise<EngineRun> {
  const child = new Child<EngineMessage>('engine-worker.ts', CHILD_HEAP_MB);
  try {
    const start: EngineStart = {
      type: 'start',
      corpusPath: corpus.path,
      now: BENCH_NOW,
      mix,
      settings: plan.engine,
      serve: plan.httpSeconds !== null,
    };
    child.send(start);
    const ready = expect(await child.next(), 'ready');
    log(
      `  engine ready: ${ready.ready.documents} jobs, load ${ms(ready.ready.loadMs)}, build ${ms(ready.ready.buildMs)}, rss ${Math.round(ready.ready.memory.rssMb)} MB`,
    );
    const result = expect(await child.next(), 'result').result;
    let http: HttpResult | null = null;
    if (plan.httpSeconds !== null) {
      const { port } = expect(await child.next(), 'listening');
      // The ceiling runs while the app waits idle, right before the app's own runs.
      const ceiling = await runCeiling(plan.httpSeconds, log);
      const probe = async () => {
        child.send({ type: 'gc' });
        return expect(await child.next(), 'gc').gc;
      };
      const app = await loadApp(port, mix, plan.httpSeconds, probe, log);
      child.send({ type: 'stop' });
      await child.exited;
      http = { durationS: plan.httpSeconds, connections: HTTP_CONNECTIONS, ...app, ...ceiling };
    }
    return { ready: ready.ready, mix, result, http };
  } finally {
    child.kill();
  }
}

async function runCeiling(seconds: number, log: Log): Promise<Pick<HttpResult, 'ceiling' | 'ceilingBytes'>> {
  const child = new Child<{ type: 'listening'; port: number; bytes: number }>('ceiling-worker.ts', 512);
  try {
    const { port, bytes } = await child.next();
    const ceiling = await load(port, ['/ceiling'], seconds);
    log(`    http ceiling: ${Math.round(ceiling.rps)} req/s`);
    child.send({ type: 'stop' });
    await child.exited;
    return { ceiling, ceilingBytes: bytes };
  } finally {
    child.kill();
  }
}

async function runPeer(name: PeerName, plan: SizePlan, corpus: Corpus, mix: QueryMix, log: Log): Promise<PeerOutcome> {
  if (name === 'itemsjs' && plan.size > ITEMSJS_MAX_SIZE) {
    return {
      name,
      status: 'not attempted',
      note: 'out of memory at this size (measured elsewhere: it exhausts the machine)',
    };
  }
  const sqlitePath = join(CACHE_DIR, `peer-sqlite-n${plan.size}.db`);
  const db = name === 'postgres' ? await createBenchDatabase() : null;
  const child = new Child<PeerMessage>('peer-worker.ts', CHILD_HEAP_MB);
  try {
    const oramaKeywords = plan.size <= ORAMA_KEYWORDS_MAX_SIZE;
    const start: PeerStart = {
      type: 'start',
      peer: name,
      corpusPath: corpus.path,
      now: BENCH_NOW,
      mix,
      settings: plan.peer,
      sqlitePath,
      postgresUrl: db?.url ?? null,
      oramaKeywords,
    };
    child.send(start);
    const ready = expect(await child.next(), 'ready').ready;
    log(`  ${name} ready: build ${ms(ready.buildMs)}, rss ${Math.round(ready.memory.rssMb)} MB`);
    const result = expect(await child.next(), 'result').result;
    return { name, status: 'ok', note: peerNote(name, oramaKeywords), ready, result };
  } catch (error) {
    const note = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    log(`  ${name} failed: ${note}`);
    return { name, status: 'failed', note };
  } finally {
    child.kill();
    await child.exited;
    if (db) await dropBenchDatabase(db.name);
    for (const f of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) rmSync(f, { force: true });
  }
}

function peerNote(name: PeerName, oramaKeywords: boolean): string {
  switch (name) {
    case 'itemsjs':
      return 'load includes flattening; no keyword search, no autocomplete';
    case 'orama':
      return oramaKeywords
        ? 'load includes flattening; text indexed for keywords'
        : 'load includes flattening; text not indexed (keyword queries skipped)';
    case 'sqlite':
      return 'load includes flattening; build = insert + indexes + FTS5; memory of the bench process only';
    case 'postgres':
      return 'load includes flattening; build = insert + indexes + GIN + VACUUM ANALYZE; server memory not included';
  }
}

/** The message of the expected type, or an error carrying the child's error message. */
function expect<M extends { type: string }, T extends M['type']>(message: M, type: T): Extract<M, { type: T }> {
  if (message.type === type) return message as Extract<M, { type: T }>;
  const detail = 'message' in message ? String(message.message) : message.type;
  throw new Error(`expected '${type}' from the child, got: ${detail}`);
}

function ms(x: number): string {
  return `${(x / 1000).toFixed(1)} s`;
}
