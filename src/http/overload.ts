import underPressure from '@fastify/under-pressure';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { ApiInstance } from './app-types.js';
import { ApiError } from './errors.js';

/** Seconds a client is asked to wait when the process is overloaded. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** How often the event-loop delay is judged (ms). */
const SAMPLE_MS = 500;

/**
 * Sheds load before the process falls over (@fastify/under-pressure): while the used heap exceeds
 * `maxHeapUsedPercent` % of V8's limit (rather than risk running out of memory), or the event loop
 * is delayed by more than `maxEventLoopDelayMs` for most of the last half second, API requests get
 * 503 `overloaded` with `Retry-After` (health, readiness and metrics are outside the API plugin and
 * keep answering). Either limit at 0 is off.
 *
 * The delay is judged by its median, not its mean (under-pressure's own check): one long
 * synchronous stretch (an index build) is one late timer among many punctual ones and does not
 * count, whereas requests that keep the loop busy delay most timers.
 */
export async function registerOverload(
  app: ApiInstance,
  maxEventLoopDelayMs: number,
  maxHeapUsedPercent: number,
): Promise<void> {
  const delays = monitorEventLoopDelay({ resolution: 10 });
  delays.enable();
  app.addHook('onClose', async () => delays.disable());
  await app.register(underPressure, {
    // 0 turns the check off (under-pressure's own convention).
    maxHeapUsedBytes: Math.floor((getHeapStatistics().heap_size_limit * maxHeapUsedPercent) / 100),
    sampleInterval: SAMPLE_MS,
    healthCheckInterval: SAMPLE_MS,
    healthCheck: async () => {
      const medianMs = delays.count > 0 ? delays.percentile(50) / 1e6 : 0;
      delays.reset();
      return maxEventLoopDelayMs <= 0 || medianMs <= maxEventLoopDelayMs;
    },
    pressureHandler: (_request, reply, type) => {
      void reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
      const what = type === 'heapUsedBytes' ? 'memory is short' : 'the event loop is delayed';
      return Promise.reject(
        new ApiError('overloaded', `the service is overloaded (${what}); retry in ${OVERLOAD_RETRY_AFTER_SECONDS} s`),
      );
    },
  });
}
