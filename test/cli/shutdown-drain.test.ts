/**
 * SIGTERM with keep-alive clients, against `jobsearch serve` as a real process: requests in flight
 * are answered, the answers after the signal say `Connection: close`, an idle keep-alive socket is
 * closed by the server, /readyz says not ready at once, and a client sending through a load
 * balancer that follows /readyz loses no request (no ECONNRESET, no "socket hang up").
 */
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliFixture } from './cli-process.js';

const { dir, run } = cliFixture('shutdown-drain-');

interface Outcome {
  status?: number;
  connection?: string;
  error?: string;
  at: number;
}

function get(agent: http.Agent, port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, connection: String(response.headers.connection), at: Date.now() });
      });
      response.on('error', (error: NodeJS.ErrnoException) => {
        resolve({ error: error.code ?? error.message, at: Date.now() });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error: `${error.code ?? error.message}${request.reusedSocket ? ' reused' : ''}`, at: Date.now() });
    });
  });
}

/** A raw socket and everything it received, and when the server closed it. */
function rawSocket(port: number): Promise<{ socket: net.Socket; text: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<number>((done) =>
      socket.on('close', () => {
        done(Date.now());
      }),
    );
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      resolve({ socket, text: () => text, closed });
    });
    socket.once('error', reject);
  });
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SIGTERM drains keep-alive connections', { timeout: 120_000 }, () => {
  it('answers what is in flight and asked during the drain with Connection: close, closes idle sockets, drops nothing', async () => {
    const db = join(dir, 'drain.db');
    const server = run(['serve'], {
      DATABASE_URL: db,
      RATE_LIMIT_PER_MINUTE: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      SHUTDOWN_DRAIN_MS: '1500',
    });
    const [, url] = await server.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
    const port = Number(new URL(url ?? '').port);

    // An idle keep-alive socket: one request answered, then nothing.
    const idle = await rawSocket(port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => idle.text().includes('"status":"ok"'), 10_000);
    expect(idle.text()).toMatch(/\r\nConnection: keep-alive\r\n/i);

    // A request in flight: its headers are half sent when the signal comes.
    const inFlight = await rawSocket(port);
    inFlight.socket.write('GET /jobs/api/job-search-results-count?q=koch HTTP/1.1\r\nHost: x\r\n');

    // A load balancer: it probes /readyz every 100 ms and takes the server out of rotation at the
    // first 503; meanwhile four keep-alive clients send one request after another through it.
    let inRotation = true;
    const probe = (async () => {
      const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (inRotation) {
        const ready = await get(probeAgent, port, '/readyz');
        if (ready.status !== 200) inRotation = false;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      probeAgent.destroy();
    })();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: Outcome[][] = [[], [], [], []];
    const loops = outcomes.map(async (mine, i) => {
      while (inRotation) {
        const outcome = await get(agent, port, `/jobs/api/job-search-results-count?q=seo&_=${i}`);
        mine.push(outcome);
        if (outcome.error !== undefined) return;
      }
    });
    await until(() => outcomes.every((o) => o.length >= 10), 30_000);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.socket.write('\r\n');
    await probe;
    const takenOutAt = Date.now();
    await Promise.all(loops);
    const exited = await server.exited;
    agent.destroy();

    expect(exited.code).toBe(0);
    // The request in flight was answered, and told that the connection ends.
    expect(inFlight.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(inFlight.text()).toMatch(/\r\nconnection: close\r\n/i);
    await inFlight.closed;
    // The idle socket was closed by the server, before the process was gone.
    expect(await idle.closed).toBeLessThanOrEqual(signalledAt + exited.ms + 100);

    for (const mine of outcomes) {
      const errors = mine.filter((o) => o.error !== undefined).map((o) => o.error);
      // Not one request lost: no reset, no hang-up, not even a refused connection.
      expect(errors).toEqual([]);
      const answered = mine.filter((o) => o.status !== undefined);
      expect(answered.every((o) => o.status === 200)).toBe(true);
      // Every answer once the drain surely began says that the connection ends.
      const after = answered.filter((o) => o.at > signalledAt + 100);
      expect(
        after.every((o) => o.connection === 'close'),
        JSON.stringify(after.slice(0, 3)),
      ).toBe(true);
    }
    // The clients were answered during the drain, told to close, until the balancer took the server out.
    const lasts = outcomes.map((mine) => mine.at(-1));
    expect(
      lasts.filter((o) => o !== undefined && o.at > signalledAt && o.connection === 'close').length,
    ).toBeGreaterThan(0);
    // The load balancer saw the drain well before the process was gone.
    expect(takenOutAt).toBeLessThan(signalledAt + exited.ms);
  });
});
