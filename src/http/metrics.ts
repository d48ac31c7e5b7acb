import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one process, on a registry of its own (tests build many apps). */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  readonly indexDocuments = new Gauge({
    name: 'search_index_documents',
    help: 'Live postings in the current search index',
    registers: [this.registry],
  });
  readonly indexBuildSeconds = new Gauge({
    name: 'search_index_build_seconds',
    help: 'Time to load and build the current search index',
    registers: [this.registry],
  });
  readonly indexRebuilds = new Counter({
    name: 'search_index_rebuilds_total',
    help: 'Index rebuilds since start',
    registers: [this.registry],
  });

  constructor(options: { defaults?: boolean } = {}) {
    if (options.defaults) collectDefaultMetrics({ register: this.registry });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }
}
