/**
 * Cards and the detail in the asker's language over real HTTP, from a real SQLite store: labels and
 * where a remote job is open to only when a language is named; otherwise the contract's answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { testConfig } from './fixture.js';
import { CONTRACT_CARD } from './contract-card.js';

const NOW = Date.UTC(2026, 10, 21, 12);

const remote = job({
  boardId: '8001',
  workModel: 'remote',
  remotePercentage: 100,
  seniority: 'senior',
  remoteEligibility: ['EU', 'CH'],
  postedAt: NOW - 1000,
});
const onsite = job({
  boardId: '8002',
  workModel: 'onsite',
  remotePercentage: null,
  seniority: null,
  employmentType: 'part-time',
  postedAt: NOW - 2000,
});

describe("cards and the detail in the asker's language", () => {
  let dir: string;
  let store: SqliteJobStore;
  let app: ApiInstance;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-labels-'));
    store = new SqliteJobStore(join(dir, 'jobs.db'));
    await store.migrate();
    await store.upsert([remote, onsite]);
    const live = new LiveIndex();
    live.swap(
      SearchIndex.build(await store.loadLive(NOW), { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }),
      1,
      NOW,
    );
    app = await buildApp({ live, store, config: testConfig(), logger: false, now: () => NOW });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    expect(res.status).toBe(200);
    const text = await res.text();
    return { text, body: JSON.parse(text) as Record<string, unknown>, vary: res.headers.get('vary') ?? '' };
  };
  const LIST = '/jobs/api/job-search-results-list';
  const cards = (body: Record<string, unknown>) => body['jobs'] as Record<string, unknown>[];
  /** The answer without its timing, which differs from request to request. */
  const timeless = (text: string) => text.replace(/"duration_ms":\d+/, '"duration_ms":0');

  it("gives the contract's cards exactly when no language is named, byte for byte whatever else the header names", async () => {
    const plain = await get(LIST);
    expect(plain.vary).toMatch(/accept-language/);
    for (const card of cards(plain.body)) expect(Object.keys(card)).toEqual(CONTRACT_CARD);
    for (const header of ['fr-FR', '*', 'it, pt;q=0.8']) {
      const other = await get(LIST, { 'accept-language': header });
      expect(timeless(other.text), header).toBe(timeless(plain.text));
    }
    const detail = await get('/jobs/api/jobs/8001');
    expect(detail.body['job']).not.toHaveProperty('display_labels');
    expect(detail.body['job']).not.toHaveProperty('remote_open_to');
  });

  it('adds labels and the areas a remote job is open to in the language of `lang`', async () => {
    const es = cards((await get(`${LIST}?lang=es`)).body);
    expect(es.map((c) => c['board_id'])).toEqual(['8001', '8002']);
    expect(es[0]).toMatchObject({
      display_labels: {
        position: 'SEO manager',
        seniority_level: 'Senior',
        employment_type: 'Jornada completa',
        work_model: 'Teletrabajo',
      },
      remote_open_to: ['Unión Europea', 'Suiza'],
    });
    expect(es[1]).toMatchObject({
      display_labels: {
        position: 'SEO manager',
        seniority_level: null,
        employment_type: 'Media jornada',
        work_model: 'Presencial',
      },
      remote_open_to: [],
    });
    // The contract's fields are unchanged beside them.
    expect(Object.keys(es[0]!).slice(0, CONTRACT_CARD.length)).toEqual(CONTRACT_CARD);
    expect(es[0]!['position_name']).toBe('SEO Manager');
  });

  it('takes the language from Accept-Language when `lang` is absent, and `lang` first', async () => {
    const en = cards((await get(LIST, { 'accept-language': 'en-GB,en;q=0.9' })).body);
    expect(en[0]).toMatchObject({
      display_labels: { work_model: 'Remote', seniority_level: 'Senior' },
      remote_open_to: ['European Union', 'Switzerland'],
    });
    const de = cards((await get(`${LIST}?lang=de`, { 'accept-language': 'en' })).body);
    expect(de[1]).toMatchObject({
      display_labels: { position: 'SEO-Manager', work_model: 'Vor Ort', employment_type: 'Teilzeit' },
    });
  });

  it('labels the detail the same way', async () => {
    const { body } = await get('/jobs/api/jobs/8001?lang=de');
    expect(body['job']).toMatchObject({
      board_id: '8001',
      display_labels: {
        position: 'SEO-Manager',
        seniority_level: 'Senior',
        employment_type: 'Vollzeit',
        work_model: 'Remote',
      },
      remote_open_to: ['Europäische Union', 'Schweiz'],
    });
  });

  it('refuses a language it has no labels in, naming the parameter', async () => {
    const res = await fetch(`${base}${LIST}?lang=fr`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param?: string } }).error.param).toBe('lang');
  });
});
