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
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: dbPath, DEMO_POSTINGS: '400', REFRESH_INTERVAL_MS: '100' });
  server = await startServer(config, pino({ level: 'silent' }), { demo: true });
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function fetchJson<T>(pathname: string): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('the service started on an empty SQLite file', () => {
  it('loads the demo postings and reports ready', async () => {
    const ready = await fetchJson<{ status: string; documents: number }>('/readyz');
    expect(ready.status).toBe('ready');
    expect(ready.documents).toBeGreaterThan(300);
    expect(ready.documents).toBeLessThanOrEqual(400);
  });

  it('answers the filter data over HTTP with consistent counts', async () => {
    const { filters } = await fetchJson<FilterDataResponse>('/jobs/api/job-search-filter-data');
    const total = (await fetchJson<CountResponse>('/jobs/api/job-search-results-count')).total_results;
    expect(Number(filters.seo_jobs_only_counts.all_formatted.replace(/\./g, ''))).toBe(total);
    expect(filters.work_models.reduce((s, w) => s + w.count, 0)).toBeLessThanOrEqual(total);
    // A job with neither a stated salary nor a sound estimate (issue 8) is in no salary bucket.
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

  it('picks up a change another process writes to the store within seconds', async () => {
    const before = (await fetchJson<CountResponse>('/jobs/api/job-search-results-count?company=zz%20late%20arrival%20gmbh')).total_results;
    expect(before).toBe(0);
    const writer = new SqliteJobStore(dbPath);
    await writer.migrate();
    await writer.upsert([
      job({ key: 'other:1', boardId: '987654321', company: { name: 'ZZ Late Arrival GmbH', domain: null, website: null, logoUrl: null, size: null }, postedAt: Date.now() }),
    ]);
    await writer.close();
    let after = 0;
    for (let i = 0; i < 100 && after === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = (await fetchJson<CountResponse>('/jobs/api/job-search-results-count?company=zz%20late%20arrival%20gmbh')).total_results;
    }
    expect(after).toBe(1);
  });

  it('exposes Prometheus metrics', async () => {
    const res = await fetch(`${server.url}/metrics`);
    const text = await res.text();
    expect(text).toContain('http_request_duration_seconds');
    expect(text).toContain('search_index_documents');
  });
});
