import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job, MUNICH, place } from '../builders.js';
import { testConfig } from './fixture.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;

const stated = job({
  boardId: '7001',
  title: 'SEO Lead (m/w/d)',
  places: [MUNICH, place()],
  salary: { min: 84_000, max: 96_000 },
  postedAt: NOW - 2 * DAY,
  validThrough: NOW + 30 * DAY,
  detail: {
    description: 'Über uns\nWir sind ein Team.\n- Technisches SEO\n- Content',
    applyUrl: 'https://jobs.example.com/7001',
    statedSalary: { currency: 'EUR', min: 7000, max: 8000, unit: 'MONTH', text: null },
  },
});
const unstated = job({ boardId: '7002', salary: null, postedAt: NOW - 20 * DAY });
const expired = job({ boardId: '7003', validThrough: NOW - DAY });
/** The same job as `stated`, posted by another feed: attached to it, not served on its own. */
const elsewhere = job({
  boardId: '7004',
  source: 'partner',
  title: 'SEO Lead (w/m/d)',
  places: [MUNICH],
  url: 'https://partner.example.com/apply/55',
  validThrough: NOW + 10 * DAY,
});

describe('GET /jobs/api/jobs/{board_id} over real HTTP', () => {
  let dir: string;
  let store: SqliteJobStore;
  let app: ApiInstance;
  let base: string;

  let live: LiveIndex;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'job-detail-'));
    store = new SqliteJobStore(join(dir, 'jobs.db'));
    await store.migrate();
    await store.upsert([stated, unstated, expired]);
    await store.upsert([elsewhere]);
    live = new LiveIndex();
    live.swap(
      SearchIndex.build(await store.loadLive(NOW), { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }),
      1,
      NOW,
    );
  });

  // An app per test (fixture.ts, testApp), over the store and index made once.
  beforeEach(async () => {
    app = await buildApp({
      live,
      store,
      config: testConfig(),
      logger: false,
      now: () => NOW,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterEach(async () => {
    await app.close();
  });

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers the whole posting: description, every location, stated salary with provenance, apply URL, source', async () => {
    const { status, body } = await get('/jobs/api/jobs/7001');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      job: {
        board_id: '7001',
        title: 'SEO Lead (m/w/d)',
        company: 'Acme GmbH',
        company_website: null,
        company_logo_url: null,
        company_size: '51-200',
        industry: 'online-marketing',
        position_name: 'SEO Manager',
        seniority_level: 'mid',
        employment_type: 'full-time',
        work_model: 'hybrid',
        remote_percentage: 40,
        skills: ['Sistrix'],
        is_seo_job: true,
        language: 'de',
        locations: [
          { name: 'München', city: 'München', region: 'Bayern', country: 'Deutschland', country_code: 'DE' },
          { name: 'Berlin', city: 'Berlin', region: 'Berlin', country: 'Deutschland', country_code: 'DE' },
        ],
        created_at: '2026-11-19T12:00:00.000Z',
        valid_through: '2026-12-21T12:00:00.000Z',
        is_new: true,
        salary: {
          provenance: 'stated',
          annual_min_eur: 84_000,
          annual_max_eur: 96_000,
          min_formatted: '84.000 EUR',
          max_formatted: '96.000 EUR',
          as_stated: { currency: 'EUR', min: 7000, max: 8000, unit: 'MONTH', text: null },
        },
        summary: 'Wir suchen eine SEO Managerin oder einen SEO Manager.',
        description: 'Über uns\nWir sind ein Team.\n- Technisches SEO\n- Content',
        apply_url: 'https://jobs.example.com/7001',
        source: 'test',
        sources: [
          { source: 'test', board_id: '7001', apply_url: 'https://jobs.example.com/7001' },
          { source: 'partner', board_id: '7004', apply_url: 'https://partner.example.com/apply/55' },
        ],
      },
      duration_ms: expect.any(Number),
    });
  });

  it("answers a duplicate's board id with the posting that serves it, and lists only its own source otherwise", async () => {
    const duplicate = await get('/jobs/api/jobs/7004');
    expect(duplicate.status).toBe(200);
    expect(duplicate.body.job).toMatchObject({ board_id: '7001', source: 'test' });
    const single = await get('/jobs/api/jobs/7002');
    expect(single.body.job).toMatchObject({ sources: [{ source: 'test', board_id: '7002', apply_url: null }] });
  });

  it('gives null salary and no apply URL when the posting states none, and is_new false for an old posting', async () => {
    const { status, body } = await get('/jobs/api/jobs/7002');
    expect(status).toBe(200);
    expect(body.job).toMatchObject({ salary: null, apply_url: null, is_new: false, description: unstated.summary });
  });

  it('is a 404 JSON error for an unknown or an expired posting', async () => {
    for (const id of ['7003', '99999999999999999']) {
      const { status, body } = await get(`/jobs/api/jobs/${id}`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, error: { code: 'not_found', param: 'board_id' } });
    }
  });

  it('is a 400 naming board_id when it is not digits', async () => {
    const { status, body } = await get('/jobs/api/jobs/abc');
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: { code: 'invalid_parameter', param: 'board_id' } });
  });

  it('is listed in the OpenAPI document', async () => {
    const { body } = await get('/jobs/api/openapi.json');
    expect(Object.keys(body.paths as object)).toContain('/jobs/api/jobs/{board_id}');
  });

  it('adds work_model and remote_percentage to cards only with card_fields=extended', async () => {
    const plain = await get('/jobs/api/job-search-results-list');
    const extended = await get('/jobs/api/job-search-results-list?card_fields=extended');
    const plainCards = plain.body.jobs as Record<string, unknown>[];
    const extendedCards = extended.body.jobs as Record<string, unknown>[];
    expect(plainCards.map((c) => 'work_model' in c || 'remote_percentage' in c)).toEqual([false, false]);
    expect(extendedCards.map((c) => [c.board_id, c.work_model, c.remote_percentage])).toEqual([
      ['7001', 'hybrid', 40],
      ['7002', 'hybrid', 40],
    ]);
  });
});
