import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

/** Encodings the service answers in, preferred first when a client accepts several equally. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Bodies smaller than this go uncompressed (a header and a frame would eat the gain). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Bodies of this many bytes or more are compressed in libuv's thread pool, not on the request
 * thread: a change-feed page (about 0.6 MB) took 35–45 ms to compress, during which no other
 * request was answered. Smaller answers are compressed at once (a thread hop costs more than
 * compressing 25 KB).
 */
export const COMPRESS_OFF_THREAD_FROM = 128 * 1024;

/** Brotli's quality 4: about a quarter of a 25 KB answer in 0.25 ms; 11 would take 20× longer. */
export const BROTLI_QUALITY = 4;

/**
 * The encoding to answer in for an `Accept-Encoding` header, or null for none (identity): `*` and
 * `x-gzip` stand for gzip.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value === '') return null;
  const known = NEGOTIATED.get(value);
  if (known !== undefined) return known;
  const chosen = negotiate(value.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : null;
  if (NEGOTIATED.size >= MAX_NEGOTIATED) NEGOTIATED.clear();
  NEGOTIATED.set(value, encoding);
  return encoding;
}

/**
 * Headers already negotiated: browsers send a handful of distinct `Accept-Encoding` values, and
 * every cached answer asks. Emptied when full, so a client sending endless variants costs nothing.
 */
const NEGOTIATED = new Map<string, Encoding | null>();
const MAX_NEGOTIATED = 64;

/**
 * The body compressed at once, on this thread (an API answer is at most a few hundred KB). Brotli's
 * window is sized to the body (2^10 to 2^24 bytes): a window larger than the input compresses no
 * better, and the default one (4 MB) is memory the encoder takes for every answer.
 */
export function compressBody(body: Buffer | string, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body);
  return zlib.brotliCompressSync(body, brotliOptions(body));
}

/** The same bytes as compressBody, made in libuv's thread pool. */
export function compressBodyOffThread(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer): void => {
      if (error === null) resolve(result);
      else reject(error);
    };
    if (encoding === 'gzip') zlib.gzip(body, done);
    else zlib.brotliCompress(body, brotliOptions(body), done);
  });
}

function brotliOptions(body: Buffer | string): zlib.BrotliOptions {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const window = Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1))));
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.constants.BROTLI_PARAM_LGWIN]: window,
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The encoding its answer goes out in (null: none), once negotiated. */
    answerEncoding?: Encoding | null;
    /** Who keeps the request's 200 answer (the API's response cache), handed its bytes before they are compressed. */
    answerKeeper?: AnswerKeeper;
  }
}

/** A route's keeper of its answers: given each 200 answer's bytes, as sent uncompressed. */
export interface AnswerKeeper {
  keep(request: FastifyRequest, body: Buffer): void;
}

/** Media types worth compressing (text, JSON, JavaScript, XML, SVG); images and fonts are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/iu;

/**
 * The one place answers are compressed, for every route (the root's onSend hook, build-app.ts): a
 * 200 answer of a route that keeps its answers goes to its keeper first, as bytes; then a body of
 * COMPRESS_THRESHOLD bytes or more, or a stream (a file), in a compressible media type goes out in
 * the encoding the client accepts. A body is compressed at once on this thread (compressBody): a
 * compression stream costs about 1 ms and 60 KB of garbage per answer, a synchronous pass over a
 * 25 KB body 0.25 ms; from COMPRESS_OFF_THREAD_FROM bytes in the thread pool (a promise of the
 * compressed body). An answer already encoded (from the response cache, a precompressed file)
 * passes through. Every answer says that it varies with `Accept-Encoding`.
 */
export function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  let body = payload;
  if (typeof payload === 'string' && request.answerKeeper !== undefined && reply.statusCode === 200) {
    const kept = Buffer.from(payload);
    request.answerKeeper.keep(request, kept);
    body = kept;
  }
  const vary = reply.getHeader('vary');
  if (vary === undefined) void reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) void reply.header('vary', `${String(vary)}, accept-encoding`);
  if (reply.hasHeader('content-encoding')) return body;
  const bytes = typeof body === 'string' || Buffer.isBuffer(body) ? body : null;
  const stream = bytes === null && isReadable(body) ? body : null;
  if (bytes === null ? stream === null : bytes.length < COMPRESS_THRESHOLD) return body;
  const encoding =
    request.answerEncoding === undefined
      ? acceptedEncoding(request.headers['accept-encoding'])
      : request.answerEncoding;
  if (encoding === null || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return body;
  void reply.header('content-encoding', encoding);
  if (bytes !== null) {
    return bytes.length >= COMPRESS_OFF_THREAD_FROM
      ? compressBodyOffThread(bytes, encoding)
      : compressBody(bytes, encoding);
  }
  reply.removeHeader('content-length');
  return stream!.pipe(compressStream(encoding));
}

function isReadable(payload: unknown): payload is Readable {
  return payload instanceof Readable || (typeof payload === 'object' && payload !== null && 'pipe' in payload);
}

/** A file's bytes compressed as they are read, with the settings of compressBody (a window of 2^22 bytes). */
function compressStream(encoding: Encoding): zlib.Gzip | zlib.BrotliCompress {
  if (encoding === 'gzip') return zlib.createGzip();
  return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
}
