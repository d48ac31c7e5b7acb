/** A store that cannot be reached, and a server not ready yet: 503 with Retry-After, logged once, no quota spent. */
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { buildApp } from '../../src/http/build-app.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { corpus, NOW, sharedIndex, testApp, testConfig } from './fixture.js';

function capturedLogger(): { logger: Logger; lines: () => { level: number; msg: string }[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { level: number; msg: string }),
  };
}

let app: ApiInstance | undefined;
let store: PostgresJobStore | undefined;
afterEach(async () => {
  await app?.close();
  await store?.close();
  app = undefined;
  store = undefined;
});

describe('a PostgreSQL store that cannot be reached', () => {
  it('answers the detail and the change feed 503 store_unavailable with Retry-After, logged once for the outage', async () => {
    // A real PostgreSQL client against a port where no server listens: every connection is refused.
    store = new PostgresJobStore({
      connectionString: 'postgres://postgres@127.0.0.1:1/jobs',
      connectionTimeoutMillis: 2000,
    });
    const log = capturedLogger();
    app = await testApp(corpus(), { store, logger: log.logger });
    for (let i = 0; i < 3; i++) {
      for (const url of ['/jobs/api/jobs/1001', '/jobs/api/job-changes?since=0']) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('5');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.json(), url).toMatchObject({ success: false, error: { code: 'store_unavailable' } });
        expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
      }
    }
    const said = log.lines().filter((l) => l.level >= 40);
    expect(said.map((l) => l.msg)).toEqual(['the store cannot be reached: reads answer 503']);
  });
});

describe('a server whose index is not ready', () => {
  it('answers 503 not_ready with Retry-After, and those answers spend none of the rate-limit quota', async () => {
    app = await testApp(corpus(), { ready: false, config: { rateLimitPerMinute: 3 } });
    for (let i = 0; i < 10; i++) {
      const res = await app.inject('/jobs/api/job-search-results-count');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ error: { code: 'not_ready' } });
    }
  });

  it('counts requests again once ready: the quota is whole then', async () => {
    const live = new LiveIndex();
    app = await buildApp({ live, config: testConfig({ rateLimitPerMinute: 3 }), logger: false, now: () => NOW });
    for (let i = 0; i < 5; i++) expect((await app.inject('/jobs/api/job-search-results-count')).statusCode).toBe(503);
    live.swap(sharedIndex(corpus()), 7, NOW);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject('/jobs/api/job-search-results-count')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
