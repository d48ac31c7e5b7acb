/** Bad input on every parameter and every exit of the app: a JSON error or an empty result, never a 5xx. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { clientErrorResponse, rawErrorResponse } from '../../src/http/error-handling.js';
import { ApiError } from '../../src/http/errors.js';
import { FACETS, isValuesEntry } from '../../src/domain/facet-catalogue.js';
import { corpus, testApp, testConfig } from './fixture.js';

// One app for the file: its tests only send requests, and no answer depends on an earlier one.
let app: ApiInstance;
beforeAll(async () => {
  app = await testApp(corpus());
});
afterAll(async () => {
  await app.close();
});

const ENDPOINTS = {
  'filter-data': '/jobs/api/job-search-filter-data',
  count: '/jobs/api/job-search-results-count',
  list: '/jobs/api/job-search-results-list',
  locations: '/jobs/api/job-search-location-autosuggest',
  companies: '/jobs/api/job-search-company-autosuggest',
};
const FILTER_ENDPOINTS = [ENDPOINTS['filter-data'], ENDPOINTS.count, ENDPOINTS.list];

interface ErrorJson {
  success: boolean;
  error: { code: string; message: string; param?: string };
  duration_ms: number;
}

async function expectError(url: string, status: number, code: string, param?: string): Promise<ErrorJson> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  const body = res.json<ErrorJson>();
  expect(body.success).toBe(false);
  expect(body.error.code).toBe(code);
  expect(Number.isInteger(body.duration_ms)).toBe(true);
  if (param !== undefined) expect(body.error.param).toBe(param);
  return body;
}

const NUMERIC: Array<[string, string[], string[]]> = [
  // [parameter, endpoints, bad values]
  ['page', [ENDPOINTS.list], ['abc', '-1', '0', '1.5', '1e3', ' 7', '99999999999999999999', '50001', '0x10']],
  ['per_page', [ENDPOINTS.list], ['abc', '-5', '0', '101', '2.5']],
  ['radius', FILTER_ENDPOINTS, ['abc', '-1', '501', '10km', 'NaN']],
  ['remote_percentage_min', FILTER_ENDPOINTS, ['abc', '-1', '101', '50%']],
  ['facet_limit', [ENDPOINTS['filter-data']], ['abc', '0', '1001', '-3']],
  ['limit', [ENDPOINTS.locations, ENDPOINTS.companies], ['abc', '0', '-1', '2.5']],
];

describe('malformed numeric parameters', () => {
  for (const [param, urls, values] of NUMERIC) {
    for (const url of urls) {
      it.each(values)(`answers 400 invalid_parameter naming ${param} on ${url} for %s`, async (value) => {
        const body = await expectError(
          `${url}?q=a&${param}=${encodeURIComponent(value)}`,
          400,
          'invalid_parameter',
          param,
        );
        expect(body.error.message).toContain(param);
      });
    }
  }
});

describe('closed sets', () => {
  it.each([
    ['sort', 'price', 'date, salary, relevance'],
    ['order', 'up', 'asc, desc'],
    ['seo-jobs-only', 'maybe', 'yes, no'],
  ])('rejects %s=%s naming the allowed values', async (param, value, allowed) => {
    for (const url of FILTER_ENDPOINTS) {
      const body = await expectError(`${url}?${param}=${value}`, 400, 'invalid_parameter', param);
      expect(body.error.message).toContain(allowed);
    }
  });

  it('rejects an unknown facet_mode naming the allowed values', async () => {
    const body = await expectError(
      `${ENDPOINTS['filter-data']}?facet_mode=both`,
      400,
      'invalid_parameter',
      'facet_mode',
    );
    expect(body.error.message).toContain('conjunctive, disjunctive');
  });
});

describe('repeated parameters', () => {
  it.each(['page=1&page=2', 'location=berlin&location=wien', 'sort=date&sort=salary', 'q=a&q=b'])(
    'answers 400 repeated_parameter for %s',
    async (qs) => {
      const param = qs.split('=')[0];
      for (const url of [...FILTER_ENDPOINTS, ENDPOINTS.locations]) {
        if (url === ENDPOINTS.locations && param !== 'q') continue;
        // page is a parameter of the list only: elsewhere it is unknown, repeated or not.
        const code = param === 'page' && url !== ENDPOINTS.list ? 'unknown_parameter' : 'repeated_parameter';
        await expectError(`${url}?${qs}`, 400, code, param);
      }
    },
  );
});

describe('hostile strings never cause a 5xx', () => {
  const HOSTILE = [
    'x'.repeat(10_000),
    '.*',
    '(a+)+$',
    "'; DROP TABLE jobs;--",
    '%',
    '%E0%A4%A',
    '%00',
    '%FF%FE',
    '\u0000',
    '😀😀',
    '[object Object]',
    '__proto__',
    'constructor',
  ];
  const PARAMS = [
    'q',
    'location',
    'company',
    'position',
    'work_model',
    'skill_tag',
    'salary_range',
    'industry',
    'company_size',
  ];
  for (const [name, url] of Object.entries(ENDPOINTS)) {
    it(`answers 200 or a 4xx JSON error on ${name} for every hostile value of every parameter`, async () => {
      for (const param of PARAMS) {
        for (const raw of HOSTILE) {
          const value = raw.startsWith('%') ? raw : encodeURIComponent(raw);
          const res = await app.inject({ method: 'GET', url: `${url}?${param}=${value}` });
          expect(res.statusCode, `${param}=${raw.slice(0, 20)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          const body = res.json<{ success: boolean }>();
          expect(body.success).toBe(res.statusCode === 200);
        }
      }
    });
  }

  it('answers an over-long q with 400 naming q', async () => {
    await expectError(`${ENDPOINTS.count}?q=${'a'.repeat(600)}`, 400, 'invalid_parameter', 'q');
    await expectError(`${ENDPOINTS.locations}?q=${'a'.repeat(600)}`, 400, 'invalid_parameter', 'q');
  });

  it('answers a 10,000-character q with 414 JSON (the URL itself is too long)', async () => {
    for (const url of Object.values(ENDPOINTS))
      await expectError(`${url}?q=${'a'.repeat(10_000)}`, 414, 'uri_too_long');
  });

  it('answers a special parameter name like __proto__ as an unknown parameter, without harm', async () => {
    await expectError(`${ENDPOINTS.count}?__proto__=1&constructor=x`, 400, 'unknown_parameter', '__proto__');
    expect((await app.inject(ENDPOINTS.count)).statusCode).toBe(200);
  });
});

describe('other exits', () => {
  it('answers an unknown path with 404 JSON', async () => {
    await expectError('/jobs/api/nope', 404, 'not_found');
    await expectError('/', 404, 'not_found');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)(
    'answers %s on an endpoint with 405 and Allow',
    async (method) => {
      const res = await app.inject(
        method === 'DELETE' ? { method, url: ENDPOINTS.count } : { method, url: ENDPOINTS.count, payload: {} },
      );
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json<ErrorJson>().error.code).toBe('method_not_allowed');
    },
  );

  it('answers HEAD like GET without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: ENDPOINTS.count });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('says in its message what is wrong with a repeated, unknown or non-digit parameter', async () => {
    expect((await expectError(`${ENDPOINTS.list}?q=a&q=b`, 400, 'repeated_parameter', 'q')).error.message).toBe(
      'q: given more than once; pass it once',
    );
    const unknown = await expectError(`${ENDPOINTS.count}?wokr_model=remote`, 400, 'unknown_parameter', 'wokr_model');
    expect(unknown.error.message).toMatch(/^wokr_model: unknown parameter; known: .*\bwork_model\b/);
    expect((await expectError(`${ENDPOINTS.list}?page=0x10`, 400, 'invalid_parameter', 'page')).error.message).toBe(
      'page: must be a whole number (digits only)',
    );
  });

  it('answers an over-long URL with 414, and serves one of exactly the longest length', async () => {
    const body = await expectError(`${ENDPOINTS.count}?company=${'x'.repeat(9000)}`, 414, 'uri_too_long');
    expect(body.error.message).toBe('the URL is longer than 8192 characters');
    const prefix = `${ENDPOINTS.count}?company=`;
    const longest = `${prefix}${'x'.repeat(8192 - prefix.length)}`;
    expect(longest).toHaveLength(8192);
    // Refused, if at all, for its value (too long a company name), not for its length.
    expect((await app.inject(longest)).json<ErrorJson>().error.code).toBe('invalid_parameter');
    await expectError(`${longest}x`, 414, 'uri_too_long');
  });

  it('answers 503 not_ready on every endpoint before the index is loaded, and readyz 503', async () => {
    const cold = await testApp([], { ready: false });
    for (const url of Object.values(ENDPOINTS)) {
      // Not ready comes first: before any parameter is looked at.
      for (const query of ['q=a', 'wokr_model=remote', 'page=x']) {
        const res = await cold.inject(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(503);
        expect(res.json<ErrorJson>().error).toMatchObject({
          code: 'not_ready',
          message: 'the search index is loading; try again shortly',
        });
      }
    }
    expect((await cold.inject('/readyz')).statusCode).toBe(503);
    expect((await cold.inject('/healthz')).statusCode).toBe(200);
    await cold.close();
  });

  it('answers 500 with nothing internal when a handler fails', async () => {
    const broken = await testApp(corpus());
    broken.get('/jobs/api/broken', async () => {
      throw new Error('secret database password leaked');
    });
    const res = await broken.inject('/jobs/api/broken');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'internal', message: 'internal error' },
      duration_ms: expect.any(Number),
    });
    expect(res.body).not.toContain('secret');
    await broken.close();
  });

  it('answers a path that reads as a route pattern, or any method on an unknown path, with 404', async () => {
    for (const path of ['/jobs/api/*x', '/*', '/jobs/api/:id', '/jobs/api/job-search-results-count(x', '/jobs/api/:']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url: path });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json<ErrorJson>().error).toEqual({ code: 'not_found', message: `no endpoint at ${path}` });
        expect(res.headers.allow).toBeUndefined();
      }
    }
  });

  it('names at most 200 characters of an unknown path', async () => {
    const path = `/${'a'.repeat(199)}`;
    expect((await expectError(path, 404, 'not_found')).error.message).toBe(`no endpoint at ${path}`);
    expect((await expectError(`${path}b?x=1`, 404, 'not_found')).error.message).toBe(`no endpoint at ${path}…`);
  });

  it("maps the framework's own errors by status, an unknown 4xx to invalid_parameter and a 5xx to internal", async () => {
    const app2 = await testApp(corpus());
    const statuses = [404, 405, 413, 414, 429, 431, 503, 400, 418, 502];
    for (const status of statuses) {
      app2.get(`/jobs/api/fails-${status}`, async () => {
        throw Object.assign(new Error(`failed with ${status}`), { statusCode: status });
      });
    }
    const seen = [];
    for (const status of statuses) {
      const res = await app2.inject(`/jobs/api/fails-${status}`);
      seen.push([res.statusCode, res.json<ErrorJson>().error]);
    }
    expect(seen).toEqual([
      [404, { code: 'not_found', message: 'failed with 404' }],
      [405, { code: 'method_not_allowed', message: 'failed with 405' }],
      [413, { code: 'payload_too_large', message: 'failed with 413' }],
      [414, { code: 'uri_too_long', message: 'failed with 414' }],
      [429, { code: 'too_many_requests', message: 'failed with 429' }],
      [431, { code: 'headers_too_large', message: 'failed with 431' }],
      [503, { code: 'overloaded', message: 'failed with 503' }],
      [400, { code: 'invalid_parameter', message: 'the request is malformed' }],
      [400, { code: 'invalid_parameter', message: 'the request is malformed' }],
      [500, { code: 'internal', message: 'internal error' }],
    ]);
    expect((await app2.inject('/jobs/api/fails-405')).headers.allow).toBe('GET, HEAD');
    await app2.close();
  });

  it('maps a catalogue error thrown by a handler to its status', async () => {
    const app2 = await testApp(corpus());
    app2.get('/jobs/api/limited', async () => {
      throw new ApiError('too_many_requests', 'slow down');
    });
    const res = await app2.inject('/jobs/api/limited');
    expect(res.statusCode).toBe(429);
    expect(res.json<ErrorJson>().error).toEqual({ code: 'too_many_requests', message: 'slow down' });
    await app2.close();
  });
});

describe('caching', () => {
  it('answers If-None-Match with the current ETag by 304', async () => {
    const first = await app.inject(ENDPOINTS.count);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const second = await app.inject({ method: 'GET', url: ENDPOINTS.count, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    const other = await app.inject({ method: 'GET', url: ENDPOINTS.count, headers: { 'if-none-match': 'W/"old"' } });
    expect(other.statusCode).toBe(200);
  });

  it('compresses large responses with gzip when asked', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${ENDPOINTS.list}?per_page=50`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('docs', () => {
  it('serves an OpenAPI 3 document naming the five endpoints, the additions and the decisions', async () => {
    const res = await app.inject('/jobs/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown>; info: { description: string } }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        ...Object.values(ENDPOINTS),
        '/jobs/api/job-search-title-autosuggest',
        '/jobs/api/jobs/{board_id}',
        '/jobs/api/job-changes',
      ].sort(),
    );
    expect(doc.info.description).toContain('facet_mode=disjunctive');
    expect(doc.info.description).toContain('work_model=remote,hybrid');
  });

  it('lists every facet parameter that takes several values, in catalogue order, wrapped at 100 characters', async () => {
    const doc = (await app.inject('/jobs/api/openapi.json')).json<{ info: { description: string } }>();
    const lines = doc.info.description.split('\n');
    const first = lines.findIndex((l) => l.startsWith('- *Several values per filter*: every facet parameter ('));
    expect(first).toBeGreaterThanOrEqual(0);
    // The generated lines: up to the one that closes the list (the hand-written text goes on after it).
    const item: string[] = [lines[first]!];
    for (let i = first; !item.at(-1)!.includes(')');) item.push(lines[++i]!);
    const closing = item.pop()!;
    item.push(closing.slice(0, closing.indexOf(')') + 1));
    for (const line of item) expect(line.length, line).toBeLessThanOrEqual(100);
    const text = item.join(' ');
    const params = FACETS.filter(isValuesEntry).map((f) => `\`${f.wire.param}\``);
    expect(text.slice(text.indexOf('(') + 1, text.indexOf(')')).split(/,\s+/)).toEqual(params);
    // Lines are filled: the next parameter would not have fitted on the line before.
    for (let i = 1; i < item.length; i++) {
      const next = item[i]!.trim().split(' ')[0]!;
      expect(item[i - 1]!.length + 1 + next.length, item[i - 1]).toBeGreaterThan(100);
    }
  });

  it('serves interactive docs at /docs', async () => {
    const res = await app.inject('/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After in the JSON error shape past the limit, and never limits health checks', async () => {
    const { LiveIndex } = await import('../../src/runtime/live-index.js');
    const { SearchIndex } = await import('../../src/search/segments/search-index.js');
    const { buildApp } = await import('../../src/http/build-app.js');
    const { DEFAULT_SALARY_BUCKETS } = await import('../../src/domain/salary-buckets.js');
    const live = new LiveIndex();
    live.swap(SearchIndex.build(corpus(), { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: Date.now() }), 1, Date.now());
    const limited = await buildApp({
      live,
      config: testConfig({ rateLimitPerMinute: 3 }),
      logger: false,
    });
    for (let i = 0; i < 3; i++) expect((await limited.inject(ENDPOINTS.count)).statusCode).toBe(200);
    const res = await limited.inject(ENDPOINTS.count);
    expect(res.statusCode).toBe(429);
    // The window is a minute from the first request, nearly all of it still to wait; the message
    // says it in seconds, as the header does.
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.json<ErrorJson>()).toMatchObject({ success: false, error: { code: 'too_many_requests' } });
    const said = /^more than 3 requests a minute; retry in (\d+) s$/.exec(res.json<ErrorJson>().error.message);
    expect(Math.abs(Number(said?.[1]) - wait)).toBeLessThanOrEqual(1);
    for (let i = 0; i < 5; i++) expect((await limited.inject('/healthz')).statusCode).toBe(200);
    await limited.close();
  });
});

describe('answers written before the framework sees a request', () => {
  /** Status line, headers and JSON body of a raw answer; its Content-Length checked against the body's bytes. */
  function parse(raw: string) {
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
    expect(Number(headers['Content-Length'])).toBe(Buffer.byteLength(body));
    return { statusLine, headers, body: JSON.parse(body) as ErrorJson };
  }

  it.each([
    ['HPE_HEADER_OVERFLOW', 'HTTP/1.1 431 Request Header Fields Too Large', 'headers_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 'HTTP/1.1 408 Request Timeout', 'request_timeout'],
    ['HPE_HEADERS_TIMEOUT', 'HTTP/1.1 408 Request Timeout', 'request_timeout'],
    ['HPE_INVALID_URL', 'HTTP/1.1 400 Bad Request', 'invalid_url'],
    ['HPE_INVALID_METHOD', 'HTTP/1.1 400 Bad Request', 'invalid_parameter'],
    [undefined, 'HTTP/1.1 400 Bad Request', 'invalid_parameter'],
  ])('answers the parser error %s with %s and the JSON error %s, and closes', (code, statusLine, apiCode) => {
    const answer = parse(clientErrorResponse(code));
    expect(answer.statusLine).toBe(statusLine);
    expect(answer.headers).toEqual({
      'Cache-Control': 'no-store',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': expect.any(String),
      Connection: 'close',
    });
    expect(answer.body).toEqual({
      success: false,
      error: { code: apiCode, message: expect.any(String) },
      duration_ms: 0,
    });
  });

  it('counts the bytes of a message with letters beyond ASCII, and puts extra headers first', () => {
    const answer = parse(
      rawErrorResponse(503, 'Service Unavailable', 'overloaded', 'zu viele Anfragen für München', 'Retry-After: 1\r\n'),
    );
    expect(answer.statusLine).toBe('HTTP/1.1 503 Service Unavailable');
    expect(Object.keys(answer.headers)[0]).toBe('Retry-After');
    expect(answer.body.error).toEqual({ code: 'overloaded', message: 'zu viele Anfragen für München' });
    expect(clientErrorResponse('HPE_INVALID_URL')).toContain('q=m%C3%BCn');
  });
});
