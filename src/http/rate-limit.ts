import rateLimit from '@fastify/rate-limit';
import type { ApiInstance } from './app-types.js';
import { ApiError } from './errors.js';

/**
 * Per-client-address limit, registered inside the API plugin so it covers the API only (health,
 * readiness, metrics and docs are outside it). A client over the limit gets 429 with
 * `Retry-After`, in the one JSON error shape. Requests while the server is not ready are not counted.
 */
export async function registerRateLimit(
  app: ApiInstance,
  perMinute: number,
  isReady: () => boolean = () => true,
): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    // While the index loads every request is a 503 `not_ready` with Retry-After: a client that
    // retries as told must not spend its quota on them.
    allowList: () => !isReady(),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        'too_many_requests',
        `more than ${context.max} requests a minute; retry in ${Math.ceil(context.ttl / 1000)} s`,
      ),
  });
}
