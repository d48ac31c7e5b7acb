#!/usr/bin/env node
// `npm start` runs this first: it compiles the TypeScript only when a source is newer than the
// last build (npm ci builds once through `prepare`), so a start after `npm ci` takes no compile.
import { execFileSync } from 'node:child_process';
import process from 'node:process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUT = 'dist/cli/main.js';
const INPUTS = ['src', 'tsconfig.json', 'tsconfig.build.json'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
const changed = Math.max(...INPUTS.filter((p) => existsSync(p)).map(newest));
if (changed > built) {
  process.stderr.write(
    `jobsearch: ${built === 0 ? 'building' : 'sources changed since the last build; rebuilding'} (tsc, about 20 s)...\n`,
  );
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
}
