import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ApiInstance } from '../app-types.js';
import type { LiveIndex } from '../../runtime/live-index.js';
import type { Metrics } from '../metrics.js';
import { ApiError } from '../errors.js';
import { isDraining } from '../drain.js';

export interface HealthOptions {
  /** See runtime/health.ts: how long failing refreshes still count as ready (`degraded`). */
  maxStalenessMs: number;
  /** OPERATOR_TOKEN: the bearer token of the operator's views; null: loopback requests only. */
  operatorToken: string | null;
  /** Checks that the store is still the one opened, before each /readyz answer. */
  checkStore?: () => void;
}

/**
 * Operations endpoints. `/healthz`: liveness (200 while the process answers). `/readyz`: whether
 * to send traffic here — 503 `loading` before the first index, 200 `ready`, 200 `degraded` (with
 * the reason) while refreshes fail but the index was confirmed current within `maxStalenessMs`,
 * 503 `stale` after that, 503 `store_lost` once the store's file was removed or replaced (see
 * runtime/health.ts), 503 `shutting_down` once a shutdown began (see drain.ts). `/metrics`: Prometheus.
 *
 * Only the operator sees the detail (documents, cursor, the reason, which may name the store) and
 * the metrics; anyone else gets `/readyz` as `{status: ready | not_ready}` with the same status
 * code (all a load balancer needs) and a 403 for `/metrics`.
 */
export function registerHealth(app: ApiInstance, live: LiveIndex, metrics: Metrics, options: HealthOptions): void {
  const hide = { schema: { hide: true } };
  const { maxStalenessMs } = options;
  const checkStore = options.checkStore ?? (() => undefined);
  const isOperator = operatorCheck(options.operatorToken);
  metrics.watchHealth(live, maxStalenessMs);

  // The pid tells the worker processes of `serve --workers N` apart.
  app.get('/healthz', hide, async () => ({ status: 'ok', pid: process.pid }));

  app.get('/readyz', hide, async (request, reply) => {
    checkStore();
    const now = Date.now();
    const snapshot = live.current;
    const health = live.health.report(now, snapshot !== null, maxStalenessMs);
    const shuttingDown = isDraining(app.server);
    const ready = snapshot !== null && health.status !== 'stale' && health.status !== 'store_lost' && !shuttingDown;
    void reply.header('cache-control', 'no-store');
    if (!isOperator(request)) return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready' });
    if (shuttingDown) return reply.status(503).send({ status: 'shutting_down' });
    const freshness = {
      last_refresh_at: health.lastSuccess === null ? null : new Date(health.lastSuccess).toISOString(),
      index_age_seconds:
        health.lastSuccess === null ? null : Math.max(0, Math.round((now - health.lastSuccess) / 1000)),
      refresh_failures: health.failures,
      ...(health.reason === undefined ? {} : { reason: health.reason }),
    };
    if (!snapshot) return reply.status(503).send({ status: health.status, ...freshness });
    return reply.status(ready ? 200 : 503).send({
      status: health.status,
      documents: snapshot.index.size,
      cursor: snapshot.cursor,
      built_at: new Date(snapshot.builtAt).toISOString(),
      ...freshness,
    });
  });

  app.get('/metrics', hide, async (request, reply) => {
    if (!isOperator(request)) {
      throw new ApiError(
        'forbidden',
        options.operatorToken === null
          ? 'the metrics are for the operator: ask from this machine, or set OPERATOR_TOKEN and send it as a bearer token'
          : 'the metrics are for the operator: send Authorization: Bearer <OPERATOR_TOKEN>',
      );
    }
    const snapshot = live.current;
    if (snapshot) metrics.indexDocuments.set(snapshot.index.size);
    void reply.header('content-type', metrics.registry.contentType);
    void reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

/** Headers a proxy adds: a request that carries one came from elsewhere, whatever its TCP peer. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Whether a request is the operator's. With a token: it bears that token (`Authorization:
 * Bearer`, compared in constant time). Without: it comes from a loopback address straight, not
 * through a proxy on the same machine.
 */
export function operatorCheck(token: string | null): (request: FastifyRequest) => boolean {
  if (token !== null) {
    const expected = createHash('sha256').update(`Bearer ${token}`).digest();
    return (request) => {
      const given = request.headers.authorization;
      if (typeof given !== 'string') return false;
      return timingSafeEqual(createHash('sha256').update(given.trim()).digest(), expected);
    };
  }
  return (request) => {
    if (FORWARDED.some((name) => request.headers[name] !== undefined)) return false;
    const peer = request.socket.remoteAddress ?? '';
    return peer === '::1' || /^(::ffff:)?127\./.test(peer);
  };
}
