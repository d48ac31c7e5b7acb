/**
 * Every rule and field table of the contract (spec/jobs-search-api.md), endpoint by endpoint.
 * Each test names the rule it guards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import type { CountResponse, FilterDataResponse, ListResponse, SuggestResponse } from '../../src/http/schemas.js';
import type { Job } from '../../src/domain/job.js';
import { corpus, NOW, SELECTED_ORDER, testApp, getOk } from './fixture.js';
import { job, place } from '../builders.js';
import { CONTRACT_CARD } from './contract-card.js';

// One app for the file: its tests only send requests, and no answer depends on an earlier one.
let app: ApiInstance;
beforeAll(async () => {
  app = await testApp(corpus());
});
afterAll(async () => {
  await app.close();
});

const get = <T>(url: string): Promise<T> => getOk<T>(app, url);

/** The fixture's jobs that have not expired at NOW, counted here without the engine. */
const liveFixture = (): Job[] => corpus().filter((j) => j.validThrough === null || j.validThrough > NOW);

const FILTER_DATA = '/jobs/api/job-search-filter-data';
const COUNT = '/jobs/api/job-search-results-count';
const LIST = '/jobs/api/job-search-results-list';
const LOCATIONS = '/jobs/api/job-search-location-autosuggest';
const COMPANIES = '/jobs/api/job-search-company-autosuggest';

describe('every endpoint', () => {
  it.each([FILTER_DATA, COUNT, LIST, `${LOCATIONS}?q=b`, `${COMPANIES}?q=a`])(
    'answers GET %s with a JSON object carrying success true and an integer duration_ms',
    async (url) => {
      const body = await get<Record<string, unknown>>(url);
      expect(body.success).toBe(true);
      expect(Number.isInteger(body.duration_ms)).toBe(true);
      expect(body.duration_ms as number).toBeGreaterThanOrEqual(0);
    },
  );

  // A request held up 30 ms before it is routed must report at least that much: a constant 0
  // (or a time measured from the wrong moment) fails. Only a lower bound, so never flaky.
  it('measures duration_ms from the arrival of the request (every endpoint held up 30 ms, cached or not)', async () => {
    const slow = await testApp(corpus());
    try {
      slow.addHook('onRequest', () => new Promise<void>((resolve) => setTimeout(resolve, 30)));
      for (const url of [FILTER_DATA, COUNT, LIST, `${LOCATIONS}?q=b`, `${COMPANIES}?q=a`, LIST]) {
        const body = await getOk<Record<string, unknown>>(slow, url);
        expect(body.duration_ms as number, url).toBeGreaterThanOrEqual(29);
      }
    } finally {
      await slow.close();
    }
  });
});

