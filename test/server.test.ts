/** The whole service as a user starts it: a real SQLite file, demo data on first start, real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import type { CountResponse, FilterDataResponse, ListResponse } from '../src/http/schemas.js';
import { job } from './builders.js';

let dir: string;
let server: RunningServer;
let dbPath: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jobsearch-server-'));
  dbPath = path.join(dir, 'jobs.db');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: dbPath,
    DEMO_POSTINGS: '1200',
    REFRESH_INTERVAL_MS: '100',
  });
  server = await startServer(config, pino({ level: 'silent' }), { demo: true });
});

afterAll(async () => {
  await (server as RunningServer | undefined)?.close(); // undefined when beforeAll failed
  await rm(dir, { recursive: true, force: true });
});

/** German digit grouping written out plainly (1234567 -> "1.234.567"), not by the code under test. */
function grouped(n: number): string {
  const digits = String(n);
  const parts: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) parts.unshift(digits.slice(Math.max(0, end - 3), end));
  return parts.join('.');
}

async function fetchJson<T>(pathname: string): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('the service started on an empty SQLite file', () => {
  it('loads the demo postings and reports ready', async () => {
    const ready = await fetchJson<{ status: string; documents: number }>('/readyz');
    expect(ready.status).toBe('ready');
    expect(ready.documents).toBeGreaterThan(1000);
    expect(ready.documents).toBeLessThanOrEqual(1200);
  });

  it('answers the filter data over HTTP with consistent counts', async () => {
    const { filters } = await fetchJson<FilterDataResponse>('/jobs/api/job-search-filter-data');
    const total = (await fetchJson<CountResponse>('/jobs/api/job-search-results-count')).total_results;
    expect(Number(filters.seo_jobs_only_counts.all_formatted.replace(/\./g, ''))).toBe(total);
    expect(filters.work_models.reduce((s, w) => s + w.count, 0)).toBeLessThanOrEqual(total);
    // A job with neither a stated salary nor a sound estimate is in no salary bucket.
    expect(filters.salary_ranges.reduce((s, b) => s + b.count, 0)).toBeLessThanOrEqual(total);
    expect(filters.salary_ranges.reduce((s, b) => s + b.count, 0)).toBeGreaterThan(0);
    expect(filters.locations.length).toBeGreaterThan(5);
    expect(filters.positions.length).toBeGreaterThan(3);
  });

  it('serves cards with German and Spanish texts', async () => {
    const de = await fetchJson<ListResponse>('/jobs/api/job-search-results-list?location=deutschland');
    const es = await fetchJson<ListResponse>('/jobs/api/job-search-results-list?location=espa%C3%B1a');
    expect(de.jobs.length).toBeGreaterThan(0);
    expect(es.jobs.length).toBeGreaterThan(0);
    expect(es.jobs.some((j) => /salario/.test(j.salary_relevance_context))).toBe(true);
    expect(de.jobs.some((j) => /Gehalt/.test(j.salary_relevance_context))).toBe(true);
  });

  it('writes counts of 1,000 and more with German grouping over HTTP', async () => {
    const count = await fetchJson<CountResponse>('/jobs/api/job-search-results-count');
    expect(count.total_results).toBeGreaterThanOrEqual(1000);
    expect(count.total_results_formatted).toBe(grouped(count.total_results));
    expect(count.total_results_formatted).toMatch(/^1\.\d{3}$/);
    const { filters } = await fetchJson<FilterDataResponse>('/jobs/api/job-search-filter-data');
    expect(filters.seo_jobs_only_counts.all_formatted).toBe(grouped(count.total_results));
    const list = await fetchJson<ListResponse>('/jobs/api/job-search-results-list?per_page=1&page=1000');
    expect(list.pagination).toMatchObject({
      total_pages: count.total_results,
      total_pages_formatted: grouped(count.total_results),
      current_page_formatted: '1.000',
      start_item_formatted: '1.000',
      end_item_formatted: '1.000',
    });
    const country = filters.locations[0]!;
    const n = Number(/\((\d+(?:\.\d{3})*)\)$/.exec(country.label)![1]!.replace(/\./g, ''));
    expect(country.label).toBe(`${country.value} (${grouped(n)})`);
  });

  it('picks up a change another process writes to the store', async () => {
    const before = (
      await fetchJson<CountResponse>('/jobs/api/job-search-results-count?company=zz%20late%20arrival%20gmbh')
    ).total_results;
    expect(before).toBe(0);
    const writer = new SqliteJobStore(dbPath);
    let cursor: number;
    try {
      await writer.migrate();
      await writer.upsert([
        job({
          key: 'other:1',
          boardId: '987654321',
          company: { name: 'ZZ Late Arrival GmbH', domain: null, website: null, logoUrl: null, size: null },
          postedAt: Date.now(),
        }),
      ]);
      cursor = await writer.changeCursor();
    } finally {
      await writer.close();
    }
    // Wait for the server to say it serves the store as of that write (however long the shared
    // machine takes; the test's own timeout is the only bound), then ask once.
    for (;;) {
      const ready = await fetchJson<{ cursor: number }>('/readyz');
      if (ready.cursor >= cursor) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = (
      await fetchJson<CountResponse>('/jobs/api/job-search-results-count?company=zz%20late%20arrival%20gmbh')
    ).total_results;
    expect(after).toBe(1);
  });

  it('has answered each API route once through the app by the time it is ready (the warm-up)', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // No test here asks for the autocompletes: what they count is the warm-up's.
    for (const route of ['job-search-location-autosuggest', 'job-search-company-autosuggest']) {
      const line = `http_request_duration_seconds_count{method="GET",route="/jobs/api/${route}",status="200"}`;
      expect(text).toContain(`${line} 1\n`);
    }
  });

  it('exposes Prometheus metrics', async () => {
    const res = await fetch(`${server.url}/metrics`);
    const text = await res.text();
    expect(text).toContain('http_request_duration_seconds');
    expect(text).toContain('search_index_documents');
  });
});
