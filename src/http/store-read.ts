import type { FastifyBaseLogger } from 'fastify';
import { isConnectionLoss } from '../store/connection-loss.js';
import type { JobStore } from '../store/job-store.js';
import { ApiError } from './errors.js';

/** Stores that could not be reached at their last read: an outage is logged when it starts and when it ends. */
const down = new WeakSet<JobStore>();

/**
 * A read of the store on behalf of a request. A store that cannot be reached (PostgreSQL down,
 * the connection lost) is a 503 `store_unavailable` with Retry-After, logged once per outage
 * rather than a 500 with a stack per request; any other failure stays a 500.
 */
export async function readStore<T>(store: JobStore, log: FastifyBaseLogger, read: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await read();
  } catch (error) {
    if (!isConnectionLoss(error)) throw error;
    if (!down.has(store)) {
      down.add(store);
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'the store cannot be reached: reads answer 503',
      );
    }
    throw new ApiError('store_unavailable', 'the store cannot be reached; try again shortly');
  }
  if (down.delete(store)) log.info('the store answers again');
  return result;
}