describe('GET /jobs/api/job-search-filter-data', () => {
  it('returns success, filters and duration_ms in that order', async () => {
    expect(Object.keys(await get(FILTER_DATA))).toEqual(['success', 'filters', 'duration_ms']);
  });

  it('lists the filter collections in the contract order', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    expect(Object.keys(filters)).toEqual([
      'salary_ranges',
      'work_models',
      'positions',
      'seniority_levels',
      'employment_types',
      'remote_percentages',
      'skill_tags',
      'industries',
      'company_sizes',
      'companies',
      'locations',
      'selected',
      'seo_jobs_only_counts',
    ]);
  });

  it('always lists four salary buckets in ascending order with value, label, count, count_formatted, selected', async () => {
    const { filters } = await get<FilterDataResponse>(`${FILTER_DATA}?company=nobody`);
    expect(filters.salary_ranges).toEqual([
      { value: '0-40000', label: '0 - 40.000 EUR', count: 0, count_formatted: '0', selected: false },
      { value: '40000-60000', label: '40.000 - 60.000 EUR', count: 0, count_formatted: '0', selected: false },
      { value: '60000-80000', label: '60.000 - 80.000 EUR', count: 0, count_formatted: '0', selected: false },
      { value: '80000+', label: 'ab 80.000 EUR', count: 0, count_formatted: '0', selected: false },
    ]);
  });

  it('writes salary bucket values as <min>-<max> and <min>+ and labels with dotted thousands', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    for (const b of filters.salary_ranges.slice(0, 3)) {
      const [min, max] = b.value.split('-').map(Number);
      expect(b.label).toBe(`${min!.toLocaleString('de-DE')} - ${max!.toLocaleString('de-DE')} EUR`);
    }
    expect(filters.salary_ranges[3]!.value).toMatch(/^\d+\+$/);
    expect(filters.salary_ranges[3]!.label).toMatch(/^ab \d{1,3}(\.\d{3})* EUR$/);
  });

  it('marks the requested salary bucket as selected', async () => {
    const { filters } = await get<FilterDataResponse>(`${FILTER_DATA}?salary_range=40000-60000`);
    expect(filters.salary_ranges.map((b) => b.selected)).toEqual([false, true, false, false]);
  });

  it('gives work models as value, count, count_formatted', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    expect(filters.work_models.length).toBeGreaterThan(0);
    for (const w of filters.work_models) expect(Object.keys(w)).toEqual(['value', 'count', 'count_formatted']);
  });

  it('gives positions a hyphenated slug value and a label of the same words separated by spaces', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    expect(filters.positions.length).toBeGreaterThan(1);
    for (const p of filters.positions) {
      expect(Object.keys(p)).toEqual(['value', 'label', 'count', 'count_formatted']);
      expect(p.value).toMatch(/^[^\s]+$/);
      expect(p.label).toBe(p.value.replace(/-/g, ' '));
    }
  });

  it('gives industries and company sizes as value, count, count_formatted', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    for (const o of [...filters.industries, ...filters.company_sizes]) {
      expect(Object.keys(o)).toEqual(['value', 'count', 'count_formatted']);
    }
    expect(filters.industries.length).toBeGreaterThan(0);
    expect(filters.company_sizes.length).toBeGreaterThan(0);
  });

  it('makes count_formatted the string form of count in every counted collection', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    const counted = [
      ...filters.salary_ranges,
      ...filters.work_models,
      ...filters.positions,
      ...filters.seniority_levels,
      ...filters.employment_types,
      ...filters.remote_percentages,
      ...filters.skill_tags,
      ...filters.industries,
      ...filters.company_sizes,
    ];
    for (const o of counted) expect(o.count_formatted).toBe(o.count.toLocaleString('de-DE'));
  });

  it('gives companies and locations a lower-case value and a label of <value> (<count>)', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    for (const o of [...filters.companies, ...filters.locations]) {
      expect(Object.keys(o)).toEqual(['value', 'label']);
      expect(o.value).toBe(o.value.toLowerCase());
      expect(o.label).toMatch(new RegExp(`^${o.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`));
    }
    expect(filters.companies.map((c) => c.value)).toContain('acme');
    expect(filters.locations.map((l) => l.value)).toContain('berlin');
  });

  it('counts seniority levels, employment types, remote shares (at least n %) and skills of the live fixture', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    const live = liveFixture();
    const counted = (n: number) => ({ count: n, count_formatted: String(n) });
    const tally = (of: (j: Job) => string[]) => {
      const m = new Map<string, number>();
      for (const j of live) for (const v of of(j)) m.set(v, (m.get(v) ?? 0) + 1);
      return m;
    };
    const seniority = tally((j) => [j.seniority ?? '']);
    expect(filters.seniority_levels).toEqual(
      ['junior', 'mid', 'senior'].map((v) => ({ value: v, label: v, ...counted(seniority.get(v)!) })),
    );
    const employment = tally((j) => [j.employmentType ?? '']);
    expect(filters.employment_types).toEqual(
      ['full-time', 'part-time'].map((v) => ({ value: v, label: v, ...counted(employment.get(v)!) })),
    );
    // Each threshold counts the jobs whose remote share is at least that many percent.
    expect(filters.remote_percentages).toEqual(
      [20, 40, 60, 80, 100].map((min) => ({
        value: String(min),
        label: String(min),
        ...counted(live.filter((j) => (j.remotePercentage ?? 0) >= min).length),
      })),
    );
    const skills = tally((j) => j.skills.map((k) => k.slug));
    expect(filters.skill_tags).toEqual(
      expect.arrayContaining([
        { value: 'sistrix', label: 'Sistrix', ...counted(skills.get('sistrix')!) },
        { value: 'google-analytics', label: 'Google Analytics', ...counted(skills.get('google-analytics')!) },
        { value: 'excel', label: 'Excel', ...counted(skills.get('excel')!) },
      ]),
    );
    expect(filters.skill_tags).toHaveLength(3);
    // the fixture itself, so a change to it cannot empty the checks above
    expect([seniority.get('senior'), employment.get('part-time'), skills.get('excel')]).toEqual([19, 12, 29]);
  });

  it('echoes selected with every key in the contract order, null when unset and seo-jobs-only empty', async () => {
    const { filters } = await get<FilterDataResponse>(FILTER_DATA);
    expect(filters.selected).toEqual({
      salary_range: null,
      work_model: null,
      position: null,
      seniority_level: null,
      employment_type_normalized: null,
      remote_percentage_min: null,
      skill_tag: null,
      location: null,
      company: null,
      industry: null,
      'seo-jobs-only': '',
      company_size: null,
      radius: null,
      sort: null,
      order: null,
    });
    expect(Object.keys(filters.selected)).toEqual(SELECTED_ORDER);
  });

  it('echoes the request values of work_model, location, sort and order in selected', async () => {
    const { filters } = await get<FilterDataResponse>(
      `${FILTER_DATA}?location=berlin&work_model=remote&sort=date&order=desc`,
    );
    expect(filters.selected).toMatchObject({ work_model: 'remote', location: 'berlin', sort: 'date', order: 'desc' });
  });

  it('counts seo_jobs_only_counts as formatted strings where all = yes + no', async () => {
    for (const url of [FILTER_DATA, `${FILTER_DATA}?location=bayern`, `${FILTER_DATA}?work_model=remote`]) {
      const { seo_jobs_only_counts: c } = (await get<FilterDataResponse>(url)).filters;
      expect(Object.keys(c)).toEqual(['all_formatted', 'yes_formatted', 'no_formatted']);
      expect(Number(c.all_formatted)).toBe(Number(c.yes_formatted) + Number(c.no_formatted));
      expect(Number(c.yes_formatted)).toBeGreaterThan(0);
      expect(Number(c.no_formatted)).toBeGreaterThan(0);
    }
  });

  it('reflects the applied filters: one work model and one location appear when both are set', async () => {
    const { filters } = await get<FilterDataResponse>(`${FILTER_DATA}?location=berlin&work_model=hybrid`);
    const total = (await get<CountResponse>(`${COUNT}?location=berlin&work_model=hybrid`)).total_results;
    expect(filters.work_models).toEqual([{ value: 'hybrid', count: total, count_formatted: String(total) }]);
    expect(filters.locations).toEqual([{ value: 'berlin', label: `berlin (${total})` }]);
    expect(Number(filters.seo_jobs_only_counts.all_formatted)).toBe(total);
  });
});

