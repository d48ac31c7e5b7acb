/**
 * `npm run bench -- page [--size 100000] [--runs 20]`: the search page in Debian's Chromium over
 * a store of `size` generated postings, served by `jobsearch serve` (a child process, Node's
 * default options) on localhost. Measures, as a person would see it:
 * - navigation to the first results painted (cold: browser cache cleared; warm: a reload),
 * - a filter click to the updated results painted (median of `runs` distinct filter clicks),
 * - bytes transferred for the page (HTML, JS, CSS, API answers) on a cold load, and JS + CSS alone.
 * Targets: first results ≤ 300 ms, a filter click ≤ 100 ms, JS + CSS ≤ 60 KB.
 * Run heavy sizes under `flock /tmp/heavy.lock`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { buildWeb } from '../scripts/build-web.js';
import { generatePostings } from '../src/demo/generate.js';
import { importRecords } from '../src/ingest/run-import.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { launchChromium } from '../test/web/browser.js';
import { freePort } from '../test/free-port.js';
import { removeServeBundle, startServe } from '../test/web/serve-process.js';

const MARK = 'jobsearch:results';

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** ms from navigation start to the page's "results painted" mark. */
async function firstResults(page: Page): Promise<number> {
  // A function, not a string: the page's CSP allows no eval.
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 30_000 });
  return page.evaluate<number>(`performance.getEntriesByName('${MARK}')[0].startTime`);
}

/** Bytes over the wire of the document and every resource it loaded. */
async function transferred(page: Page): Promise<{ total: number; jsCss: number; api: number }> {
  return page.evaluate<{ total: number; jsCss: number; api: number }>(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const sum = (xs) => xs.reduce((s, e) => s + e.transferSize, 0);
    return {
      total: (nav ? nav.transferSize : 0) + sum(res),
      jsCss: sum(res.filter((e) => /\\/assets\\/.*\\.(js|css)$/.test(e.name))),
      api: sum(res.filter((e) => e.name.includes('/jobs/api/'))),
    };
  })()`);
}

/** Clicks the sidebar button `selector` in the page and resolves with ms until results are painted. */
async function clickToResults(page: Page, selector: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const button = document.querySelector(${JSON.stringify(selector)});
    if (!button) return reject(new Error('no button ' + ${JSON.stringify(selector)}));
    const t0 = performance.now();
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === '${MARK}' && e.startTime >= t0) { obs.disconnect(); resolve(e.startTime - t0); }
    });
    obs.observe({ entryTypes: ['mark'] });
    button.click();
  })`);
}

export async function benchPage(size: number, runs: number, log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'jobsearch-page-bench-'));
  const stopAll: (() => Promise<void>)[] = [];
  try {
    const web = await buildWeb();
    const br = (files: string[]) => files.reduce((sum, file) => sum + (web.sizes[file]?.br ?? 0), 0);
    log(
      `page built: JS+CSS ${br([web.js, ...web.chunks, web.css])} bytes brotli, ${br([web.js, web.css])} before the first results`,
    );

    const db = join(dir, 'jobs.db');
    const store = new SqliteJobStore(db);
    await store.migrate();
    const now = Date.now();
    let t = performance.now();
    const summary = await importRecords(generatePostings({ count: size, seed: 20_260_101, now }), store, {
      source: 'demo',
      now,
    });
    await store.close();
    log(`store: ${summary.inserted} postings imported in ${Math.round((performance.now() - t) / 1000)} s`);

    t = performance.now();
    const server = await startServe({ DATABASE_URL: db, DEMO_POSTINGS: '0' }, await freePort(), 600_000);
    stopAll.push(() => server.stop());
    log(`server ready in ${Math.round((performance.now() - t) / 1000)} s at ${server.url}`);

    const browser = await launchChromium();
    stopAll.unshift(() => browser.close());
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);

    // Cold navigations: the browser cache is cleared before each; the server's caches are warm
    // after the first (its response cache keys by URL, as for any visitor of the same page).
    const cold: number[] = [];
    let bytes = { total: 0, jsCss: 0, api: 0 };
    for (let i = 0; i < 5; i++) {
      await cdp.send('Network.clearBrowserCache');
      await page.goto(`${server.url}/`);
      cold.push(await firstResults(page));
      if (i === 0) bytes = await transferred(page);
    }
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.reload();
      warm.push(await firstResults(page));
    }

    // Distinct filter clicks: each click narrows or changes the selection, so no answer repeats.
    const buttons = await page.$$eval(
      'button[data-facet]:not([disabled])',
      (els: { getAttribute(name: string): string | null }[]) =>
        els.map(
          (e) =>
            `button[data-facet="${e.getAttribute('data-facet') ?? ''}"][data-value="${e.getAttribute('data-value') ?? ''}"]`,
        ),
    );
    const clicks: number[] = [];
    for (const selector of buttons) {
      if (clicks.length >= runs) break;
      if ((await page.$(`${selector}:not([disabled])`)) === null) continue;
      clicks.push(await clickToResults(page, selector));
    }

    const r = (x: number) => Math.round(x);
    log('');
    log(`| measure (${size.toLocaleString('en-US')} postings, localhost) | median | min | max | target |`);
    log('|---|---:|---:|---:|---:|');
    log(
      `| navigation to first results painted, cold cache (${cold.length}) | ${r(median(cold))} ms | ${r(Math.min(...cold))} ms | ${r(Math.max(...cold))} ms | ≤ 300 ms |`,
    );
    log(
      `| navigation to first results painted, reload (${warm.length}) | ${r(median(warm))} ms | ${r(Math.min(...warm))} ms | ${r(Math.max(...warm))} ms | ≤ 300 ms |`,
    );
    log(
      `| filter click to updated results painted (${clicks.length}) | ${r(median(clicks))} ms | ${r(Math.min(...clicks))} ms | ${r(Math.max(...clicks))} ms | ≤ 100 ms |`,
    );
    log('');
    log(
      `load average (1 min) at the end: ${(loadavg()[0] ?? 0).toFixed(1)} on ${String((await import('node:os')).cpus().length)} cores`,
    );
    log(
      `transferred on a cold load: ${(bytes.total / 1024).toFixed(1)} KB in all (JS + CSS ${(bytes.jsCss / 1024).toFixed(1)} KB — target ≤ 60 KB; API answers ${(bytes.api / 1024).toFixed(1)} KB)`,
    );
  } finally {
    for (const stop of stopAll) await stop();
    await removeServeBundle();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runPageBench(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { size: { type: 'string', default: '100000' }, runs: { type: 'string', default: '20' } },
  });
  const size = Number(values.size);
  const runs = Number(values.runs);
  if (!Number.isInteger(size) || size < 100) throw new Error('--size: a whole number, at least 100');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number, at least 1');
  await benchPage(size, runs, (line) => {
    console.log(line);
  });
}
