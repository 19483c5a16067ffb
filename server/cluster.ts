import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { AggregatorRegistry } from './lib/metrics';

/**
 * How many server processes `npm start` runs. PostgreSQL: WORKERS, by default one per core,
 * so the second core works too (issue 18). PGlite owns its folder and serves one process.
 */
export function workerCount(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  if (!databaseUrl) return 1;
  if (env.WORKERS === undefined || env.WORKERS === '') return availableParallelism();
  const count = Number(env.WORKERS);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new Error(`WORKERS must be a whole number from 1 to 256, not "${env.WORKERS}"`);
  }
  return count;
}

/**
 * PostgreSQL connections per process when DATABASE_POOL_SIZE is not set: about ten in all,
 * never fewer than four a process. A query's work is CPU on the database's cores, and more
 * connections than a few per core only queue there instead of in the pool, with more
 * processes to switch between: on two cores, 5 a worker against 20 served as many or more
 * statement pages (two workers: 5 of 6 paired rounds, median +20 %) with a third to a half of
 * the p99, and the heaviest user's p99 at 100-150 ms instead of 700-870 (issue 18,
 * docs/decisions.md). 1 worker 10, 2 workers 5 each, 3 or more 4 each.
 */
export function defaultPoolSize(workers: number): number {
  return Math.max(4, Math.floor(10 / workers));
}

/**
 * The primary process of a cluster: forks the workers (each a whole server: app, pool, jobs,
 * its own session cache), replaces one that dies, and on SIGTERM or SIGINT asks each to stop
 * (they finish the requests in flight, server/main.ts) and exits when all have. SIGHUP
 * restarts the workers one at a time (a rolling restart: new code, new settings), so the
 * port never goes unserved and no request in flight is dropped.
 */
export function runPrimary(
  count: number,
  log: (message: string) => void,
  { shutdownMs }: { shutdownMs: number },
): void {
  let stopping = false;
  answerMetrics();
  const recentDeaths: number[] = [];
  // Workers a rolling restart is starting or stopping: their exits are its business.
  const managed = new Set<Worker>();
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (managed.delete(worker)) return;
    log(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    // A worker that dies at start would be replaced forever: give up after 10 in a minute.
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    if (recentDeaths.length > 10) {
      log('workers keep ending; stopping');
      process.exit(1);
    }
    fork();
  });

  // A worker has its own bound for its requests (server/main.ts); this one is for a worker
  // that does not even manage that.
  const hardBoundMs = shutdownMs + 5_000;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = liveWorkers();
    log(`${signal}: stopping ${workers.length} workers`);
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, hardBoundMs).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  let restarting = false;
  process.on('SIGHUP', () => {
    if (stopping || restarting) return log('SIGHUP: a restart or stop is under way already');
    restarting = true;
    void rollingRestart({ managed, log, hardBoundMs, stopping: () => stopping }).finally(() => {
      restarting = false;
    });
  });
}

const liveWorkers = () =>
  Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));

/**
 * Each worker in turn: a new one is started and listening before the old one is asked to
 * stop, and the old one finishes its requests in flight before it exits (the primary no
 * longer hands it connections once it stops listening). A new worker that ends before it
 * listens (a bad release) stops the restart there, the old workers still serving.
 */
async function rollingRestart(context: {
  managed: Set<Worker>;
  log: (message: string) => void;
  hardBoundMs: number;
  stopping: () => boolean;
}): Promise<void> {
  const { managed, log, hardBoundMs } = context;
  const old = liveWorkers();
  log(`SIGHUP: restarting ${old.length} workers one at a time`);
  for (const worker of old) {
    if (context.stopping()) return;
    const fresh = cluster.fork();
    managed.add(fresh);
    if (!(await listening(fresh))) {
      return log('a new worker ended before it listened: the restart stops, the others serve on');
    }
    managed.delete(fresh);
    managed.add(worker);
    log(`worker ${fresh.process.pid} listening; stopping worker ${worker.process.pid}`);
    await ended(worker, hardBoundMs);
  }
  log('rolling restart done');
}

/** Whether the worker came to listen (true) or ended first (false). */
function listening(worker: Worker): Promise<boolean> {
  return new Promise((resolve) => {
    worker.once('listening', () => resolve(true));
    worker.once('exit', () => resolve(false));
  });
}

/** Asks a worker to stop, and ends it if it has not within the bound. */
function ended(worker: Worker, boundMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), boundMs);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

/**
 * A worker asked for /metrics: the primary gathers every worker's registry (prom-client's
 * aggregation over the cluster's messages) and answers the one that asked.
 */
function answerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: { type?: string; id?: string }) => {
    if (message?.type !== 'atrium:metrics-request') return;
    void aggregator
      .clusterMetrics()
      .then((text) => worker.send({ type: 'atrium:metrics', id: message.id, text }))
      .catch(() => worker.send({ type: 'atrium:metrics', id: message.id, text: '' }));
  });
}
