/** A client that never reads its answers is dropped once the connection makes no progress. */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { corpus, testApp } from './fixture.js';

let app: ApiInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const connections = (target: ApiInstance): Promise<number> =>
  new Promise((resolve, reject) => {
    target.server.getConnections((error, count) => {
      if (error) reject(error);
      else resolve(count);
    });
  });

describe('the send timeout', () => {
  it('closes a connection whose client stopped reading, once nothing moved for SEND_TIMEOUT_MS', async () => {
    app = await testApp(corpus(), {
      config: { sendTimeoutMs: 1_000, keepAliveTimeoutMs: 60_000, rateLimitPerMinute: 0 },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    await new Promise<void>((resolve) =>
      socket.once('connect', () => {
        resolve();
      }),
    );
    socket.pause();
    // Thousands of pipelined requests for whole pages, none of them read: megabytes the server cannot send.
    const request = (i: number) =>
      `GET /jobs/api/job-search-results-list?per_page=100&page=1&q=${i % 2 === 0 ? '' : 'seo'}&_=${i} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n`;
    socket.write(Array.from({ length: 3000 }, (_, i) => request(i)).join(''));
    await expect.poll(() => connections(app!), { timeout: 5_000, interval: 200 }).toBe(1);
    // Stalled for good: within a few seconds the server has let it go.
    await expect.poll(() => connections(app!), { timeout: 15_000, interval: 250 }).toBe(0);
    socket.destroy();
  }, 30_000);

  it('keeps a connection that reads slowly but steadily', async () => {
    app = await testApp(corpus(), { config: { sendTimeoutMs: 1_000, rateLimitPerMinute: 0 } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${address}/jobs/api/job-search-results-count`);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  });
});
