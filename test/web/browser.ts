import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
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

/**
 * Debian's Chromium with a fresh profile directory (removed on close). `headless: false` keeps
 * Playwright from adding its own headless flags, so Chromium runs with exactly CHROMIUM_FLAGS.
 */
export async function launchChromium(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  const profile = mkdtempSync(join(tmpdir(), 'jobsearch-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    args: CHROMIUM_FLAGS,
    viewport,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
