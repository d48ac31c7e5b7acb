/**
 * The CLI bundled for processes started by tests and benchmarks: `bundleCli()` bundles it (and the
 * threads and processes it starts, which must sit beside it: MODULES_BESIDE), packages external,
 * so that each process starts in a fraction of a second. No test-runner hooks: a bench imports it too.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { MODULES_BESIDE } from '../../src/lib/module-beside.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliBundle {
  main: string;
  remove: () => void;
}

/** Call in beforeAll (allow a minute); `remove` in afterAll. */
export async function bundleCli(): Promise<CliBundle> {
  // Two levels below the root, like dist/cli/main.js, so that data files found relative to a module resolve alike.
  const dir = join(ROOT, 'node_modules', `.cli-process-${process.pid}-${randomBytes(4).toString('hex')}`);
  await build({
    entryPoints: [join(ROOT, 'src/cli/main.ts'), ...MODULES_BESIDE.map((path) => join(ROOT, path))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: dir,
    entryNames: '[name]',
    logLevel: 'silent',
  });
  return {
    main: join(dir, 'main.js'),
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
