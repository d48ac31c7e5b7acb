import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/build-web.js';
import { launchChromium, type Browser } from './browser.js';
import { freePort } from '../free-port.js';
import { removeServeBundle, startServe, type ServeProcess } from './serve-process.js';
import { getJson } from '../get-json.js';

/** Screenshots land here (git-ignored). */
const OUTPUT = fileURLToPath(new URL('../../test-output/web/', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Answer {
  total_results: number;
  total_results_formatted: string;
  jobs: { title: string; board_id: string }[];
}

describe('the search page in a real browser', () => {
  let dir: string;
  let port: number;
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;
  let env: Record<string, string>;
  /** What the browser refused under the page's Content-Security-Policy, over every test. */
  const cspViolations: string[] = [];

  /** What the API answers for a list query: the oracle the page must show. */
  const api = async (query: string): Promise<Answer> => {
    return getJson<Answer>(`${server.url}/jobs/api/job-search-results-list?${query}`);
  };
  const heading = () => page.locator('#results-heading');
  const cardTitles = () => page.locator('.card:not(.skeleton) h3').allInnerTexts();
  /** The page's path, without `seo-jobs-only=all` (these tests search all jobs, not the SEO board's default). */
  const path = () => {
    const u = new URL(page.url());
    if (u.searchParams.get('seo-jobs-only') === 'all') u.searchParams.delete('seo-jobs-only');
    return decodeURIComponent(u.pathname + u.search);
  };
  /** Waits until the page shows `total` results and its cards are the API's cards. */
  const expectResults = async (answer: Answer) => {
    await expect
      .poll(async () => heading().innerText())
      .toBe(answer.total_results === 1 ? '1 Job' : `${answer.total_results_formatted} Jobs`);
    await expect.poll(cardTitles).toEqual(answer.jobs.map((j) => j.title));
  };

  beforeAll(async () => {
    await buildWeb();
    dir = mkdtempSync(join(tmpdir(), 'jobsearch-page-'));
    mkdirSync(OUTPUT, { recursive: true });
    port = await freePort();
    env = { DATABASE_URL: join(dir, 'jobs.db'), DEMO_POSTINGS: '600' };
    [server, browser] = await Promise.all([startServe(env, port), launchChromium()]);
    page = await browser.context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
    });
  });

  afterAll(removeServeBundle);
  afterAll(async () => {
    // undefined when beforeAll failed before setting them
    await (browser as Browser | undefined)?.close();
    await (server as ServeProcess | undefined)?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows every posting with the SEO switch at "all jobs", and after typing "mün" and picking München with the keyboard, what the API answers for München', async () => {
    await page.goto(`${server.url}/`);
    await expectResults(await api('seo-jobs-only=yes'));
    await page.locator('button[data-seo=all]').click();
    await expect.poll(path).toBe('/');
    expect(page.url()).toContain('seo-jobs-only=all');
    await expectResults(await api(''));

    await page.locator('#location').focus();
    await page.keyboard.type('mün', { delay: 30 });
    const options = page.locator('#location-list [role=option] > span:first-child');
    await expect.poll(() => options.allInnerTexts()).toContain('München');
    const labels = await options.allInnerTexts();
    for (let i = 0; i <= labels.indexOf('München'); i++) await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.locator('#location').getAttribute('aria-activedescendant'))
      .toBe(`location-opt-${labels.indexOf('München')}`);
    await page.keyboard.press('Enter');

    await expect.poll(path).toBe('/?location=münchen&ll=München');
    await expectResults(await api('location=münchen'));
  });

  it('grows the count with a radius; follows a work model and a salary band with counts, chips and URL; clears them', async () => {
    const city = await api('location=münchen');
    await page.locator('#radius').selectOption('50');
    const wider = await api('location=münchen&radius=50');
    expect(wider.total_results).toBeGreaterThan(city.total_results);
    await expectResults(wider);

    await page.locator('button[data-facet=work_model][data-value=hybrid]').click();
    await expectResults(await api('location=münchen&radius=50&work_model=hybrid'));
    // A second work model is added, not swapped: hybrid or the other model with the most jobs here.
    const models = await getJson<{ filters: { work_models: { value: string; count: number }[] } }>(
      `${server.url}/jobs/api/job-search-filter-data?location=m%C3%BCnchen&radius=50&work_model=hybrid&facet_mode=disjunctive`,
    );
    const other = models.filters.work_models.filter((m) => m.value !== 'hybrid').sort((a, b) => b.count - a.count)[0]!;
    expect(other.count).toBeGreaterThan(0);
    await page.locator(`button[data-facet=work_model][data-value=${other.value}]`).click();
    const either = await api(`location=münchen&radius=50&work_model=hybrid,${other.value}`);
    expect(either.total_results).toBeGreaterThan(
      (await api('location=münchen&radius=50&work_model=hybrid')).total_results,
    );
    await expectResults(either);
    expect(decodeURIComponent(path())).toContain(`work_model=hybrid,${other.value}`);
    await page.locator(`button[data-facet=work_model][data-value=${other.value}]`).click();
    await expectResults(await api('location=münchen&radius=50&work_model=hybrid'));
    // The salary band with the most of these jobs (which one depends on the demo data).
    const bands = (
      await getJson<{ filters: { salary_ranges: { value: string; label: string; count: number }[] } }>(
        `${server.url}/jobs/api/job-search-filter-data?location=m%C3%BCnchen&radius=50&work_model=hybrid`,
      )
    ).filters.salary_ranges;
    const band = [...bands].sort((a, b) => b.count - a.count)[0]!;
    expect(band.count).toBeGreaterThan(0);
    await page.locator(`button[data-facet=salary_range][data-value="${band.value}"]`).click();
    const both = await api(`location=münchen&radius=50&work_model=hybrid&salary_range=${band.value}`);
    await expectResults(both);
    expect(path()).toBe(`/?location=münchen&ll=München&radius=50&salary_range=${band.value}&work_model=hybrid`);
    const bandLabel = await page
      .locator(`button[data-facet=salary_range][data-value="${band.value}"] .opt-label`)
      .textContent();
    // The API's German label of the band (display_label), German digit grouping.
    expect(bandLabel).toMatch(/^(?:\d{1,3}(?:\.000)? – |ab )\d{2,3}\.000 EUR\/Jahr$/);
    expect(await page.locator('.chip').evaluateAll((els) => els.map((e) => e.textContent))).toEqual([
      'München + 50 km× (entfernen)',
      // The SEO switch away from the board's default is a chip too.
      'alle Jobs× (entfernen)',
      `Gehalt (Jahr, brutto): ${bandLabel ?? ''}× (entfernen)`,
      'Arbeitsmodell: Hybrid× (entfernen)',
    ]);
    // The sidebar's count of the selected work model is the API's total for the whole selection.
    await expect
      .poll(() => page.locator('button[data-facet=work_model][data-value=hybrid] .count').innerText())
      .toBe(both.total_results_formatted);

    await page.locator('.chip', { hasText: 'Arbeitsmodell' }).click();
    await expectResults(await api(`location=münchen&radius=50&salary_range=${band.value}`));
    await page.locator('.clear-all').click();
    await expect.poll(() => page.url()).toBe(`${server.url}/`);
    await expect.poll(() => page.locator('.chip').count()).toBe(0);
    // Cleared is the board's own start: SEO jobs.
    await expectResults(await api('seo-jobs-only=yes'));
  });

  it('pages forward through next_url, goes back with the browser, and a reloaded shared URL shows the same results', async () => {
    await page.goto(`${server.url}/?seo-jobs-only=all`);
    await expectResults(await api(''));
    await page.locator('.pager a[rel=next]').click();
    await expect.poll(path).toBe('/?page=2');
    await expectResults(await api('page=2'));
    await page.goBack();
    await expect.poll(path).toBe('/');
    await expectResults(await api(''));

    const shared = `${server.url}/?work_model=remote&sort=salary&page=2&seo-jobs-only=all`;
    const other = await browser.context.newPage();
    await other.goto(shared);
    const expected = await api('work_model=remote&sort=salary&page=2');
    await expect
      .poll(() => other.locator('.card:not(.skeleton) h3').allInnerTexts())
      .toEqual(expected.jobs.map((j) => j.title));
    await other.reload();
    await expect
      .poll(() => other.locator('.card:not(.skeleton) h3').allInnerTexts())
      .toEqual(expected.jobs.map((j) => j.title));
    expect(await other.locator('#sort').inputValue()).toBe('salary');
    await other.close();
  });

  it('opens a card as the posting detail with its apply link; Escape closes it', async () => {
    const first = (await api('')).jobs[0];
    await page.locator('.card h3 a').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(path).toBe(`/?job=${first?.board_id ?? ''}`);
    await expect.poll(() => page.locator('#detail-title').innerText()).toBe(first?.title);
    expect(await page.locator('dialog.detail .description p').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(path).toBe('/');
    expect(await page.locator('dialog.detail').getAttribute('open')).toBeNull();
  });

  it('has no serious or critical accessibility violation (axe-core), loaded and with the autocomplete open', async () => {
    const scan = async () => {
      // Evaluated by the test, not added as an inline script: the page's CSP refuses those.
      await page.evaluate(readFileSync(AXE, 'utf8'));
      // A string: this file is type-checked without the DOM library.
      const violations = await page.evaluate<{ id: string; impact: string | null; nodes: number }[]>(
        'axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))',
      );
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    };
    await page.goto(`${server.url}/?work_model=hybrid`);
    await page.locator('.card:not(.skeleton)').first().waitFor();
    expect(await scan()).toEqual([]);
    await page.locator('#location').fill('');
    await page.locator('#location').focus();
    await page.keyboard.type('ber');
    await expect.poll(() => page.locator('#location').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.locator('#location-list:not([hidden]) [role=option]').count()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#location').getAttribute('aria-activedescendant')).toBe('location-opt-0');
    expect(await scan()).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('saves screenshots of the desktop and the phone layout', async () => {
    await page.goto(`${server.url}/?location=deutschland&ll=Deutschland&seo-jobs-only=yes`);
    await page.locator('.card:not(.skeleton)').first().waitFor();
    await page.screenshot({ path: join(OUTPUT, 'desktop.png') });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: join(OUTPUT, 'phone.png') });
    // no horizontal scrolling on a 360-px phone
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(statSync(join(OUTPUT, 'desktop.png')).size).toBeGreaterThan(10_000);
    expect(statSync(join(OUTPUT, 'phone.png')).size).toBeGreaterThan(5_000);
  });

  it('shows an error with a retry when the server is gone, and results again after the retry once it is back', async () => {
    await page.goto(`${server.url}/?seo-jobs-only=all`);
    await page.locator('.card:not(.skeleton)').first().waitFor();
    await server.stop();
    await page.locator('button[data-facet=work_model][data-value=onsite]').click();
    await expect.poll(() => page.locator('.error[role=alert]').count()).toBe(1);
    expect(await page.locator('.card').count()).toBe(0);

    server = await startServe(env, port);
    await page.locator('.error .retry').click();
    await expectResults(await api('work_model=onsite'));
    expect(await page.locator('.error').count()).toBe(0);
  });

  it('is served with its security headers and runs under its CSP without a single violation', async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // An inline script is refused: the policy is in force in the browser, not only sent.
    await page.goto(`${server.url}/`);
    await page.locator('.card:not(.skeleton)').first().waitFor();
    const before = cspViolations.length;
    await page.evaluate(
      `(() => { const s = document.createElement('script'); s.textContent = 'window.__ran = 1'; document.head.append(s); })()`,
    );
    expect(await page.evaluate('window.__ran === undefined')).toBe(true);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(before);
    // Every earlier test (search, salary bars, detail, paging) ran without one.
    expect(cspViolations.slice(0, before)).toEqual([]);
  });
});
