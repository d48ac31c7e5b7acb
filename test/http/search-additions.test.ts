/** The search additions over real HTTP: title suggestions, word forms, typos, new filters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { ApiInstance } from '../../src/http/app-types.js';
import { getOk, NOW, testApp } from './fixture.js';
import { job } from '../builders.js';

// One app for the file: its tests only send requests, and no answer depends on an earlier one.
let app: ApiInstance;
let base = '';
beforeAll(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const count = async (qs: string): Promise<number> => {
  const { status, body } = await get(`/jobs/api/job-search-results-count?${qs}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.total_results as number;
};
const titles = async (qs: string) => {
  const { status, body } = await get(`/jobs/api/job-search-title-autosuggest?${qs}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.suggestions as { value: string; label: string; kind: string; count: number; count_formatted: string }[];
};

describe('GET /jobs/api/job-search-title-autosuggest', () => {
  it('suggests positions and title words by word prefix, with counts, sorted by label', async () => {
    expect(await titles('q=man')).toEqual([
      {
        value: 'Content Marketing Manager',
        label: 'Content Marketing Manager',
        kind: 'position',
        count: 15,
        count_formatted: '15',
      },
      { value: 'Manager', label: 'Manager', kind: 'word', count: 30, count_formatted: '30' },
      { value: 'SEO Manager', label: 'SEO Manager', kind: 'position', count: 15, count_formatted: '15' },
    ]);
  });

  it('is case-, accent- and gender-notation-insensitive and a position hides the same word', async () => {
    expect(await titles('q=PFL')).toEqual([
      { value: 'Pflegefachkraft', label: 'Pflegefachkraft', kind: 'position', count: 14, count_formatted: '14' },
    ]);
    expect((await titles('q=m')).map((s) => s.value)).not.toContain('m'); // the (m/w/d) tag is no title word
  });

  it('keeps the whole-name prefix matches first when the limit cuts', async () => {
    expect((await titles('q=man&limit=1')).map((s) => s.value)).toEqual(['Manager']);
  });

  it('answers an empty q with no suggestions, caps a large limit and rejects a bad one', async () => {
    expect(await titles('q=')).toEqual([]);
    expect((await titles('q=e&limit=1000')).length).toBeLessThanOrEqual(50);
    const bad = await get('/jobs/api/job-search-title-autosuggest?q=man&limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { param: 'limit' } });
  });
});

describe('keyword word forms and typos over HTTP', () => {
  it('finds the developer jobs by the feminine form and the compound', async () => {
    expect(await count('q=Entwicklerin')).toBe(15);
    expect(await count('q=Softwareentwickler%2Ain')).toBe(15);
    expect(await count('q=entwickler')).toBe(15);
  });

  it('finds a compound by its parts', async () => {
    // the 29 jobs with `Suchmaschinenoptimierung`, less the 8 Spanish ones (compounds are split in German postings)
    expect(await count('q=optimierung')).toBe(21);
    // the whole word names the field SEO in every language (role-map.ts): the same jobs as `SEO`
    expect(await count('q=Suchmaschinenoptimierung')).toBe(await count('q=SEO'));
    expect(await count('q=Suchmaschinenoptimierung')).toBeGreaterThan(29);
    expect(await count('q=suchmaschine')).toBe(29); // the last word is also a prefix: `suchmaschinenoptimierung`
  });

  it('tolerates a typo unless typo_tolerance=false, which searches the correction it then names', async () => {
    expect(await count('q=Teamarbait')).toBe(30);
    expect((await get('/jobs/api/job-search-results-list?q=Teamarbait')).body).not.toHaveProperty('did_you_mean');
    const strict = await get('/jobs/api/job-search-results-list?q=Teamarbait&typo_tolerance=false');
    expect(strict.body).toMatchObject({
      total_results: 30,
      did_you_mean: 'teamarbeit',
      query_interpretation: { keywords: 'teamarbeit', spelling_corrected: true },
    });
  });

  it('searches and names the correction (did_you_mean) only when q finds nothing and the correction finds jobs', async () => {
    const seo = await count('q=seo');
    const list = await get('/jobs/api/job-search-results-list?q=seox');
    expect(list.body).toMatchObject({ total_results: seo, did_you_mean: 'seo' });
    const c = await get('/jobs/api/job-search-results-count?q=seox');
    expect(c.body).toMatchObject({ total_results: seo, did_you_mean: 'seo' });
    expect((await get('/jobs/api/job-search-results-list?q=seo')).body).not.toHaveProperty('did_you_mean');
    expect((await get('/jobs/api/job-search-results-count?q=qqqqqq')).body).not.toHaveProperty('did_you_mean');
  });
});

describe('posted_within_days, salary_min, language', () => {
  it('filters count, list and filter data alike', async () => {
    for (const [qs, n] of [
      ['posted_within_days=3', 8],
      ['language=es', 16],
      ['salary_min=80000', 18],
    ] as const) {
      expect(await count(qs), qs).toBe(n);
      expect((await get(`/jobs/api/job-search-results-list?${qs}`)).body.total_results).toBe(n);
      const fd = await get(`/jobs/api/job-search-filter-data?${qs}`);
      expect(
        Number(
          (fd.body.filters as { seo_jobs_only_counts: { all_formatted: string } }).seo_jobs_only_counts.all_formatted,
        ),
      ).toBe(n);
    }
  });

  it('counts posted_within_days back from the start of the hour, not of the day', async () => {
    // The clock is 12:00 UTC; three days back from the hour is 12:00 three days ago.
    const MIN = 60_000;
    const since = NOW - 3 * 86_400_000;
    const at = (postedAt: number) => job({ postedAt });
    const own = await testApp([at(since - 11 * 60 * MIN), at(since - MIN), at(since), at(since + MIN)]);
    try {
      const body = await getOk<{ total_results: number }>(
        own,
        '/jobs/api/job-search-results-count?posted_within_days=3',
      );
      expect(body.total_results).toBe(2);
    } finally {
      await own.close();
    }
  });

  it('with salary_estimated=true also matches jobs without a stated salary by their estimate', async () => {
    // Five SEO managers (mid, DE) state 60,000-70,000: a sound basis for the sixth, which states none.
    // The seventh (senior) has no comparable posting, so no estimate, and stays out.
    const stated = Array.from({ length: 5 }, () => job({ salary: { min: 60_000, max: 70_000 } }));
    const own = await testApp([...stated, job({ salary: null }), job({ salary: null, seniority: 'senior' })]);
    try {
      const total = async (qs: string) =>
        (await getOk<{ total_results: number }>(own, `/jobs/api/job-search-results-count?${qs}`)).total_results;
      expect(await total('salary_min=50000')).toBe(5);
      expect(await total('salary_min=50000&salary_estimated=true')).toBe(6);
      expect(await total('salary_min=75000&salary_estimated=true')).toBe(0);
    } finally {
      await own.close();
    }
  });

  it.each([
    'posted_within_days=0',
    'posted_within_days=x',
    'salary_min=-1',
    'language=fr',
    'salary_estimated=yes',
    'typo_tolerance=maybe',
  ])('rejects %s with a 400 naming the parameter', async (qs) => {
    const res = await get(`/jobs/api/job-search-results-count?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { param: qs.split('=')[0] } });
  });
});

describe('several values per filter', () => {
  const filterData = async (qs: string) => {
    const { status, body } = await get(`/jobs/api/job-search-filter-data?${qs}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.filters as { work_models: { value: string; count: number }[]; selected: Record<string, string | null> };
  };

  it('ORs the values of one dimension and ANDs the dimensions', async () => {
    expect(await count('work_model=remote,hybrid')).toBe(40);
    expect(await count('work_model=remote,hybrid&seniority_level=mid,senior')).toBe(20);
    expect(await count('work_model=remote,underwater')).toBe(20);
  });

  it('takes the values of a lower-cased facet in any case, one or several', async () => {
    expect(await count('work_model=REMOTE')).toBe(20);
    expect(await count('work_model=Remote,HYBRID')).toBe(40);
  });

  it('gives disjunctive counts equal to the count of each alternative', async () => {
    const fd = await filterData('work_model=remote,hybrid&facet_mode=disjunctive');
    const counts = Object.fromEntries(fd.work_models.map((o) => [o.value, o.count]));
    expect(counts).toEqual({ remote: 20, hybrid: 20, onsite: 19 });
    for (const value of ['remote', 'hybrid', 'onsite']) expect(await count(`work_model=${value}`)).toBe(counts[value]);
  });

  it('applies the radius to each of several locations', async () => {
    expect(await count('location=m%C3%BCnchen,wien')).toBe(17);
    expect(await count('location=m%C3%BCnchen,wien&radius=100')).toBe(26);
  });

  it('echoes several values comma-separated in selected and keeps them in next_url', async () => {
    const fd = await filterData('work_model=Remote,HYBRID&location=muenchen,Wien&company=A%5C%2CB,Acme%20GmbH');
    expect(fd.selected).toMatchObject({
      work_model: 'remote,hybrid',
      location: 'münchen,wien',
      company: 'a\\,b,acme',
    });
    expect(await count('company=A%5C%2CB,Acme%20GmbH')).toBe(12);
    const list = await get('/jobs/api/job-search-results-list?work_model=remote,hybrid&per_page=5');
    expect(list.body.next_url).toBe('/jobs/api/job-search-results-list?work_model=remote%2Chybrid&per_page=5&page=2');
  });
});

describe('highlight=true on the results list', () => {
  interface Card {
    title: string;
    description_card_display: string;
    highlight?: { title: [number, number][]; description_card_display: [number, number][] };
  }
  const list = async (qs: string) => {
    const res = await fetch(`${base}/jobs/api/job-search-results-list?${qs}`);
    return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as { jobs: Card[] } };
  };

  it('marks in every card the words the search matched, as offsets into the strings the card carries', async () => {
    const { status, body } = await list('q=entwicklerin&highlight=true&per_page=50');
    expect(status).toBe(200);
    expect(body.jobs.length).toBeGreaterThan(0);
    for (const card of body.jobs) {
      const words = [
        ...card.highlight!.title.map(([a, b]) => card.title.slice(a, b)),
        ...card.highlight!.description_card_display.map(([a, b]) => card.description_card_display.slice(a, b)),
      ];
      for (const w of words) expect(w.toLowerCase()).toMatch(/entwickler/);
    }
    expect(body.jobs.some((c) => c.highlight!.title.length > 0)).toBe(true);
  });

  it('adds nothing without the parameter or with false, gives empty lists without q, and rejects a bad value', async () => {
    const plainCards = (await list('q=entwickler')).body.jobs;
    expect(plainCards.every((c) => !('highlight' in c))).toBe(true);
    expect((await list('q=entwickler&highlight=false')).body.jobs).toEqual(plainCards);
    const noQ = (await list('highlight=true&per_page=3')).body.jobs;
    expect(noQ.map((c) => c.highlight)).toEqual(noQ.map(() => ({ title: [], description_card_display: [] })));
    const bad = await list('q=entwickler&highlight=yes');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { param: 'highlight' } });
  });

  it('never serves a highlighted answer for a plain request from the cache, nor shares its ETag', async () => {
    const plainAnswer = await list('q=seo');
    const marked = await list('q=seo&highlight=true');
    const again = await list('q=seo');
    expect(marked.etag).not.toBe(plainAnswer.etag);
    expect(again.etag).toBe(plainAnswer.etag);
    expect(again.body.jobs.every((c) => !('highlight' in c))).toBe(true);
    expect(marked.body.jobs.every((c) => 'highlight' in c)).toBe(true);
  });
});
