/**
 * The CLI as real processes for tests: the bundle (bundle-cli.ts) made once per test file;
 * `runCli` starts one and watches its output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { bundleCli, ROOT, type CliBundle } from './bundle-cli.js';

export { bundleCli, ROOT, type CliBundle } from './bundle-cli.js';

/**
 * A test file's CLI bundle and temporary folder: the bundle is made before the file's tests, and
 * both are removed after them, whether they passed or not. `run` starts the CLI (see runCli).
 */
export function cliFixture(prefix: string): {
  dir: string;
  run: (args: string[], env: Record<string, string>, cwd?: string) => Run;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let cli: CliBundle | null = null;
  beforeAll(async () => {
    cli = await bundleCli();
  }, 60_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    cli?.remove();
  });
  return {
    dir,
    run: (args, env, cwd) => {
      if (cli === null) throw new Error('the CLI is bundled in beforeAll: run it from a test');
      return runCli(cli.main, args, env, cwd);
    },
  };
}

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  /** Resolves with the first match of `pattern` in stderr; fails when the process exits first or after `ms`. */
  waitFor: (pattern: RegExp, ms?: number) => Promise<RegExpMatchArray>;
}

/** Processes started by this test file and still running. */
const running = new Set<ChildProcess>();

// A test that fails before it stops its process (an assertion between start and kill) must not
// leave a server running after the file: whatever is still running when the file ends is killed.
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/**
 * Starts `node <main> ...args` in `cwd` (the repository) with only PATH and `env` (HOST 127.0.0.1, PORT 0, LOG_LEVEL warn by
 * default); killed at the end of the test file if it is still running then.
 */
export function runCli(main: string, args: string[], env: Record<string, string>, cwd = ROOT): Run {
  const child = spawn(process.execPath, [main, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  let signalledAt = 0;
  const kill = child.kill.bind(child);
  child.kill = (signal?: NodeJS.Signals | number) => {
    signalledAt = Date.now();
    return kill(signal);
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve({ code, signal, ms: signalledAt ? Date.now() - signalledAt : 0 });
    });
  });
  const waitFor = async (pattern: RegExp, ms = 60_000): Promise<RegExpMatchArray> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = err.match(pattern);
      if (found) return found;
      if (Date.now() > until || child.exitCode !== null)
        throw new Error(`not seen: ${String(pattern)}\nstderr: ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, stdout: () => out, stderr: () => err, exited, waitFor };
}
