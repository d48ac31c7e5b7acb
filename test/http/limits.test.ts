/** Time and connection bounds over real sockets: 408, the per-client cap, raw UTF-8, overload. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { NOW, corpus, sharedIndex, testConfig } from './fixture.js';

const CAP = 3;
let app: ApiInstance;
let port: number;

beforeEach(async () => {
  const live = new LiveIndex();
  live.swap(sharedIndex(corpus()), 7, NOW);
  app = await buildApp({
    live,
    config: testConfig({
      headersTimeoutMs: 600,
      requestTimeoutMs: 1_000,
      keepAliveTimeoutMs: 1_000,
      maxConnectionsPerClient: CAP,
    }),
    logger: false,
    now: () => NOW,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

/** Apps of their own a test builds (other limits than the shared one's), closed after it whatever happens. */
const others: ApiInstance[] = [];

afterEach(async () => {
  await app.close();
  for (const other of others.splice(0)) await other.close();
});

async function appWith(config: Parameters<typeof testConfig>[0]): Promise<ApiInstance> {
  const live = new LiveIndex();
  live.swap(sharedIndex(corpus()), 7, NOW);
  const other = await buildApp({ live, config: testConfig(config), logger: false, now: () => NOW });
  others.push(other);
  return other;
}

function connect(to = port): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1', () => {
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

/** Everything the server writes until it closes the connection (or `ms` pass). */
function readAll(socket: net.Socket, ms = 5_000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, ms);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => undefined);
  });
}

function jsonBody(response: string): { success: boolean; error: { code: string; message: string } } {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as {
    success: boolean;
    error: { code: string; message: string };
  };
}

describe('time bounds', () => {
  it('answers headers that do not arrive in time with 408 JSON, not 400', async () => {
    const socket = await connect();
    const response = readAll(socket);
    socket.write('GET /jobs/api/job-search-results-count HTTP/1.1\r\nHost: x\r\n');
    const text = await response;
    expect(text.startsWith('HTTP/1.1 408 ')).toBe(true);
    expect(text).toContain('Cache-Control: no-store');
    expect(jsonBody(text)).toMatchObject({ success: false, error: { code: 'request_timeout' } });
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const socket = await connect();
    const response = readAll(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await response;
    expect(text.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(socket.destroyed).toBe(true);
  });
});

describe('raw UTF-8 in the URL', () => {
  it('answers q=mün sent unencoded with a 400 that says to percent-encode', async () => {
    const socket = await connect();
    const response = readAll(socket);
    socket.write(
      Buffer.concat([
        Buffer.from('GET /jobs/api/job-search-location-autosuggest?q=m'),
        Buffer.from('ün', 'utf8'),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
    );
    const text = await response;
    expect(text.startsWith('HTTP/1.1 400 ')).toBe(true);
    const body = jsonBody(text);
    expect(body.error.code).toBe('invalid_url');
    expect(body.error.message).toContain('q=m%C3%BCn');
  });

  it('answers the percent-encoded form', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/jobs/api/job-search-location-autosuggest?q=m%C3%BCn`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { suggestions: Array<{ label: string }> };
    expect(body.suggestions.map((s) => s.label)).toContain('München');
  });
});

describe('connections per client address', () => {
  it(`answers the connection past ${CAP} with 503 and Retry-After, and serves again once one closes`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => connect()));
    // Let the server count them before the next one arrives.
    await new Promise((r) => setTimeout(r, 50));
    const extra = await connect();
    const text = await readAll(extra);
    expect(text.startsWith('HTTP/1.1 503 ')).toBe(true);
    expect(text).toContain('Retry-After: 1');
    expect(jsonBody(text).error.code).toBe('too_many_connections');

    const closed = held.pop()!;
    await new Promise<void>((resolve) => {
      closed.once('close', () => {
        resolve();
      });
      closed.destroy();
    });
    await new Promise((r) => setTimeout(r, 50));
    const again = await connect();
    const response = readAll(again);
    again.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await response).startsWith('HTTP/1.1 200 ')).toBe(true);
    for (const socket of held) socket.destroy();
  });
});

describe('connections per client address, cap 0', () => {
  it('caps nothing: six connections from one address are all served', async () => {
    const open = await appWith({ maxConnectionsPerClient: 0 });
    await open.listen({ port: 0, host: '127.0.0.1' });
    const openPort = (open.server.address() as net.AddressInfo).port;
    const sockets = await Promise.all(Array.from({ length: 6 }, () => connect(openPort)));
    await new Promise((r) => setTimeout(r, 50));
    const answers = sockets.map((socket) => {
      const text = readAll(socket);
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      return text;
    });
    for (const text of await Promise.all(answers)) expect(text.startsWith('HTTP/1.1 200 ')).toBe(true);
  });
});

/** Keeps the event loop busy in 60 ms stretches for `ms`: most timers fire late. */
function keepLoopBusy(ms: number): Promise<void> {
  const until = Date.now() + ms;
  return new Promise<void>((resolve) => {
    const stretch = () => {
      const end = Date.now() + 60;
      while (Date.now() < end) {
        /* busy */
      }
      if (Date.now() < until) setImmediate(stretch);
      else resolve();
    };
    stretch();
  });
}

describe('overload', () => {
  it('answers API requests 503 overloaded with Retry-After while the event loop stays delayed, health still 200', async () => {
    const busy = await appWith({ maxEventLoopDelayMs: 20 });
    await busy.ready();
    expect((await busy.inject('/jobs/api/job-search-results-count')).statusCode).toBe(200);
    await keepLoopBusy(1_500);
    const res = await busy.inject('/jobs/api/job-search-results-count');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'overloaded', message: 'the service is overloaded (the event loop is delayed); retry in 5 s' },
    });
    expect((await busy.inject('/healthz')).statusCode).toBe(200);
    // Once the loop is quiet again, answers come back (polled: the next samples must see it).
    let status = 503;
    for (let i = 0; i < 50 && status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await busy.inject('/jobs/api/job-search-results-count')).statusCode;
    }
    expect(status).toBe(200);
  });

  it('answers API requests 503 overloaded (memory is short) while the used heap exceeds its share, health still 200', async () => {
    // 1 % of V8's limit, and more than that held by this test while the app samples the heap.
    const limit = getHeapStatistics().heap_size_limit;
    const ballast = new Array<number>(Math.ceil((limit * 0.02) / 8)).fill(1.5); // doubles on the heap
    const short = await appWith({ maxHeapUsedPercent: 1, maxEventLoopDelayMs: 0 });
    const off = await appWith({ maxHeapUsedPercent: 0, maxEventLoopDelayMs: 0 });
    await Promise.all([short.ready(), off.ready()]);
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // two samples of the heap
    const res = await short.inject('/jobs/api/job-search-results-count');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'overloaded', message: 'the service is overloaded (memory is short); retry in 5 s' },
    });
    expect((await short.inject('/healthz')).statusCode).toBe(200);
    expect((await off.inject('/jobs/api/job-search-results-count')).statusCode).toBe(200);
    expect(ballast[0]).toBe(1.5);
  });

  it('sheds nothing with the delay limit at 0 (off), however delayed the loop', async () => {
    const off = await appWith({ maxEventLoopDelayMs: 0 });
    await off.ready();
    await keepLoopBusy(1_500);
    expect((await off.inject('/jobs/api/job-search-results-count')).statusCode).toBe(200);
  });
});
