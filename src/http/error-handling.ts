import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiInstance } from './app-types.js';
import {
  ApiError,
  BAD_PERCENT_ENCODING,
  errorBody,
  fromValidation,
  RETRY_AFTER_SECONDS,
  type ErrorCode,
} from './errors.js';
import { notFoundPage, wantsPage } from './not-found-page.js';

/** Paths served, for telling 405 (known path, other method) from 404. */
const ALLOWED_METHODS = 'GET, HEAD';

/** Fastify's own 4xx errors mapped to our catalogue. */
const FASTIFY_CODES: Record<number, ErrorCode> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  429: 'too_many_requests',
  431: 'headers_too_large',
  503: 'overloaded',
};

export function registerErrorHandling(app: ApiInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const duration = Math.round(reply.elapsedTime);
    const apiError = toApiError(error);
    // Only a real failure is logged as an error: shedding load (503 overloaded, not_ready) is a
    // state, not a fault, and would otherwise write one stack per refused request.
    if (apiError.code === 'internal') request.log.error({ err: error }, 'request failed');
    else if (apiError.statusCode >= 500) request.log.debug({ code: apiError.code }, 'request refused');
    if (apiError.code === 'method_not_allowed') void reply.header('allow', ALLOWED_METHODS);
    const retryAfter = RETRY_AFTER_SECONDS[apiError.code];
    if (retryAfter !== undefined && !reply.hasHeader('retry-after'))
      void reply.header('retry-after', String(retryAfter));
    return reply.status(apiError.statusCode).send(errorBody(apiError, duration));
  });

  app.setNotFoundHandler((request, reply) => {
    const duration = Math.round(reply.elapsedTime);
    const path = request.url.split('?')[0] ?? '';
    // hasRoute reads its url as a route pattern: `*`, `:` and `(` in a client's path would be
    // pattern syntax (and `/*x` throws), so such a path is simply not a known one.
    const known = !/[*:(]/.test(path) && app.hasRoute({ method: 'GET', url: path });
    if (known && request.method !== 'GET' && request.method !== 'HEAD') {
      void reply.header('allow', ALLOWED_METHODS);
      const error = new ApiError('method_not_allowed', `${request.method} is not allowed here; use GET or HEAD`);
      return reply.status(405).send(errorBody(error, duration));
    }
    if (wantsPage(path, request.headers.accept)) {
      const page = notFoundPage(request.headers['accept-language']);
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-language', page.lang)
        .send(page.html);
    }
    const error = new ApiError('not_found', `no endpoint at ${truncate(path, 200)}`);
    return reply.status(404).send(errorBody(error, duration));
  });
}

/**
 * The CORS header an error answered outside the routes' hooks still needs, so that a page on
 * another origin can read it: CORS_ORIGIN `*`, or the request's origin when it is listed.
 */
function corsHeaders(corsOrigin: string, origin: string | undefined): Record<string, string> {
  if (corsOrigin === '*') return { 'access-control-allow-origin': '*' };
  if (corsOrigin === '' || origin === undefined) return {};
  const allowed = corsOrigin.split(',').map((o) => o.trim());
  return allowed.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
}

/**
 * Fastify's router errors, answered before any route or hook: a path whose percent-encoding is
 * not UTF-8 (`/jobs/api/jobs/%FF`) and a path parameter past its length (`board_id` over 200
 * characters), in the API's error shape, with `no-store` and CORS.
 */
export function frameworkErrorHandler(corsOrigin: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const apiError =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError('uri_too_long', 'a part of the path is longer than 200 characters')
        : error.code === 'FST_ERR_BAD_URL'
          ? new ApiError('invalid_url', BAD_PERCENT_ENCODING)
          : new ApiError('internal', 'internal error');
    if (apiError.code === 'internal') request.log.error({ err: error }, 'request failed');
    void reply
      .status(apiError.statusCode)
      .headers({ ...corsHeaders(corsOrigin, request.headers.origin), 'cache-control': 'no-store' })
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(errorBody(apiError, Math.round(reply.elapsedTime))));
  };
}

/**
 * Answers, in the one error shape, what Node's HTTP server would otherwise answer with an empty
 * body or a closed socket: an `Expect` other than 100-continue (417) and `CONNECT` (405: this is
 * no proxy).
 */
export function answerProtocolRequests(server: Server): void {
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(
      errorBody(new ApiError('expectation_failed', 'only "Expect: 100-continue" is understood'), 0),
    );
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined);
    socket.end(
      rawErrorResponse(
        405,
        'Method Not Allowed',
        'method_not_allowed',
        'CONNECT is not allowed; use GET or HEAD',
        'Allow: GET, HEAD\r\n',
      ),
    );
  });
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return fromValidation(error.validation);
  const status = error.statusCode ?? 500;
  const code = FASTIFY_CODES[status];
  if (code) return new ApiError(code, error.message);
  if (status >= 400 && status < 500) return new ApiError('invalid_parameter', 'the request is malformed');
  return new ApiError('internal', 'internal error');
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Raw answers of the HTTP parser's errors, by Node's error code. */
const CLIENT_ERRORS: Record<string, readonly [number, string, ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'headers_too_large',
    'request headers (or URL) too large',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'request_timeout',
    'the request (headers or body) did not arrive in time',
  ],
  HPE_HEADERS_TIMEOUT: [408, 'Request Timeout', 'request_timeout', 'the request headers did not arrive in time'],
  HPE_INVALID_URL: [
    400,
    'Bad Request',
    'invalid_url',
    'the URL holds characters that must be percent-encoded (spaces, non-ASCII letters such as ü: send q=m%C3%BCn, not q=mün; with curl use -G --data-urlencode "q=mün")',
  ],
};
const MALFORMED = [400, 'Bad Request', 'invalid_parameter', 'malformed HTTP request'] as const;

/** A JSON answer for errors that happen before Fastify sees a request (oversized headers, bad HTTP, timeouts). */
export function clientErrorResponse(code: string | undefined): string {
  const [status, reason, apiCode, message] = (code === undefined ? undefined : CLIENT_ERRORS[code]) ?? MALFORMED;
  return rawErrorResponse(status, reason, apiCode, message);
}

/** A whole HTTP/1.1 error answer written straight to a socket, in the one JSON error shape; closes the connection. */
export function rawErrorResponse(
  status: number,
  reason: string,
  code: ErrorCode,
  message: string,
  headers = '',
): string {
  const body = JSON.stringify({ success: false, error: { code, message }, duration_ms: 0 });
  return (
    `HTTP/1.1 ${status} ${reason}\r\n${headers}Cache-Control: no-store\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