describe('GET /jobs/api/job-search-results-count', () => {
  it('returns success, total_results, total_results_formatted and duration_ms in that order', async () => {
    const body = await get<CountResponse>(`${COUNT}?location=berlin`);
    expect(Object.keys(body)).toEqual(['success', 'total_results', 'total_results_formatted', 'duration_ms']);
    expect(body.total_results).toBeGreaterThan(0);
    expect(body.total_results_formatted).toBe(String(body.total_results));
  });
});

describe('GET /jobs/api/job-search-results-list', () => {
  it('returns the fields of the contract in order', async () => {
    expect(Object.keys(await get(LIST))).toEqual([
      'success',
      'total_results',
      'total_results_formatted',
      'has_more',
      'next_url',
      'jobs',
      'pagination',
      'duration_ms',
    ]);
  });

  it.each([
    '',
    '?location=berlin',
    '?work_model=remote&location=bayern',
    '?location=españa&sort=date&order=asc',
    '?seo-jobs-only=yes&salary_range=40000-60000',
  ])('rule 1: total_results equals the count endpoint for the same filters (%s)', async (qs) => {
    const list = await get<ListResponse>(`${LIST}${qs}`);
    const count = await get<CountResponse>(`${COUNT}${qs}`);
    expect(list.total_results).toBe(count.total_results);
    expect(list.total_results_formatted).toBe(count.total_results_formatted);
  });

  it('rule 2: on the last page has_more is false and next_url is the empty string', async () => {
    const first = await get<ListResponse>(LIST);
    const last = await get<ListResponse>(`${LIST}?page=${first.pagination.total_pages}`);
    expect(last.has_more).toBe(false);
    expect(last.next_url).toBe('');
    expect(first.has_more).toBe(true);
    expect(first.next_url).not.toBe('');
  });

  it('rule 2: following next_url from page 1 walks every live job once, page by page, to the last', async () => {
    const seen: string[] = [];
    let url = `${LIST}?location=deutschland&per_page=7`;
    for (let page = 1; url !== ''; page++) {
      const body = await get<ListResponse>(url);
      expect(body.pagination.current_page).toBe(page);
      seen.push(...body.jobs.map((j) => j.board_id));
      if (page > 1) expect(new URL(url, 'http://x').searchParams.getAll('page')).toEqual([String(page)]);
      url = body.next_url;
    }
    const inGermany = liveFixture().filter((j) => j.places.some((p) => p.country?.slug === 'deutschland'));
    expect([...seen].sort()).toEqual(inGermany.map((j) => j.boardId).sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(38);
  });

  it('rule 2: next_url of a URL that already has page= carries exactly one page, the next one', async () => {
    const body = await get<ListResponse>(`${LIST}?page=2&work_model=remote&per_page=5`);
    const next = new URL(body.next_url, 'http://x');
    expect(next.pathname).toBe(LIST);
    expect(next.searchParams.getAll('page')).toEqual(['3']);
    expect(next.searchParams.get('work_model')).toBe('remote');
    expect(next.searchParams.get('per_page')).toBe('5');
    const third = await get<ListResponse>(body.next_url);
    expect(third.pagination.current_page).toBe(3);
    expect(third.pagination.start_item_formatted).toBe('11');
  });

  it('rule 3: current_page equals the requested page and total_pages is at least 1 when results exist', async () => {
    for (const page of [1, 2, 3]) {
      const body = await get<ListResponse>(`${LIST}?page=${page}`);
      expect(body.pagination.current_page).toBe(page);
      expect(body.pagination.total_pages).toBeGreaterThanOrEqual(1);
    }
  });

  it('rule 4: start_item_formatted and end_item_formatted delimit the items on the page', async () => {
    const total = (await get<ListResponse>(LIST)).total_results;
    let seen = 0;
    for (let page = 1; ; page++) {
      const body = await get<ListResponse>(`${LIST}?page=${page}`);
      expect(Number(body.pagination.start_item_formatted)).toBe(seen + 1);
      expect(Number(body.pagination.end_item_formatted)).toBe(seen + body.jobs.length);
      seen += body.jobs.length;
      if (!body.has_more) break;
    }
    expect(seen).toBe(total);
  });

  it('gives the pagination object its six fields in order, formatted fields as strings', async () => {
    // 59 live jobs (the 60th has expired) at 20 a page: 3 pages, counted here from the fixture.
    const totalPages = Math.ceil(liveFixture().length / 20);
    expect(totalPages).toBe(3);
    const { pagination } = await get<ListResponse>(`${LIST}?page=2`);
    expect(pagination).toEqual({
      current_page: 2,
      total_pages: totalPages,
      start_item_formatted: '21',
      end_item_formatted: '40',
      current_page_formatted: '2',
      total_pages_formatted: String(totalPages),
    });
    expect(Object.keys(pagination)).toEqual([
      'current_page',
      'total_pages',
      'start_item_formatted',
      'end_item_formatted',
      'current_page_formatted',
      'total_pages_formatted',
    ]);
    expect((await get<ListResponse>(`${LIST}?page=3`)).pagination).toMatchObject({
      total_pages: 3,
      start_item_formatted: '41',
      end_item_formatted: '59',
    });
    expect((await get<ListResponse>(`${LIST}?per_page=59`)).pagination.total_pages).toBe(1);
    expect((await get<ListResponse>(`${LIST}?per_page=58`)).pagination.total_pages).toBe(2);
  });

  it('gives every job card the contract fields in order with their types', async () => {
    const { jobs } = await get<ListResponse>(LIST);
    expect(jobs.length).toBe(20);
    for (const card of jobs) {
      expect(Object.keys(card)).toEqual(CONTRACT_CARD);
      expect(card.id).toBeNull();
      expect(card.board_id).toMatch(/^\d+$/);
      for (const f of [
        'title',
        'company',
        'location',
        'position_name',
        'description_card_display',
        'seo_relevance_context',
        'salary_relevance_context',
        'remote_work_relevance_context',
      ] as const) {
        expect(typeof card[f]).toBe('string');
      }
      for (const f of [
        'company_domain_without_www',
        'company_website',
        'created_at',
        'salary_min_formatted',
        'salary_max_formatted',
        'estimated_salary_min_formatted',
        'estimated_salary_max_formatted',
        'company_logo_path',
        'company_logo_base64',
      ] as const) {
        expect(card[f] === null || typeof card[f] === 'string').toBe(true);
      }
      expect(Array.isArray(card.locations)).toBe(true);
      expect(card.locations).toContain(card.location);
      expect(typeof card.is_new).toBe('boolean');
    }
  });
});

describe.each([
  ['location', LOCATIONS, 'a'],
  ['company', COMPANIES, 'a'],
])('GET the %s autosuggest', (kind, url, q) => {
  it('returns success, suggestions and duration_ms in that order, each suggestion value then label', async () => {
    const body = await get<SuggestResponse>(`${url}?q=${q}`);
    expect(Object.keys(body)).toEqual(['success', 'suggestions', 'duration_ms']);
    expect(body.suggestions.length).toBeGreaterThan(0);
    for (const s of body.suggestions) expect(Object.keys(s)).toEqual(['value', 'label']);
  });

  it('sorts suggestions alphabetically by label', async () => {
    for (const prefix of ['a', 'b', 'm', 'h', 'z', 'ü', 'k']) {
      const { suggestions } = await get<SuggestResponse>(`${url}?q=${encodeURIComponent(prefix)}&limit=50`);
      const labels = suggestions.map((s) => s.label);
      expect(labels).toEqual([...labels].sort(new Intl.Collator('de').compare));
    }
  });

  it('orders by German collation where code units order otherwise (eBay/EDEKA, Mühlheim/Murnau, Ärzte/Azubi)', async () => {
    const own = await testApp([
      ...['EDEKA Markt', 'eBay GmbH', 'Azubi Service GmbH', 'Ärzte ohne Grenzen'].map((name) =>
        job({ company: { name, domain: null, website: null, logoUrl: null, size: null } }),
      ),
      ...[
        ['murnau', 'Murnau'],
        ['mühlheim', 'Mühlheim'],
        ['erding', 'Erding'],
        ['ebersberg', 'Ebersberg'],
      ].map(([slug, name]) => job({ places: [place({ city: { slug: slug!, name: name! }, region: null })] })),
    ]);
    try {
      const labels = async (prefix: string): Promise<string[]> =>
        (await getOk<SuggestResponse>(own, `${url}?q=${encodeURIComponent(prefix)}&limit=50`)).suggestions.map(
          (s) => s.label,
        );
      if (kind === 'company') {
        expect(await labels('e')).toEqual(['eBay GmbH', 'EDEKA Markt']);
        expect(await labels('a')).toEqual(['Acme GmbH', 'Ärzte ohne Grenzen', 'Azubi Service GmbH']);
      } else {
        expect(await labels('mu')).toEqual(['Mühlheim', 'Murnau']);
        expect(await labels('e')).toEqual(['Ebersberg', 'Erding']);
      }
    } finally {
      await own.close();
    }
  });

  if (kind === 'location') {
    it('returns at most limit suggestions', async () => {
      const all = await get<SuggestResponse>(`${url}?q=a&limit=50`);
      expect(all.suggestions.length).toBeGreaterThan(1);
      const one = await get<SuggestResponse>(`${url}?q=a&limit=1`);
      expect(one.suggestions.length).toBe(1);
    });

    it('gives a location suggestion a lower-case slug value', async () => {
      const { suggestions } = await get<SuggestResponse>(`${url}?q=m&limit=50`);
      for (const s of suggestions) expect(s.value).toMatch(/^[\p{Ll}\p{N}-]+$/u);
    });
  } else {
    it('gives a company suggestion the same text as value and label', async () => {
      const { suggestions } = await get<SuggestResponse>(`${url}?q=a&limit=50`);
      for (const s of suggestions) expect(s.value).toBe(s.label);
    });
  }
});
