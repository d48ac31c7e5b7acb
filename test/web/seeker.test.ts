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

/** Screenshots of each state in each language land here (git-ignored). */
const OUTPUT = fileURLToPath(new URL('../../test-output/web/', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const LANGS = ['de', 'es', 'en'] as const;

/** Codes of the closed vocabularies that must never reach the screen as they are (lower case, whole words). */
const RAW_CODES =
  /(?<![\p{L}-])(working-student|full-time|part-time|mini-job|apprenticeship|internship|freelance|temporary|contract|intern|mid|junior|senior|lead|head|hybrid|onsite)(?![\p{L}-])/u;
/** Words of the other languages' interface that an untranslated text would leave on the page. */
const FOREIGN: Record<(typeof LANGS)[number], RegExp> = {
  de: /\b(Salario|Empleos|Buscar|Salary|Search|Employment|Seniority|Source)\b/,
  es: /\b(Gehalt|Vollzeit|Teilzeit|Erfahrung|Arbeitsmodell|Suchen|Quelle|Salary|Search|Seniority|Source)\b/,
  en: /\b(Gehalt|Vollzeit|Teilzeit|Erfahrung|Arbeitsmodell|Suchen|Quelle|Salario|Buscar|Fuente|Empleos)\b/,
};

/** An Accept-Language other than the page's, for each page language. */
const OTHER: Record<(typeof LANGS)[number], string> = {
  de: 'es-ES,es;q=0.9',
  es: 'en-GB,en;q=0.9',
  en: 'de-DE,de;q=0.9',
};

interface Answer {
  total_results: number;
  jobs: { title: string; board_id: string }[];
}

describe('the search page as a job seeker uses it', () => {
  let dir: string;
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;

  const api = async (query: string): Promise<Answer> => {
    const res = await fetch(`${server.url}/jobs/api/job-search-results-list?${query}`);
    return (await res.json()) as Answer;
  };
  const filterData = async (query: string) => {
    const res = await fetch(`${server.url}/jobs/api/job-search-filter-data?${query}`);
    return ((await res.json()) as { filters: { positions: { value: string; display_label: string }[] } }).filters;
  };
  const cardTitles = () => page.locator('.card:not(.skeleton) h3').allInnerTexts();
  const params = () => new URL(page.url()).searchParams;
  const scan = async () => {
    await page.evaluate(readFileSync(AXE, 'utf8'));
    const violations = await page.evaluate<{ id: string; impact: string | null }[]>(
      'axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))',
    );
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  /** The interface's own texts (not postings' titles or descriptions, which are the employer's words). */
  const chromeText = () =>
    page.evaluate<string>(
      `[...document.querySelectorAll('.sidebar, .chips, .card .facts, .card .badge, .results-top, .searchbar, .pager, dialog[open] .facts, dialog[open] .salary, dialog[open] h3, dialog[open] .source, dialog[open] .detail-foot, dialog[open] .detail-bar')].map((e) => e.innerText).join('\\n')`,
    );

  beforeAll(async () => {
    await buildWeb();
    dir = mkdtempSync(join(tmpdir(), 'jobsearch-seeker-'));
    mkdirSync(OUTPUT, { recursive: true });
    const port = await freePort();
    [server, browser] = await Promise.all([
      startServe({ DATABASE_URL: join(dir, 'jobs.db'), DEMO_POSTINGS: '600' }, port),
      launchChromium(),
    ]);
    page = await browser.context.newPage();
  });

  afterAll(removeServeBundle);
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (server as ServeProcess | undefined)?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens on the SEO board with the switch on; "all jobs" is a toggle away and stays in the URL', async () => {
    await page.goto(`${server.url}/`);
    const seo = await api('seo-jobs-only=yes');
    const all = await api('');
    expect(seo.total_results).toBeLessThan(all.total_results);
    await expect.poll(cardTitles).toEqual(seo.jobs.map((j) => j.title));
    expect(await page.locator('button[data-seo=yes]').getAttribute('aria-pressed')).toBe('true');
    await page.locator('button[data-seo=all]').click();
    await expect.poll(() => params().get('seo-jobs-only')).toBe('all');
    await expect.poll(cardTitles).toEqual(all.jobs.map((j) => j.title));
    await page.reload();
    await expect.poll(cardTitles).toEqual(all.jobs.map((j) => j.title));
    expect(await page.locator('button[data-seo=all]').getAttribute('aria-pressed')).toBe('true');
  });

  it('starts its first API requests with the HTML (Link preloads) and uses those answers, asking each once', async () => {
    const requested: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/jobs/api/')) requested.push(r.url().slice(server.url.length));
    };
    page.on('request', onRequest);
    const res = await page.goto(`${server.url}/?q=seo&lang=es&work_model=remote&seo-jobs-only=all`);
    await page.locator('.card:not(.skeleton)').first().waitFor();
    await page.locator('button[data-facet]').first().waitFor();
    page.off('request', onRequest);
    const preloaded = [...(res?.headers()['link'] ?? '').matchAll(/<([^>]+)>; rel=preload; as=fetch/g)].map(
      (m) => m[1],
    );
    expect(preloaded).toEqual([
      '/jobs/api/job-search-results-list?q=seo&work_model=remote&card_fields=extended',
      '/jobs/api/job-search-filter-data?q=seo&work_model=remote&facet_mode=disjunctive&lang=es',
    ]);
    expect([...requested].sort()).toEqual([...preloaded].sort());
    const initiators = await page.evaluate<string[]>(
      `performance.getEntriesByType('resource').filter((e) => e.name.includes('/jobs/api/')).map((e) => e.initiatorType)`,
    );
    expect(initiators).toEqual(['link', 'link']);
  });

  it('searches a city typed but not picked (Enter), keeps the bar still, and names a place it cannot find without searching', async () => {
    await page.goto(`${server.url}/?seo-jobs-only=all`);
    await page.locator('.card:not(.skeleton)').first().waitFor();
    const before = await page.locator('#company').boundingBox();
    const res = await fetch(`${server.url}/jobs/api/job-search-location-autosuggest?q=hamburg&limit=8`);
    const best = ((await res.json()) as { suggestions: { value: string; label: string }[] }).suggestions[0]!;
    await page.locator('#location').fill('hamburg');
    await page.locator('#location').press('Enter');
    await expect.poll(() => params().get('location')).toBe(best.value);
    await expect
      .poll(cardTitles)
      .toEqual((await api(`location=${encodeURIComponent(best.value)}`)).jobs.map((j) => j.title));
    expect(await page.locator('#location').inputValue()).toBe(best.label);
    // The radius appeared in a place kept for it: the company box did not move.
    expect(await page.locator('#radius').isVisible()).toBe(true);
    expect(await page.locator('#company').boundingBox()).toEqual(before);

    const url = page.url();
    await page.locator('#location').fill('Qxzqxz');
    await page.locator('form[role=search] button[type=submit]').click();
    await expect.poll(() => page.locator('.form-notice').innerText()).toContain('Qxzqxz');
    expect(await page.locator('#location').inputValue()).toBe('Qxzqxz');
    expect(page.url()).toBe(url);

    await page.locator('#location').fill('');
    await page.locator('#company').fill('Qxzqxz GmbH');
    await page.locator('#company').press('Enter');
    await expect.poll(() => page.locator('.form-notice').innerText()).toContain('Qxzqxz GmbH');
    expect(await page.locator('#company').inputValue()).toBe('Qxzqxz GmbH');
  });

  for (const lang of LANGS) {
    it(`speaks ${lang} only: no raw code, no other language's word, numbers in its format; axe clean; screenshots`, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      // The page asks the API for labels with `lang`: a browser asking in another language changes nothing.
      const asked: string[] = [];
      await page.route('**/jobs/api/job-search-filter-data?*', async (route) => {
        asked.push(route.request().url());
        await route.continue({ headers: { ...route.request().headers(), 'accept-language': OTHER[lang] } });
      });
      await page.goto(`${server.url}/?lang=${lang}&seo-jobs-only=all`);
      await page.locator('.card:not(.skeleton)').first().waitFor();
      const positions = (await filterData(`facet_mode=disjunctive&lang=${lang}`)).positions;
      const more = page.locator('section:has(button[data-facet=position]) .more');
      if ((await more.count()) > 0) await more.click();
      await expect
        .poll(() => page.locator('button[data-facet=position] .opt-label').allInnerTexts())
        .toEqual(positions.map((p) => p.display_label));
      expect(asked.length).toBeGreaterThan(0);
      for (const url of asked) expect(new URL(url).searchParams.get('lang')).toBe(lang);
      // The cards' salaries in the language's digits (the API writes them German: 50.000 EUR).
      const salaries = (await page.locator('.card .salary:not(.none)').allInnerTexts()).join(' ');
      expect(salaries).toMatch(lang === 'en' ? /\d{1,3},\d{3}/ : /\d{1,3}\.\d{3}/);
      expect(salaries).not.toMatch(lang === 'en' ? /\d\.\d{3}/ : /\d,\d{3}/);
      // A chip of each labelled dimension: the first seniority, employment type, remote share and position.
      const chosen: string[] = [];
      for (const facet of ['seniority_level', 'employment_type_normalized', 'remote_percentage_min', 'position']) {
        const option = page.locator(`button[data-facet=${facet}]:not([disabled])`).first();
        const value = await option.getAttribute('data-value');
        chosen.push(await option.locator('.opt-label').innerText());
        await option.click();
        await expect.poll(() => params().get(facet)).toBe(value);
        await page.locator('.results:not([aria-busy])').waitFor();
      }
      await page.locator('.card:not(.skeleton)').first().waitFor();
      let text = await chromeText();
      expect(text).not.toMatch(RAW_CODES);
      expect(text).not.toMatch(FOREIGN[lang]);
      const positionCodes = positions.map((p) => p.value).filter((code) => code.includes('-'));
      expect(positionCodes.length).toBeGreaterThan(0);
      for (const code of positionCodes) expect(text).not.toContain(code);
      const chipText = await page.locator('.chips').innerText();
      for (const label of chosen) expect(chipText).toContain(label);
      // A remote share is a phrase, never a bare number.
      for (const label of await page.locator('button[data-facet=remote_percentage_min] .opt-label').allInnerTexts())
        expect(label).not.toMatch(/^\d+$/);
      // Salary bands grouped as the language writes numbers.
      const bands = (await page.locator('button[data-facet=salary_range] .opt-label').allTextContents()).join(' ');
      expect(bands).toMatch(lang === 'en' ? /\d{2,3},000/ : /\d{2,3}\.000/);
      // Excerpts add to the summary, never repeat it.
      const repeats = await page.evaluate<number>(
        `[...document.querySelectorAll('.card')].filter((c) => [...c.querySelectorAll('.excerpts li')].some((li) => (c.querySelector('.summary')?.textContent ?? '').includes(li.textContent.replace(/…/g, '').trim()))).length`,
      );
      expect(repeats).toBe(0);
      expect(await scan()).toEqual([]);
      await page.screenshot({ path: join(OUTPUT, `${lang}-desktop.png`) });

      await page.locator('.card h3 a').first().click();
      await page.locator('dialog[open] #detail-title').waitFor();
      await page.locator('dialog[open] .source').waitFor();
      text = await chromeText();
      expect(text).not.toMatch(RAW_CODES);
      expect(text).not.toMatch(FOREIGN[lang]);
      for (const code of positionCodes) expect(text).not.toContain(code);
      expect(await page.locator('dialog[open] .source').innerText()).not.toMatch(/: demo$/);
      expect(await scan()).toEqual([]);
      await page.screenshot({ path: join(OUTPUT, `${lang}-detail-desktop.png`) });

      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: join(OUTPUT, `${lang}-detail-phone.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => params().get('job')).toBeNull();
      await page.screenshot({ path: join(OUTPUT, `${lang}-phone.png`) });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      for (const name of ['desktop', 'detail-desktop', 'detail-phone', 'phone'])
        expect(statSync(join(OUTPUT, `${lang}-${name}.png`)).size).toBeGreaterThan(5_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  }

  it('shows the description with its headings and lists, drops hostile HTML, keeps the apply button in view; closing goes back', async () => {
    const first = (await api('')).jobs[0]!;
    const hostile = [
      'Deine Aufgaben:',
      '- SEO-Audits',
      '- Keyword-Recherche',
      'Dein Profil:',
      '- <b>Erfahrung</b> mit Search Console',
      'Wir bieten <strong>viel</strong>.',
      '<script>window.__xss = 1</script>',
      '<img src="x" onerror="window.__xss = 2">',
      '<a href="javascript:window.__xss = 3">klick</a> <a href="https://example.org/info" onclick="window.__xss = 4">Info</a>',
      ...Array.from({ length: 40 }, (_, i) => `Absatz ${i + 1}: ein langer Text, damit der Dialog scrollt.`),
    ].join('\n');
    await page.route('**/jobs/api/jobs/*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { job: { description: string } };
      body.job.description = hostile;
      await route.fulfill({ response: res, json: body });
    });
    for (const size of [
      { width: 1280, height: 900 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`${server.url}/?seo-jobs-only=all`);
      await page.locator('.card:not(.skeleton)').first().waitFor();
      if (size.width < 880) await page.locator('.filter-toggle').click(); // the phone folds the filters
      await page.locator('button[data-facet=work_model]:not([disabled])').first().click();
      await expect.poll(() => params().get('work_model')).not.toBeNull();
      const listUrl = page.url();
      await page.goto(`${server.url}/?seo-jobs-only=all&job=${first.board_id}`);
      await page.goBack();
      await expect.poll(() => page.url()).toBe(listUrl);
      await page.locator('.card h3 a').first().click();
      const d = page.locator('dialog[open] .description');
      await d.waitFor();
      expect(await d.locator('h4').allInnerTexts()).toEqual(['Deine Aufgaben:', 'Dein Profil:']);
      expect(await d.locator('ul > li').count()).toBe(3);
      expect(await d.locator('strong, b').count()).toBe(2);
      expect(await d.locator('script, img, [onerror], [onclick], a[href^="javascript"]').count()).toBe(0);
      expect(await d.locator('a[href="https://example.org/info"]').getAttribute('rel')).toContain('noopener');
      expect(await page.evaluate('window.__xss')).toBeUndefined();
      // The apply button is in view before and after reading to the end; the bars are opaque.
      const apply = page.locator('dialog[open] .detail-foot .apply');
      expect(await apply.isVisible()).toBe(true);
      const inView = async () => {
        const box = await apply.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= size.height;
      };
      expect(await inView()).toBe(true);
      await page.evaluate(
        `(() => { const e = document.querySelector('dialog[open] .detail-body'); e.scrollTo(0, e.scrollHeight); })()`,
      );
      expect(await page.evaluate(`document.querySelector('dialog[open] .detail-body').scrollTop`)).toBeGreaterThan(0);
      expect(await inView()).toBe(true);
      for (const bar of ['.detail-bar', '.detail-foot'])
        expect(
          await page.evaluate(`getComputedStyle(document.querySelector('dialog[open] ${bar}')).backgroundColor`),
        ).toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: join(OUTPUT, `detail-structure-${size.width}.png`) });
      // Closing returns to the list's entry; Back then leaves the list and never reopens the posting.
      await page.locator('dialog[open] .detail-bar button').click();
      await expect.poll(() => page.url()).toBe(listUrl);
      expect(await page.locator('dialog[open]').count()).toBe(0);
      await page.goBack();
      await expect.poll(() => params().get('work_model')).toBeNull();
      expect(params().get('job')).toBeNull();
      expect(await page.locator('dialog[open]').count()).toBe(0);
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("offers the API's did_you_mean as a link that searches it", async () => {
    // The correction comes from the API's search; here it is added to a real answer to see the page use it.
    await page.route('**/jobs/api/job-search-results-list?*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      if (new URL(route.request().url()).searchParams.get('q') === 'sоe') body['did_you_mean'] = 'seo';
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`${server.url}/?q=${encodeURIComponent('sоe')}`);
    const link = page.locator('.did-you-mean a');
    await link.waitFor({ timeout: 30_000 });
    expect(await link.innerText()).toBe('seo');
    await link.click();
    await expect.poll(() => params().get('q')).toBe('seo');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }, 120_000);

  it('answers a mistyped page address with a page for people in their language, and the API with JSON', async () => {
    const res = await page.goto(`${server.url}/jobz`);
    expect(res?.status()).toBe(404);
    // The test browser asks in English (en-US).
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    await page.locator('a[href="/?lang=en"]').click();
    await page.locator('.card:not(.skeleton)').first().waitFor();
    for (const [language, title] of [
      ['es-ES,es;q=0.9', 'Página no encontrada'],
      ['fr-FR,de;q=0.5', 'Seite nicht gefunden'],
      ['', 'Seite nicht gefunden'],
    ] as const) {
      const html = await fetch(`${server.url}/jobz`, { headers: { accept: 'text/html', 'accept-language': language } });
      expect(html.status).toBe(404);
      expect(html.headers.get('content-type')).toContain('text/html');
      expect(await html.text()).toContain(title);
    }
    const json = await fetch(`${server.url}/jobs/api/nope`, { headers: { accept: 'text/html' } });
    expect(json.headers.get('content-type')).toContain('application/json');
    const plain = await fetch(`${server.url}/jobz`);
    expect(((await plain.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('shows one message per error', async () => {
    await page.goto(`${server.url}/?seo-jobs-only=all`);
    await page.locator('.card:not(.skeleton)').first().waitFor();
    await page.route('**/jobs/api/job-search-results-list?*', (route) =>
      route.fulfill({
        status: 400,
        json: { success: false, error: { code: 'invalid_parameter', message: 'q: too long' } },
      }),
    );
    await page.locator('#q').fill('x');
    await page.locator('#q').press('Enter');
    await page.locator('.error[role=alert]').waitFor();
    const text = await page.locator('.results').innerText();
    expect(text.split(/\n+/).filter((l) => l.includes('nicht erreichbar'))).toHaveLength(1);
    expect(text.split('q: too long')).toHaveLength(2);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
