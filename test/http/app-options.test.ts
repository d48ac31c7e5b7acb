/** What the app is built with: cross-origin rules, trailing slashes, the request id, the body limit. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { corpus, testApp } from './fixture.js';

const COUNT = '/jobs/api/job-search-results-count';
let app: ApiInstance | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function appWith(corsOrigin: string): Promise<ApiInstance> {
  app = await testApp(corpus(), { config: { corsOrigin } });
  return app;
}

describe('cross-origin requests (CORS_ORIGIN)', () => {
  const preflight = (web: ApiInstance, origin: string) =>
    web.inject({
      method: 'OPTIONS',
      url: COUNT,
      headers: { origin, 'access-control-request-method': 'GET' },
    });

  it('with *, allows every origin to GET and HEAD', async () => {
    const web = await appWith('*');
    const res = await web.inject({ url: COUNT, headers: { origin: 'https://anywhere.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const pre = await preflight(web, 'https://anywhere.example');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });

  it('with a list, allows exactly its origins (spaces around the commas ignored)', async () => {
    const web = await appWith('https://a.example, https://b.example');
    for (const origin of ['https://a.example', 'https://b.example']) {
      const res = await web.inject({ url: COUNT, headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers.vary).toMatch(/origin/i);
      expect((await preflight(web, origin)).headers['access-control-allow-methods']).toBe('GET, HEAD');
    }
    const other = await web.inject({ url: COUNT, headers: { origin: 'https://c.example' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with nothing, allows no other origin', async () => {
    const web = await appWith('');
    const res = await web.inject({ url: COUNT, headers: { origin: 'https://a.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // No CORS at all: answers do not vary by origin, and a preflight is a method the API refuses.
    expect(res.headers.vary).not.toMatch(/origin/i);
    const pre = await preflight(web, 'https://a.example');
    expect(pre.statusCode).toBe(405);
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('paths and requests', () => {
  it('answers a path with a trailing slash as the path without it', async () => {
    const web = await appWith('*');
    const plain = await web.inject(`${COUNT}?work_model=remote`);
    const slash = await web.inject(`${COUNT}/?work_model=remote`);
    const body = (res: typeof plain) => {
      const { duration_ms: _, ...rest } = res.json<{ duration_ms: number }>();
      return rest;
    };
    expect([slash.statusCode, body(slash)]).toEqual([200, body(plain)]);
  });

  it('takes the request id from X-Request-Id', async () => {
    const web = await appWith('*');
    const ids: string[] = [];
    web.addHook('onRequest', (request, _reply, done) => {
      ids.push(request.id);
      done();
    });
    await web.inject({ url: COUNT, headers: { 'x-request-id': 'lb-4711' } });
    expect(ids).toEqual(['lb-4711']);
  });

  it('refuses a request body of more than 1 KB with 413', async () => {
    const web = await appWith('*');
    web.post('/jobs/api/echo', async () => ({ ok: true }));
    const small = await web.inject({ method: 'POST', url: '/jobs/api/echo', payload: { x: 'y'.repeat(900) } });
    expect(small.statusCode).toBe(200);
    const large = await web.inject({ method: 'POST', url: '/jobs/api/echo', payload: { x: 'y'.repeat(1100) } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ success: false, error: { code: 'payload_too_large' } });
  });
});
