import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';

/** The system's Chromium, tried first; `TEST_CHROMIUM` names another path (a path that does not exist skips it). */
export const SYSTEM_CHROMIUM = process.env['TEST_CHROMIUM'] ?? '/usr/bin/chromium';
/** The npm package whose Chromium is used when the system has none. */
const PACKAGED = '@sparticuz/chromium';

/** The flags the page's browser tests and benchmark run Chromium with (plus a fresh profile). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Which Chromium runs, and the environment it needs. */
export interface ChromiumBinary {
  path: string;
  source: 'system' | 'npm';
  env: Record<string, string>;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The system's Chromium when it is there, else the one `@sparticuz/chromium` ships (brotli-packed,
 * unpacked once to TMPDIR), with the NSS libraries the package ships on the library path when the
 * machine has none; else an error that says what to install.
 */
export async function findChromium(system = SYSTEM_CHROMIUM): Promise<ChromiumBinary> {
  if (isExecutable(system)) return { path: system, source: 'system', env: {} };
  let packaged: { executablePath(): Promise<string> };
  let binDir: string;
  try {
    packaged = ((await import(PACKAGED)) as { default: typeof packaged }).default;
    binDir = join(dirname(createRequire(import.meta.url).resolve(PACKAGED)), '..', '..', 'bin');
  } catch (error) {
    throw new Error(
      `No Chromium for the browser tests: ${system} is missing and the npm package ${PACKAGED} ` +
        `cannot be loaded (${String(error)}). Run npm ci, or install Chromium (Debian: apt-get install -y chromium) ` +
        'or set TEST_CHROMIUM to its path.',
      { cause: error },
    );
  }
  const path = await packaged.executablePath();
  if (missingLibraries(path, undefined).length === 0) return { path, source: 'npm', env: fonts() };
  const libs = unpackLibraries(join(binDir, 'al2023.tar.br'));
  const missing = missingLibraries(path, libs);
  if (missing.length > 0)
    throw new Error(
      `The Chromium of ${PACKAGED} (${path}) cannot start: ${missing.join(', ')} not found. ` +
        'Install Chromium (Debian: apt-get install -y chromium) or set TEST_CHROMIUM to its path.',
    );
  return { path, source: 'npm', env: { ...fonts(), LD_LIBRARY_PATH: libs } };
}

/** The fonts the package unpacks beside its binary. */
function fonts(): Record<string, string> {
  return { FONTCONFIG_PATH: join(tmpdir(), 'fonts') };
}

/** Unpacks the package's shared libraries (nss, nspr, expat) once; the folder that holds them. */
function unpackLibraries(archive: string): string {
  const target = join(tmpdir(), 'jobsearch-chromium-libs');
  const libs = join(target, 'lib');
  if (existsSync(join(libs, 'libnss3.so'))) return libs;
  mkdirSync(target, { recursive: true });
  const untar = spawnSync('tar', ['-x', '-C', target], { input: brotliDecompressSync(readFileSync(archive)) });
  if (untar.status !== 0) throw new Error(`unpacking ${archive} failed: ${untar.stderr.toString()}`);
  return libs;
}

/** The shared libraries the binary needs that the loader cannot find (with `extra` on its path). */
function missingLibraries(binary: string, extra: string | undefined): string[] {
  const env = extra === undefined ? process.env : { ...process.env, LD_LIBRARY_PATH: extra };
  const ldd = spawnSync('ldd', [binary], { env, encoding: 'utf8' });
  if (ldd.error !== undefined) return [];
  return [...ldd.stdout.matchAll(/^\s*(\S+) => not found/gm)].map((match) => match[1] ?? '');
}

/**
 * A Chromium (findChromium) with a fresh profile directory (removed on close). `headless: false`
 * keeps Playwright from adding its own headless flags, so Chromium runs with exactly CHROMIUM_FLAGS.
 */
export async function launchChromium(
  viewport = { width: 1280, height: 900 },
  binary?: ChromiumBinary,
): Promise<Browser> {
  const chosen = binary ?? (await findChromium());
  const profile = mkdtempSync(join(tmpdir(), 'jobsearch-chromium-'));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chosen.path,
    headless: false,
    args: CHROMIUM_FLAGS,
    viewport,
    // The same language whichever Chromium runs (a build's own default may differ).
    locale: 'en-US',
    env: { ...env, ...chosen.env },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
