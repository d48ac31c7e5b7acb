import { spawn, type ChildProcess } from 'node:child_process';
import { bundleCli, ROOT, type CliBundle } from '../cli/bundle-cli.js';

/** The CLI bundled once per process (each start then compiles nothing); `removeServeBundle` at the end. */
let bundle: Promise<CliBundle> | null = null;

/** Removes the bundle the starts shared: a test file calls it in afterAll, the page bench at its end. */
export async function removeServeBundle(): Promise<void> {
  (await bundle)?.remove();
  bundle = null;
}

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `jobsearch serve --demo` as a user starts it (the CLI bundled, Node's default options), on a
 * store of its own; resolves once `/readyz` answers 200.
 */
export async function startServe(
  env: Record<string, string>,
  port: number,
  timeoutMs = 120_000,
): Promise<ServeProcess> {
  bundle ??= bundleCli();
  const { main } = await bundle;
  const child = spawn(process.execPath, [main, 'serve', '--demo'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve not ready within ${timeoutMs} ms: ${stderr}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
