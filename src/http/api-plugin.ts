import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEFAULT_MAX_HEAP_USED_PERCENT } from '../config.js';
import type { AppDeps } from './app-types.js';
import type { Metrics } from './metrics.js';
import { registerApiHooks } from './api-hooks.js';
import { registerRateLimit } from './rate-limit.js';
import { registerOverload } from './overload.js';
import { registerFilterData } from './routes/filter-data.js';
import { registerResultsCount } from './routes/results-count.js';
import { registerResultsList } from './routes/results-list.js';
import { registerAutosuggest } from './routes/autosuggest.js';
import { registerJobDetail } from './routes/job-detail.js';
import { registerJobChanges } from './routes/job-changes.js';

export interface ApiOptions {
  deps: AppDeps;
  metrics: Metrics;
}

/**
 * The search API as one encapsulated plugin: registered under its prefix
 * (`app.register(api, { prefix: '/jobs/api', ... })`), its routes are relative and its hooks (rate
 * limit, overload, validation order, conditional requests, response cache) apply to its routes
 * only, so nothing in here needs to know the prefix.
 */
export const api: FastifyPluginAsyncTypebox<ApiOptions> = async (app, { deps, metrics }) => {
  await registerRateLimit(app, deps.config.rateLimitPerMinute ?? 0, () => Boolean(deps.live.current));
  await registerOverload(
    app,
    deps.config.maxEventLoopDelayMs ?? 0,
    deps.config.maxHeapUsedPercent ?? DEFAULT_MAX_HEAP_USED_PERCENT,
  );
  registerApiHooks(app, deps, metrics);
  registerFilterData(app, deps);
  registerResultsCount(app, deps);
  registerResultsList(app, deps);
  registerAutosuggest(app, deps);
  registerJobDetail(app, deps);
  registerJobChanges(app, deps);
};
