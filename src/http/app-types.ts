/**
 * The types every part of the HTTP layer shares (the Fastify instance, the app's dependencies and
 * configuration) and the API's path prefix, apart from build-app.ts, which imports those parts.
 */
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { LiveIndex } from '../runtime/live-index.js';
import type { JobStore } from '../store/job-store.js';
import type { FeedPages } from './feed-thread.js';
import type { Metrics } from './metrics.js';

export type ApiInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export type AppConfig = Pick<Config, 'newWithinDays' | 'salaryBuckets' | 'corsOrigin' | 'cacheMaxAgeSeconds'> &
  Partial<
    Pick<
      Config,
      | 'rateLimitPerMinute'
      | 'trustProxy'
      | 'operatorToken'
      | 'responseCacheBytes'
      | 'requestTimeoutMs'
      | 'headersTimeoutMs'
      | 'keepAliveTimeoutMs'
      | 'sendTimeoutMs'
      | 'maxConnectionsPerClient'
      | 'maxEventLoopDelayMs'
      | 'maxHeapUsedPercent'
      | 'readyMaxStalenessMs'
    >
  >;

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
  /**
   * Where the change feed's pages are read and serialised off the request thread (feed-thread.ts;
   * absent: on the request thread, from `store`).
   */
  feedThread?: FeedPages;
  /** Checks that the store is still the one opened (its file not removed or replaced), before each /readyz answer. */
  checkStore?: () => void;
  /** Folder of the built search page served at `/` (see web-page.ts); absent: no page. */
  webRoot?: string;
}

export const API_PREFIX = '/jobs/api';
