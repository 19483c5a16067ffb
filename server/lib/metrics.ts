import cluster from 'node:cluster';
import client from 'prom-client';

/**
 * The server's metrics in Prometheus's text format (GET /metrics, docs/operations.md): the
 * process's own (CPU, memory, event loop lag), requests by route and status with their
 * durations, sign-ins and lockouts, mail sync failures; the database pool and the job queues
 * are read when scraped. One registry a process; a cluster's primary adds its workers' up.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'atrium_' });

export const httpRequests = new client.Counter({
  name: 'atrium_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'atrium_http_request_duration_seconds',
  help: 'Time to answer, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const signIns = new client.Counter({
  name: 'atrium_sign_ins_total',
  help: 'Sign-in attempts by outcome: ok, refused (wrong credentials), locked (too many)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const mailSyncFailures = new client.Counter({
  name: 'atrium_mail_sync_failures_total',
  help: 'Mail account syncs that failed',
  registers: [registry],
});

/** What the scrape-time gauges read: this process's database pool and job queues. */
export interface Observed {
  pool: () => Record<string, number>;
  jobs: () => Promise<Record<string, number>>;
}

let observed: Observed | null = null;

/** The app being served tells the gauges what to read (tests build several: the last one). */
export function observe(sources: Observed): void {
  observed = sources;
}

new client.Gauge({
  name: 'atrium_db_pool_connections',
  help: 'PostgreSQL connections of this process by state: total, idle, and waiting requests',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [state, count] of Object.entries(observed?.pool() ?? {})) this.set({ state }, count);
  },
});

new client.Gauge({
  name: 'atrium_jobs',
  help: 'Workflow and mail jobs by state: pending (due or waiting) and failed (parked)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [key, count] of Object.entries((await observed?.jobs()) ?? {})) {
      const [queue = '', state = ''] = key.split(':');
      this.set({ queue, state }, count);
    }
  },
});

export const { AggregatorRegistry } = client;

// A cluster's primary asks each worker for this registry's metrics and adds them up.
if (cluster.isWorker) AggregatorRegistry.setRegistries([registry]);
