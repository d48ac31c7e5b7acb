import type { ApiInstance } from '../app-types.js';
import type { LiveIndex } from '../../runtime/live-index.js';
import type { Metrics } from '../metrics.js';

/**
 * Operations endpoints. `/healthz`: liveness (200 while the process answers). `/readyz`: whether
 * to send traffic here — 503 `loading` before the first index, 200 `ready`, 200 `degraded` (with
 * the reason) while refreshes fail but the index was confirmed current within `maxStalenessMs`,
 * 503 `stale` after that (see runtime/health.ts). `/metrics`: Prometheus.
 */
export function registerHealth(app: ApiInstance, live: LiveIndex, metrics: Metrics, maxStalenessMs: number): void {
  const hide = { schema: { hide: true } };
  metrics.watchHealth(live, maxStalenessMs);

  // The pid tells the worker processes of `serve --workers N` apart.
  app.get('/healthz', hide, async () => ({ status: 'ok', pid: process.pid }));

  app.get('/readyz', hide, async (_request, reply) => {
    const now = Date.now();
    const snapshot = live.current;
    const health = live.health.report(now, snapshot !== null, maxStalenessMs);
    const freshness = {
      last_refresh_at: health.lastSuccess === null ? null : new Date(health.lastSuccess).toISOString(),
      index_age_seconds:
        health.lastSuccess === null ? null : Math.max(0, Math.round((now - health.lastSuccess) / 1000)),
      refresh_failures: health.failures,
      ...(health.reason === undefined ? {} : { reason: health.reason }),
    };
    if (!snapshot) return reply.status(503).send({ status: 'loading', ...freshness });
    return reply.status(health.status === 'stale' ? 503 : 200).send({
      status: health.status,
      documents: snapshot.index.size,
      cursor: snapshot.cursor,
      built_at: new Date(snapshot.builtAt).toISOString(),
      ...freshness,
    });
  });

  app.get('/metrics', hide, async (_request, reply) => {
    const snapshot = live.current;
    if (snapshot) metrics.indexDocuments.set(snapshot.index.size);
    void reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
