import type { ApiInstance } from '../build-app.js';
import type { LiveIndex } from '../../runtime/live-index.js';
import type { Metrics } from '../metrics.js';

export function registerHealth(app: ApiInstance, live: LiveIndex, metrics: Metrics): void {
  const hide = { schema: { hide: true } };

  // The pid tells the worker processes of `serve --workers N` apart.
  app.get('/healthz', hide, async () => ({ status: 'ok', pid: process.pid }));

  app.get('/readyz', hide, async (_request, reply) => {
    const snapshot = live.current;
    if (!snapshot) return reply.status(503).send({ status: 'loading' });
    return {
      status: 'ready',
      documents: snapshot.index.size,
      cursor: snapshot.cursor,
      built_at: new Date(snapshot.builtAt).toISOString(),
    };
  });

  app.get('/metrics', hide, async (_request, reply) => {
    const snapshot = live.current;
    if (snapshot) metrics.indexDocuments.set(snapshot.index.size);
    void reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
