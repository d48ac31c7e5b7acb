/**
 * The ceilings of an HTTP run, in a child process (ceiling-worker.ts): a bare Fastify route
 * answering a fixed 5 KB JSON body, and bare routes answering exactly the bytes of an API answer.
 * A repeated answer of 25 KB is bound by its size (the client reads and parses five times the
 * 5 KB route's bytes), so its share of the same-bytes route is what the service's own work costs.
 */
import { request } from 'node:http';
import { Child } from './child.js';

/** What the parent sends the ceiling child. */
export type CeilingMessage = { type: 'stop' } | { type: 'same'; name: string; base64: string; encoding: string | null };

type FromCeiling = { type: 'listening'; port: number; bytes: number } | { type: 'same'; name: string };

export class Ceiling {
  readonly #child = new Child<FromCeiling>('ceiling-worker.ts', 512);
  #listening: Promise<{ port: number; bytes: number }> | null = null;

  /** The child's port and the 5 KB body's size, once it listens. */
  listening(): Promise<{ port: number; bytes: number }> {
    this.#listening ??= this.#child.next().then((m) => {
      if (m.type !== 'listening') throw new Error(`ceiling: expected listening, got ${m.type}`);
      return { port: m.port, bytes: m.bytes };
    });
    return this.#listening;
  }

  /**
   * Serves `bytes` (with `encoding` as its Content-Encoding) at `/same/<name>`; resolves with that
   * path once the child has it.
   */
  async same(name: string, bytes: Buffer, encoding: string | null): Promise<string> {
    await this.listening();
    const message: CeilingMessage = { type: 'same', name, base64: bytes.toString('base64'), encoding };
    this.#child.send(message);
    const reply = await this.#child.next();
    if (reply.type !== 'same' || reply.name !== name) throw new Error(`ceiling: no answer for ${name}`);
    return `/same/${encodeURIComponent(name)}`;
  }

  /**
   * The URL of a bare route sending the answer at `path` of the server on `port` as Node's fetch is
   * sent it (FETCH_ENCODINGS): the floor a request of that kind is set against.
   */
  async floor(name: string, port: number, path: string): Promise<string> {
    const answer = await rawAnswer(port, path, FETCH_ENCODINGS);
    const route = await this.same(name, answer.bytes, answer.encoding);
    return `http://127.0.0.1:${(await this.listening()).port}${route}`;
  }

  async stop(): Promise<void> {
    try {
      this.#child.send({ type: 'stop' } satisfies CeilingMessage);
      await this.#child.exited;
    } finally {
      this.#child.kill();
    }
  }
}

/** What Node's fetch asks for over plain HTTP (it asks for brotli only over HTTPS): a floor's bytes are fetched so. */
const FETCH_ENCODINGS = { 'accept-encoding': 'gzip, deflate' };

/**
 * One answer's bytes as the server sent them (not decompressed) and its Content-Encoding.
 * @example await rawAnswer(3000, '/api/job-search-filter-data?q=seo', { 'accept-encoding': 'br' })
 */
export function rawAnswer(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ bytes: Buffer; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode}`));
        else resolve({ bytes: Buffer.concat(parts), encoding: res.headers['content-encoding'] ?? null });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
