import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));

/** A child process running a bench script (TypeScript through tsx), talking over IPC. */
export class Child<Out> {
  readonly #child: ChildProcess;
  readonly #queue: Out[] = [];
  readonly #waiting: { resolve: (m: Out) => void; reject: (e: Error) => void }[] = [];
  #exited: Error | null = null;
  readonly exited: Promise<number | null>;

  /** `script` is a file name in bench/; `heapMb` raises the child's heap limit. */
  constructor(script: string, heapMb: number) {
    this.#child = fork(join(BENCH_DIR, script), [], {
      execArgv: ['--import', 'tsx', '--expose-gc', `--max-old-space-size=${heapMb}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#child.on('message', (m) => {
      this.#deliver(m as Out);
    });
    this.exited = new Promise((resolve) => {
      this.#child.on('exit', (code, signal) => {
        this.#exited = new Error(`${script} exited (${signal ?? `code ${code}`}) before answering`);
        for (const w of this.#waiting.splice(0)) w.reject(this.#exited);
        resolve(code);
      });
    });
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  send(message: unknown): void {
    this.#child.send(message as never);
  }

  /** The next message from the child; rejects if it exits first. */
  next(): Promise<Out> {
    const queued = this.#queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#exited) return Promise.reject(this.#exited);
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  /** Ends the child (by its own pid) if it is still running. */
  kill(): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGTERM');
  }

  #deliver(message: Out): void {
    const w = this.#waiting.shift();
    if (w) w.resolve(message);
    else this.#queue.push(message);
  }
}

/** In a child: the next message from the parent. */
export function fromParent<T>(): Promise<T> {
  return new Promise((resolve) =>
    process.once('message', (m) => {
      resolve(m as T);
    }),
  );
}

/** In a child: sends a message and waits until it is handed to the IPC channel. */
export function toParent(message: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      reject(new Error('not started as a bench child (no IPC channel)'));
      return;
    }
    process.send(message, undefined, {}, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

/** Resident and heap memory after a full garbage collection (children run with --expose-gc). */
export function memoryAfterGc(): { rssMb: number; heapUsedMb: number } {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rssMb: m.rss / 2 ** 20, heapUsedMb: m.heapUsed / 2 ** 20 };
}

/** In a child: runs `main`; a failure goes to the parent as an error message, and the child exits 1. */
export function runChild(main: () => Promise<void>): void {
  main().catch(async (error: unknown) => {
    await toParent({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }).catch(() => {});
    process.exit(1);
  });
}
