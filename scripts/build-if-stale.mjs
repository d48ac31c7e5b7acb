#!/usr/bin/env node
// Compiles what changed since the last build, saying so first: the TypeScript when a source is
// newer than dist/cli/main.js, the search page when src/web is newer than dist/web. `npm start`
// runs it (prestart) and so does `npx jobsearch` (bin/jobsearch.mjs); `npm ci` builds once
// through `prepare`. An installation without the sources or the compiler runs what is built.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(ROOT, path);

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function builtAt(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/** Rebuilds what is stale; true when something was built. */
export function buildIfStale(say = (line) => process.stderr.write(`${line}\n`)) {
  const tsc = at('node_modules/typescript/bin/tsc');
  if (!existsSync(at('src')) || !existsSync(tsc)) return false;
  let rebuilt = false;
  const built = builtAt(at('dist/cli/main.js'));
  const changed = Math.max(
    ...['src', 'tsconfig.json', 'tsconfig.build.json'].filter((p) => existsSync(at(p))).map((p) => newest(at(p))),
  );
  if (changed > built) {
    say(
      `jobsearch: ${built === 0 ? 'building' : 'sources changed since the last build; rebuilding'} (tsc, about 20 s)...`,
    );
    execFileSync(process.execPath, [tsc, '-p', at('tsconfig.build.json')], {
      stdio: ['ignore', 'inherit', 'inherit'],
      cwd: ROOT,
    });
    rebuilt = true;
  }
  const tsx = at('node_modules/tsx/dist/cli.mjs');
  if (existsSync(at('src/web')) && existsSync(tsx) && newest(at('src/web')) > builtAt(at('dist/web/index.html'))) {
    say('jobsearch: the search page changed since the last build; bundling it (a few seconds)...');
    execFileSync(process.execPath, [tsx, at('scripts/build-web.ts')], {
      stdio: ['ignore', 'inherit', 'inherit'],
      cwd: ROOT,
    });
    rebuilt = true;
  }
  return rebuilt;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale();
