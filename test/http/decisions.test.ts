/** The product decisions of DESIGN.md that fill the contract's open points. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { PARTIAL_BELOW } from '../../src/search/query/interpret.js';
import type { CountResponse, FilterDataResponse, ListResponse, SuggestResponse } from '../../src/http/schemas.js';
import { job } from '../builders.js';
import { corpus, NOW, PLACES, testApp, getOk } from './fixture.js';

// One app for the file: its tests only send requests, and no answer depends on an earlier one.
let app: ApiInstance;
beforeAll(async () => {
  app = await testApp(corpus());
});
afterAll(async () => {
  await app.close();
});

const get = <T>(url: string): Promise<T> => getOk<T>(app, url);
const count = async (qs: string) =>
  (await get<CountResponse>(`/jobs/api/job-search-results-count?${qs}`)).total_results;
const list = (qs: string) => get<ListResponse>(`/jobs/api/job-search-results-list?${qs}`);
const filterData = async (qs: string) =>
  (await get<FilterDataResponse>(`/jobs/api/job-search-filter-data?${qs}`)).filters;
const suggest = async (kind: 'location' | 'company', qs: string) =>
  (await get<SuggestResponse>(`/jobs/api/job-search-${kind}-autosuggest?${qs}`)).suggestions;

describe('filters on all three filter endpoints', () => {
  const FILTERS = [
    'salary_range=40000-60000',
    'work_model=remote',
    'position=seo-manager',
    'seniority_level=senior',
    'employment_type_normalized=part-time',
    'remote_percentage_min=50',
    'skill_tag=sistrix',
    'location=bayern',
    'company=acme%20gmbh',
    'industry=healthcare',
    'seo-jobs-only=yes',
    'seo-jobs-only=no',
    'company_size=51-200',
    'location=berlin&radius=300',
  ];
  it.each(FILTERS)('narrows count, list and filter data alike with %s', async (qs) => {
    const all = await count('');
    const n = await count(qs);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(all);
    expect((await list(qs)).total_results).toBe(n);
    expect(Number((await filterData(qs)).seo_jobs_only_counts.all_formatted)).toBe(n);
  });

  it.each([
    'work_model=underwater',
    'position=astronaut',
    'location=atlantis',
    'company=nobody',
    'salary_range=1-2',
    'skill_tag=cobol',
  ])('matches nothing for an unknown value of a known filter (%s), with success true', async (qs) => {
    expect(await count(qs)).toBe(0);
    const l = await list(qs);
    expect(l).toMatchObject({ success: true, total_results: 0, has_more: false, next_url: '', jobs: [] });
  });

  it('ignores unknown parameters', async () => {
    expect(await count('utm_source=newsletter&_=123')).toBe(await count(''));
  });

  it('treats an empty parameter as unset, never as zero', async () => {
    expect(await count('remote_percentage_min=&location=&radius=')).toBe(await count(''));
    const { pagination } = await list('page=');
    expect(pagination.current_page).toBe(1);
  });

  it('searches keywords with q across title and description, stemmed', async () => {
    const n = await count('q=Suchmaschinenoptimierung');
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(await count(''));
    // The plural finds the singular's postings by its stem.
    expect(await count('q=strategien')).toBe(await count('q=Strategie'));
    // Two words that PARTIAL_BELOW postings or more hold together need both: every posting with
    // `Strategie` has `Suchmaschinenoptimierung`, and fewer have it than the one word alone.
    const both = await count('q=Strategie');
    expect(both).toBeGreaterThanOrEqual(PARTIAL_BELOW);
    expect(both).toBeLessThan(n);
    expect(await count('q=suchmaschinenoptimierung%20strategien')).toBe(both);
    expect(await count('q=zzzqqq')).toBe(0);
  });
});

describe('location', () => {
  it('resolves case, accent and umlaut variants to the same place', async () => {
    const n = await count('location=m%C3%BCnchen');
    expect(n).toBeGreaterThan(0);
    for (const v of ['muenchen', 'munchen', 'M%C3%BCnchen', 'MUENCHEN']) expect(await count(`location=${v}`)).toBe(n);
  });

  it('matches every job inside a region or country', async () => {
    const muenchen = await count('location=münchen');
    const augsburg = await count('location=augsburg');
    expect(await count('location=bayern')).toBe(muenchen + augsburg);
    expect(await count('location=deutschland')).toBeGreaterThan(await count('location=bayern'));
  });

  it('echoes the normalised location value in selected', async () => {
    expect((await filterData('location=MUENCHEN')).selected.location).toBe('münchen');
  });

  it('widens a city by radius in km (Augsburg is about 57 km from München)', async () => {
    const muenchen = await count('location=münchen');
    expect(await count('location=münchen&radius=0')).toBe(muenchen);
    expect(await count('location=münchen&radius=40')).toBe(muenchen);
    expect(await count('location=münchen&radius=70')).toBe(muenchen + (await count('location=augsburg')));
  });
});

describe('facets', () => {
  it('counts conjunctively by default: a set facet lists only its selected value', async () => {
    const f = await filterData('work_model=remote');
    expect(f.work_models.map((w) => w.value)).toEqual(['remote']);
  });

  it('counts each facet without its own filter in facet_mode=disjunctive', async () => {
    const f = await filterData('work_model=remote&facet_mode=disjunctive');
    const all = await filterData('');
    expect(f.work_models).toEqual(all.work_models);
    expect(f.work_models.length).toBe(3);
  });

  it('caps companies and locations at facet_limit and always lists a selected value', async () => {
    const f = await filterData('facet_limit=2');
    expect(f.companies.length).toBe(2);
    expect(f.locations.length).toBe(2);
    const d = await filterData('facet_limit=1&facet_mode=disjunctive&company=kraut%20%26%20r%C3%BCben%20kg');
    expect(d.companies.map((c) => c.value)).toContain('kraut & rüben');
  });

  it('orders companies and locations by count, descending', async () => {
    const f = await filterData('');
    const countOf = (label: string) => Number(/\((\d+)\)$/.exec(label)![1]);
    for (const facet of [f.locations, f.companies]) {
      const counts = facet.map((o) => countOf(o.label));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
    // The companies' counts, tallied here from the fixture (59 live jobs over five companies),
    // each under its name without its legal form.
    const employer: Record<string, string> = {
      'Acme GmbH': 'acme',
      'Kraut & Rüben KG': 'kraut & rüben',
      'Zeta Media AG': 'zeta media',
      'Ñandú Digital S.L.': 'ñandú digital',
      'Über Search GmbH': 'über search',
    };
    const tally = new Map<string, number>();
    for (const j of corpus()) {
      if (j.validThrough !== null && j.validThrough <= NOW) continue;
      const name = employer[j.company.name]!;
      tally.set(name, (tally.get(name) ?? 0) + 1);
    }
    expect(new Map(f.companies.map((c) => [c.value, countOf(c.label)]))).toEqual(tally);
    expect(f.companies.at(-1)).toEqual({ value: 'kraut & rüben', label: 'kraut & rüben (11)' });
  });

  it('orders companies with different counts by count, not by name', async () => {
    const jobs = [
      ...Array.from({ length: 1 }, () =>
        job({ company: { name: 'Aaa AG', domain: null, website: null, logoUrl: null, size: null } }),
      ),
      ...Array.from({ length: 3 }, () =>
        job({ company: { name: 'Zzz AG', domain: null, website: null, logoUrl: null, size: null } }),
      ),
      ...Array.from({ length: 2 }, () =>
        job({ company: { name: 'Mmm AG', domain: null, website: null, logoUrl: null, size: null } }),
      ),
    ];
    const small = await testApp(jobs);
    try {
      const { filters } = await getOk<FilterDataResponse>(small, '/jobs/api/job-search-filter-data');
      expect(filters.companies).toEqual([
        { value: 'zzz', label: 'zzz (3)' },
        { value: 'mmm', label: 'mmm (2)' },
        { value: 'aaa', label: 'aaa (1)' },
      ]);
    } finally {
      await small.close();
    }
  });
});

describe('sorting and paging', () => {
  it('sorts by date descending by default, ties by board_id', async () => {
    const { jobs } = await list('per_page=100');
    const dates = jobs.map((j) => Date.parse(j.created_at!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (let i = 1; i < jobs.length; i++) {
      if (dates[i] === dates[i - 1]) expect(Number(jobs[i]!.board_id)).toBeGreaterThan(Number(jobs[i - 1]!.board_id));
    }
  });

  it('sorts by date ascending with order=asc and by salary with sort=salary', async () => {
    const asc = (await list('order=asc&per_page=100')).jobs.map((j) => Date.parse(j.created_at!));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const bySalary = (await list('sort=salary&order=desc&per_page=100')).jobs;
    const amount = (j: ListResponse['jobs'][number]) =>
      Number((j.salary_min_formatted ?? j.estimated_salary_min_formatted ?? '0').replace(/\D/g, '')) +
      Number((j.salary_max_formatted ?? j.estimated_salary_max_formatted ?? '0').replace(/\D/g, ''));
    const mids = bySalary.map(amount);
    expect(mids).toEqual([...mids].sort((a, b) => b - a));
  });

  it('uses 20 per page, per_page up to 100', async () => {
    expect((await list('')).jobs.length).toBe(20);
    expect((await list('per_page=7')).jobs.length).toBe(7);
  });

  it('answers a page beyond the last with success, no jobs and has_more false', async () => {
    const body = await list('page=999');
    expect(body).toMatchObject({ success: true, has_more: false, next_url: '', jobs: [] });
    expect(body.total_results).toBeGreaterThan(0);
    expect(body.pagination).toMatchObject({ current_page: 999, start_item_formatted: '0', end_item_formatted: '0' });
  });

  it('makes next_url a relative URL with the canonical parameters and page + 1', async () => {
    // Known parameters in the schema's order, defaults (sort=date, order=desc, per_page=20,
    // highlight=false) left out, page last.
    const body = await list('order=asc&location=deutschland&sort=date&per_page=20&page=1&highlight=false');
    expect(body.next_url).toBe('/jobs/api/job-search-results-list?location=deutschland&order=asc&page=2');
    const marked = await list('highlight=true&location=deutschland');
    expect(marked.next_url).toBe('/jobs/api/job-search-results-list?location=deutschland&highlight=true&page=2');
    const second = await get<ListResponse>(body.next_url);
    expect(second.pagination.current_page).toBe(2);
  });

  it('replaces the page of a URL that has one in next_url, keeping the other parameters', async () => {
    const body = await list('page=2&location=deutschland&per_page=10');
    const next = new URL(body.next_url, 'http://localhost');
    expect(next.pathname).toBe('/jobs/api/job-search-results-list');
    expect([...next.searchParams].sort()).toEqual([
      ['location', 'deutschland'],
      ['page', '3'],
      ['per_page', '10'],
    ]);
    const third = await get<ListResponse>(body.next_url);
    expect(third.pagination).toMatchObject({ current_page: 3, start_item_formatted: '21', end_item_formatted: '30' });
    // the pages follow each other: none of page 2's jobs again on page 3
    expect(third.jobs.map((j) => j.board_id)).not.toEqual(expect.arrayContaining([body.jobs[0]!.board_id]));
  });

  it('never returns or counts an expired posting', async () => {
    const all = await list('per_page=100');
    expect(all.total_results).toBe(59);
    expect(all.jobs.map((j) => j.board_id)).not.toContain('5059');
  });
});

describe('cards', () => {
  it('formats salaries as 50.000 EUR, estimates only where no salary is given, and adds a band sentence', async () => {
    const { jobs } = await list('per_page=100');
    const given = jobs.find((j) => j.salary_min_formatted !== null)!;
    expect(given.salary_min_formatted).toMatch(/^\d{1,3}(\.\d{3})* EUR$/);
    expect(given.estimated_salary_min_formatted).toBeNull();
    // The fixture's groups are smaller than a handful: no estimate anywhere (no sound basis).
    expect(jobs.filter((j) => j.estimated_salary_min_formatted !== null)).toEqual([]);
    const five = [1, 2, 3, 4, 5].map((i) =>
      job({ key: `e:${i}`, boardId: String(i), salary: { min: 50_000, max: 60_000 } }),
    );
    const small = await testApp([...five, job({ key: 'e:6', boardId: '6', salary: null })]);
    try {
      const res = await small.inject({ method: 'GET', url: '/jobs/api/job-search-results-list?per_page=10' });
      const card = res.json<ListResponse>().jobs.find((j) => j.board_id === '6')!;
      expect(card).toMatchObject({
        salary_min_formatted: null,
        estimated_salary_min_formatted: '50.000 EUR',
        estimated_salary_max_formatted: '60.000 EUR',
      });
      expect(card.salary_relevance_context).toMatch(/geschätzte Jahresgehalt/);
    } finally {
      await small.close();
    }
    expect(given.salary_relevance_context).toMatch(/Gehaltsband|franja/);
  });

  it('leaves an open bound open and keeps the stated currency and period on the card', async () => {
    const upTo = job({
      key: 'o:1',
      boardId: '1',
      salary: {
        min: 75_000,
        max: 75_000,
        stated: { min: null, max: 75_000, currency: 'EUR', period: 'YEAR', paymentsPerYear: 12 },
      },
    });
    const from = job({
      key: 'o:2',
      boardId: '2',
      salary: {
        min: 21_000,
        max: 21_000,
        stated: { min: 21_000, max: null, currency: 'EUR', period: 'YEAR', paymentsPerYear: 12 },
      },
    });
    const usd = job({
      key: 'o:3',
      boardId: '3',
      language: 'en',
      salary: {
        min: 33_120,
        max: 55_200,
        stated: { min: 3_000, max: 5_000, currency: 'USD', period: 'MONTH', paymentsPerYear: 12 },
      },
    });
    const pagas = job({
      key: 'o:4',
      boardId: '4',
      language: 'es',
      salary: {
        min: 28_000,
        max: 28_000,
        stated: { min: 2_000, max: 2_000, currency: 'EUR', period: 'MONTH', paymentsPerYear: 14 },
      },
    });
    const small = await testApp([upTo, from, usd, pagas]);
    try {
      const res = await small.inject({ method: 'GET', url: '/jobs/api/job-search-results-list?per_page=10' });
      const cards = new Map(res.json<ListResponse>().jobs.map((j) => [j.board_id, j]));
      expect(cards.get('1')).toMatchObject({
        salary_min_formatted: null,
        salary_max_formatted: '75.000 EUR',
        estimated_salary_min_formatted: null,
      });
      expect(cards.get('2')).toMatchObject({ salary_min_formatted: '21.000 EUR', salary_max_formatted: null });
      expect(cards.get('3')?.salary_relevance_context).toContain('Stated: 3.000 - 5.000 USD a month.');
      expect(cards.get('4')?.salary_relevance_context).toContain('Indicado: 2.000 EUR al mes (14 pagas).');
      expect(cards.get('1')?.salary_relevance_context).toBe(
        'Das angegebene Jahresgehalt liegt im Gehaltsband 60.000 - 80.000 EUR.',
      );
      const filters = await small.inject({
        method: 'GET',
        url: '/jobs/api/job-search-results-count?salary_range=60000-80000',
      });
      expect(filters.json()).toMatchObject({ total_results: 1 });
    } finally {
      await small.close();
    }
  });

  it('writes the salary sentence in the posting language', async () => {
    const { jobs } = await list('location=madrid&per_page=100');
    expect(jobs.length).toBeGreaterThan(0);
    const withSalary = jobs.filter((j) => j.salary_min_formatted !== null || j.estimated_salary_min_formatted !== null);
    expect(withSalary.length).toBeGreaterThan(0);
    for (const j of withSalary) expect(j.salary_relevance_context).toMatch(/salario anual/);
  });

  it('marks postings of the last 7 days as new', async () => {
    const { jobs } = await list('per_page=100');
    for (const j of jobs) expect(j.is_new).toBe(NOW - Date.parse(j.created_at!) < 7 * 86_400_000);
    expect(jobs.some((j) => j.is_new)).toBe(true);
    expect(jobs.some((j) => !j.is_new)).toBe(true);
  });

  it('gives the card the company domain without www, the logo URL in company_logo_base64, created_at as ISO 8601', async () => {
    const [card] = (await list('per_page=1')).jobs;
    expect(card).toMatchObject({
      company_domain_without_www: 'example.com',
      company_logo_base64: 'https://www.example.com/logo.png',
      company_logo_path: null,
      created_at: new Date(NOW).toISOString(),
    });
  });
});

describe('autocomplete', () => {
  it('returns nothing for an empty q', async () => {
    expect(await suggest('location', 'q=')).toEqual([]);
    expect(await suggest('company', '')).toEqual([]);
  });

  it('matches case- and accent-insensitively at the start of any word', async () => {
    expect(await suggest('location', 'q=MAL')).toContainEqual({ value: 'málaga', label: 'Málaga' });
    expect(await suggest('location', 'q=madr')).toEqual(
      expect.arrayContaining([
        { value: 'madrid', label: 'Madrid' },
        { value: 'comunidad-de-madrid', label: 'Comunidad de Madrid' },
      ]),
    );
    expect(await suggest('company', 'q=ruben')).toEqual([{ value: 'Kraut & Rüben KG', label: 'Kraut & Rüben KG' }]);
    expect(await suggest('company', 'q=edia')).toEqual([]);
  });

  it('defaults limit to 10 and caps larger values at 50', async () => {
    const many = Array.from({ length: 70 }, (_, i) =>
      job({
        company: {
          name: `Agentur ${String(i).padStart(2, '0')}`,
          domain: null,
          website: null,
          logoUrl: null,
          size: null,
        },
        places: [PLACES.berlin],
      }),
    );
    const big = await testApp(many);
    const n = async (qs: string) =>
      (await big.inject(`/jobs/api/job-search-company-autosuggest?${qs}`)).json<SuggestResponse>().suggestions.length;
    expect(await n('q=agentur')).toBe(10);
    expect(await n('q=agentur&limit=1000')).toBe(50);
    await big.close();
  });

  it('gives suggestions whose value works as a filter at once', async () => {
    for (const s of await suggest('location', 'q=b&limit=50'))
      expect(await count(`location=${encodeURIComponent(s.value)}`)).toBeGreaterThan(0);
    for (const s of await suggest('company', 'q=a&limit=50'))
      expect(await count(`company=${encodeURIComponent(s.value)}`)).toBeGreaterThan(0);
  });
});
