/**
 * Requests that HTTP clients refuse to send, written to a raw TCP socket: every error the process
 * answers — Node's parser, Fastify's router, our hooks — is in the API's one error shape, JSON,
 * `no-store`, never a 5xx, never HTML, never an empty body or a silently closed connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { NOW, corpus, sharedIndex, testConfig } from './fixture.js';

let app: ApiInstance;
let port: number;

beforeAll(async () => {
  const live = new LiveIndex();
  live.swap(sharedIndex(corpus()), 7, NOW);
  app = await buildApp({ live, config: testConfig({ keepAliveTimeoutMs: 1_000 }), logger: false, now: () => NOW });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `raw` and reads until the server closes the connection; the last answer it wrote. */
function send(raw: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of answer within 5 s: ${JSON.stringify(text)}`));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      // A 100 Continue may come first: the answer follows it.
      const answer = text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const split = answer.indexOf('\r\n\r\n');
      const head = answer.slice(0, split < 0 ? answer.length : split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head[0] ?? '')?.[1] ?? 0),
        headers,
        body: split < 0 ? '' : answer.slice(split + 4),
      });
    });
  });
}

const request = (line: string, headers: string[] = ['Host: x']): string =>
  `${line}\r\n${[...headers, 'Connection: close'].map((h) => `${h}\r\n`).join('')}\r\n`;

/** The error shape of every API error, exactly: no other key. */
function expectErrorShape(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json; charset=utf-8$/);
  expect(answer.headers['cache-control']).toBe('no-store');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['duration_ms', 'error', 'success']);
  expect(body.success).toBe(false);
  expect(typeof body.duration_ms).toBe('number');
  const error = body.error as Record<string, unknown>;
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe('string');
  expect(Object.keys(error).every((k) => ['code', 'message', 'param'].includes(k))).toBe(true);
}

const COUNT = '/jobs/api/job-search-results-count';

describe('errors outside the routes, in the API error shape', () => {
  it.each([
    [
      'a query value whose percent-encoding is not UTF-8 (%FF)',
      request(`GET ${COUNT}?q=%FF HTTP/1.1`),
      400,
      'invalid_url',
      'q',
    ],
    ['a truncated UTF-8 sequence (%C3)', request(`GET ${COUNT}?q=m%C3 HTTP/1.1`), 400, 'invalid_url', 'q'],
    [
      'a percent sign without hex digits (%ZZ)',
      request(`GET ${COUNT}?location=%ZZ HTTP/1.1`),
      400,
      'invalid_url',
      'location',
    ],
    ['a bad percent-encoding in a parameter name', request(`GET ${COUNT}?%FF=1 HTTP/1.1`), 400, 'invalid_url', '%FF'],
    [
      'a path whose percent-encoding is not UTF-8',
      request('GET /jobs/api/jobs/%FF HTTP/1.1'),
      400,
      'invalid_url',
      undefined,
    ],
    ['a bad percent-encoding in the page path', request('GET /%FF HTTP/1.1'), 400, 'invalid_url', undefined],
    [
      'a board_id over 200 characters',
      request(`GET /jobs/api/jobs/${'7'.repeat(201)} HTTP/1.1`),
      414,
      'uri_too_long',
      undefined,
    ],
    ['a URL over 8 KB', request(`GET ${COUNT}?q=${'a'.repeat(9_000)} HTTP/1.1`), 414, 'uri_too_long', undefined],
    [
      'a URL past the header limit',
      request(`GET ${COUNT}?q=${'a'.repeat(20_000)} HTTP/1.1`),
      431,
      'headers_too_large',
      undefined,
    ],
    ['no Host header in HTTP/1.1', request('GET /healthz HTTP/1.1', []), 400, 'invalid_parameter', 'Host'],
    [
      'an Expect other than 100-continue',
      request('GET /healthz HTTP/1.1', ['Host: x', 'Expect: foo']),
      417,
      'expectation_failed',
      undefined,
    ],
    [
      'CONNECT',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      405,
      'method_not_allowed',
      undefined,
    ],
    ['TRACE', request('TRACE /healthz HTTP/1.1'), 405, 'method_not_allowed', undefined],
    ['DELETE on the API', request(`DELETE ${COUNT} HTTP/1.1`), 405, 'method_not_allowed', undefined],
    ['an unknown method', request('BREW /healthz HTTP/1.1'), 400, 'invalid_parameter', undefined],
    ['a request line that is no request line', 'garbage\r\n\r\n', 400, 'invalid_parameter', undefined],
    [
      'a header line with a space in its name',
      request('GET /healthz HTTP/1.1', ['Host: x', 'Bad Header: y']),
      400,
      'invalid_parameter',
      undefined,
    ],
    [
      'Content-Length with Transfer-Encoding (request smuggling)',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      'invalid_parameter',
      undefined,
    ],
  ])('%s', async (_, raw, status, code, param) => {
    const answer = await send(raw);
    expectErrorShape(answer, status, code);
    expect((JSON.parse(answer.body) as { error: { param?: string } }).error.param).toBe(param);
  });

  it('gives the router errors the CORS header, so that a page on another origin can read them', async () => {
    for (const path of ['/jobs/api/jobs/%FF', `/jobs/api/jobs/${'7'.repeat(201)}`]) {
      const answer = await send(request(`GET ${path} HTTP/1.1`, ['Host: x', 'Origin: https://board.example']));
      expect(answer.headers['access-control-allow-origin'], path).toBe('*');
    }
  });

  it('answers what is not an error as before: 100-continue, HTTP/1.0 without Host, a well-encoded query', async () => {
    const continued = await send(request('GET /healthz HTTP/1.1', ['Host: x', 'Expect: 100-continue']));
    expect(continued.status).toBe(200);
    expect((await send('GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
    const encoded = await send(request(`GET ${COUNT}?q=m%C3%BCnchen%20seo&location=m%C3%BCnchen HTTP/1.1`));
    expect(encoded.status, encoded.body).toBe(200);
    // An OPTIONS that is no CORS preflight: the same 204 a preflight gets, not a plain-text 400.
    const options = await send(request(`OPTIONS ${COUNT} HTTP/1.1`));
    expect(options.status).toBe(204);
  });

  it('serves a request whose headers were still arriving when the server began to close, with Connection: close', async () => {
    const live = new LiveIndex();
    live.swap(sharedIndex(corpus()), 7, NOW);
    const closing = await buildApp({ live, config: testConfig(), logger: false, now: () => NOW });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const closingPort = (closing.server.address() as net.AddressInfo).port;
    let text = '';
    const socket = net.connect(closingPort, '127.0.0.1');
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET ${COUNT}?q=koch HTTP/1.1\r\nHost: x\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('\r\n');
    await ended;
    await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain('"total_results"');
  });
});
