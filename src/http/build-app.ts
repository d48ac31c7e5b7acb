import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import zlib from 'node:zlib';
import type { Config } from '../config.js';
import type { LiveIndex } from '../runtime/live-index.js';
import { registerDocs } from './docs.js';
import { clientErrorResponse, registerErrorHandling } from './error-handling.js';
import type { Duplex } from 'node:stream';
import { registerApiHooks } from './api-hooks.js';
import { registerHealth } from './routes/health.js';
import { registerFilterData } from './routes/filter-data.js';
import { registerResultsCount } from './routes/results-count.js';
import { registerResultsList } from './routes/results-list.js';
import { registerAutosuggest } from './routes/autosuggest.js';
import { Metrics } from './metrics.js';
import { registerRateLimit } from './rate-limit.js';
import type { JobStore } from '../store/job-store.js';
import { registerJobDetail } from './routes/job-detail.js';
import { registerWebPage } from './web-page.js';

export type ApiInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export type AppConfig = Pick<Config, 'newWithinDays' | 'salaryBuckets' | 'corsOrigin' | 'cacheMaxAgeSeconds'> &
  Partial<Pick<Config, 'rateLimitPerMinute' | 'trustProxy'>>;

export interface AppDeps {
  live: LiveIndex;
  config: AppConfig;
  /** A pino logger, or false to log nothing (tests). */
  logger?: FastifyBaseLogger | false;
  metrics?: Metrics;
  /** Clock for `is_new` (tests pin it). */
  now?: () => number;
  /** The store, for the one-posting endpoint (absent: every board_id is a 404). */
  store?: JobStore;
  /** Folder of the built search page served at `/` (see web-page.ts); absent: no page. */
  webRoot?: string;
}

export const API_PREFIX = '/jobs/api';

/** The whole HTTP surface as one Fastify instance; the process wrapper only listens. */
export async function buildApp(deps: AppDeps): Promise<ApiInstance> {
  const options = {
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024,
    return503OnClosing: true,
    trustProxy: deps.config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler: (err: NodeJS.ErrnoException, socket: Duplex) => {
      if (socket.writable) socket.end(clientErrorResponse(err.code));
      else socket.destroy(err);
    },
  };
  const app = (
    deps.logger ? Fastify({ ...options, loggerInstance: deps.logger }) : Fastify({ ...options, logger: false })
  ).withTypeProvider<TypeBoxTypeProvider>();

  const metrics = deps.metrics ?? new Metrics();
  registerErrorHandling(app);
  await registerRateLimit(app, deps.config.rateLimitPerMinute ?? 0);
  registerApiHooks(app, deps, metrics);
  await app.register(cors, corsOptions(deps.config.corsOrigin));
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await registerDocs(app);
  registerHealth(app, deps.live, metrics);
  registerFilterData(app, deps);
  registerResultsCount(app, deps);
  registerResultsList(app, deps);
  registerAutosuggest(app, deps);
  registerJobDetail(app, deps);
  // The search page at / (issue 9): its own plugin, outside the API's hooks.
  if (deps.webRoot !== undefined) await registerWebPage(app, deps.webRoot);
  return app;
}

function corsOptions(origin: string) {
  if (origin === '') return { origin: false };
  if (origin === '*') return { origin: '*', methods: ['GET', 'HEAD'] };
  return { origin: origin.split(',').map((o) => o.trim()), methods: ['GET', 'HEAD'] };
}
