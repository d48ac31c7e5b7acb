import Fastify, { LogController } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cors from '@fastify/cors';
import { registerDocs } from './docs.js';
import {
  answerProtocolRequests,
  clientErrorResponse,
  frameworkErrorHandler,
  registerErrorHandling,
} from './error-handling.js';
import { ApiError } from './errors.js';
import { isDraining } from './drain.js';
import type { Duplex } from 'node:stream';
import { registerHealth } from './routes/health.js';
import { Metrics } from './metrics.js';
import { api } from './api-plugin.js';
import { limitConnectionsPerClient } from './connection-limit.js';
import { registerWebPage } from './web-page.js';
import { compressAnswer } from './compression.js';
import { API_PREFIX, type ApiInstance, type AppDeps } from './app-types.js';

/** The whole HTTP surface as one Fastify instance; the process wrapper only listens. */
export async function buildApp(deps: AppDeps): Promise<ApiInstance> {
  const { config } = deps;
  const headersTimeout = config.headersTimeoutMs ?? 10_000;
  const options = {
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024,
    // A request that reaches the router while the server closes (its headers were still arriving)
    // is served, with `Connection: close`, rather than refused in Fastify's own 503 shape: the
    // index and the store stay open until the server is closed (see drain.ts).
    return503OnClosing: false,
    trustProxy: config.trustProxy ?? false,
    // Time bounds: a whole request within requestTimeout, its headers within headersTimeout
    // (both answered 408), an idle keep-alive connection closed after keepAliveTimeout. Node
    // checks the first two every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs ?? 30_000,
    keepAliveTimeout: config.keepAliveTimeoutMs ?? 72_000,
    // A connection that makes no progress this long (a client that never reads its answer) is
    // destroyed: Node's socket inactivity timeout, which Fastify sets from connectionTimeout.
    connectionTimeout: config.sendTimeoutMs ?? 90_000,
    http: {
      // A request without Host is refused by our own hook (in the API's error shape), not by Node's empty 400.
      requireHostHeader: false,
      headersTimeout,
      connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(headersTimeout / 4))),
    },
    // Each request is logged once, at debug (onResponse below), not twice at info.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(config.corsOrigin),
    clientErrorHandler: (err: NodeJS.ErrnoException, socket: Duplex) => {
      if (socket.writable) socket.end(clientErrorResponse(err.code));
      else socket.destroy(err);
    },
  };
  const app = (
    deps.logger ? Fastify({ ...options, loggerInstance: deps.logger }) : Fastify({ ...options, logger: false })
  ).withTypeProvider<TypeBoxTypeProvider>();
  limitConnectionsPerClient(app.server, config.maxConnectionsPerClient ?? 0);
  answerProtocolRequests(app.server);

  const metrics = deps.metrics ?? new Metrics();
  registerErrorHandling(app);
  registerRootHooks(app, metrics);
  await app.register(cors, corsOptions(config.corsOrigin));
  await registerDocs(app);
  registerHealth(app, deps.live, metrics, {
    maxStalenessMs: deps.config.readyMaxStalenessMs ?? 300_000,
    operatorToken: deps.config.operatorToken ?? null,
    ...(deps.checkStore ? { checkStore: deps.checkStore } : {}),
  });
  await app.register(api, { prefix: API_PREFIX, deps, metrics });
  // The search page at /: its own plugin, outside the API's hooks.
  if (deps.webRoot !== undefined) await registerWebPage(app, deps.webRoot);
  return app;
}

/**
 * Hooks of every route: errors are never cacheable, every answer is compressed in one place
 * (compression.ts), one metric and one debug log line per request. Callbacks, not async
 * functions: every answer passes them, and a promise each is measurable.
 */
function registerRootHooks(app: ApiInstance, metrics: Metrics): void {
  // HTTP/1.1 requires Host (RFC 9112, 3.2); HTTP/1.0 has none to give.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.host === undefined && request.raw.httpVersion !== '1.0') {
      done(new ApiError('invalid_parameter', 'Host: the header is missing (HTTP/1.1 requires it)', 'Host'));
    } else done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Shutting down: each answer ends its keep-alive connection (see drain.ts).
    if (isDraining(app.server)) void reply.header('connection', 'close');
    if (reply.statusCode >= 400) {
      reply.removeHeader('etag');
      void reply.header('cache-control', 'no-store');
    }
    const answer = compressAnswer(request, reply, payload);
    if (answer instanceof Promise) {
      answer.then(
        (body) => {
          done(null, body);
        },
        (error: unknown) => {
          done(error instanceof Error ? error : new Error(String(error)));
        },
      );
    } else done(null, answer);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    request.log.debug(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
}

function corsOptions(origin: string) {
  if (origin === '') return { origin: false };
  // Not strict: an OPTIONS without the preflight headers gets the same 204, not a plain-text 400.
  if (origin === '*') return { origin: '*', methods: ['GET', 'HEAD'], strictPreflight: false };
  return { origin: origin.split(',').map((o) => o.trim()), methods: ['GET', 'HEAD'], strictPreflight: false };
}
