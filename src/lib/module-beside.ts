import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The threads and processes the service starts run a module beside the one that starts them
 * (`here`: its `import.meta.url`): `<stem>.js` in the compiled output, `<stem>.ts` from the
 * TypeScript sources (tsx, vitest), which need tsx's loader first, since neither a worker thread
 * nor a child process inherits the parent's module hooks.
 */
function beside(here: string, stem: string): { url: URL; compiled: boolean } {
  const compiled = here.endsWith('.js');
  return { url: new URL(`./${stem}.${compiled ? 'js' : 'ts'}`, here), compiled };
}

/**
 * Every module the service starts beside another by its stem, as a path from the repository's root:
 * a bundle of the CLI (test/cli/cli-process.ts, bench/mixed-load.ts) must carry each of them
 * beside `main.js` as `<stem>.js`, or the thread or process that runs it cannot start.
 */
export const MODULES_BESIDE = [
  'src/runtime/index-worker.ts',
  'src/runtime/index-builder.ts',
  'src/runtime/keyword-worker.ts',
  'src/ingest/enrich-worker.ts',
  'src/http/feed-worker.ts',
] as const;

/** A worker thread running `<stem>` beside `here`. */
export function workerBeside(here: string, stem: string, options: WorkerOptions): Worker {
  const { url, compiled } = beside(here, stem);
  if (compiled) return new Worker(url, options);
  const entry = JSON.stringify(url.href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); })`, {
    ...options,
    eval: true,
  });
}

/**
 * A child process running `<stem>` beside `here` with Node's default options, and `nodeOptions`
 * (those of NODE_OPTIONS apply too).
 */
export function forkBeside(
  here: string,
  stem: string,
  args: string[],
  options: ForkOptions,
  nodeOptions: readonly string[] = [],
): ChildProcess {
  const { url, compiled } = beside(here, stem);
  return fork(url, args, { ...options, execArgv: [...(compiled ? [] : ['--import', 'tsx']), ...nodeOptions] });
}
