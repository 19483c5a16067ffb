import cluster from 'node:cluster';
import { join } from 'node:path';
import { buildApp } from './app';
import { trackConnections } from './lib/connections';
import { defaultPoolSize, runPrimary, workerCount } from './cluster';
import { loadConfig, type ServerConfig } from './config';
import { DataDirInUseError, lockDataDir } from './lib/data-dir-lock';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { serveBackups } from './db/backup-socket';
import { checkSessionKey, oneAtATime, SecretMismatchError } from './db/startup';
import { listen } from './db/notifications';
import { isEmpty, seedDemo } from './db/seed';
import { pruneRateLimits } from './domain/rate-limit';
import { listenerName, SessionCache, sessionChannel } from './domain/session-cache';
import { openStorage, type FileStorage } from './domain/storage';
import { translate } from './i18n';
import { startLive } from './live/start';
import { startMailSync } from './domain/mail/jobs';
import { startWorkflowJobs } from './domain/workflow/jobs';

/**
 * `npm start`: migrate, seed the demo data on first run, serve API + front end. With
 * PostgreSQL, WORKERS processes (default: one per core) serve the same port (node:cluster);
 * the primary prepares the database first, so workers never migrate at the same time.
 */
const config = loadConfig();
const workers = workerCount(process.env, config.databaseUrl);

if (cluster.isPrimary && workers > 1) {
  const database = await openDatabase({ url: config.databaseUrl! });
  await prepare(database, openStorage(config.storageUrl, config.dataDir));
  await database.close();
  runPrimary(workers, (message) => console.info(message), { shutdownMs: config.shutdownMs });
} else {
  await serve(config);
}

async function prepare(database: DatabaseHandle, storage: FileStorage): Promise<void> {
  // Machines starting together on one PostgreSQL migrate and seed once (server/db/startup.ts).
  await oneAtATime(database, async () => {
    await migrateToLatest(database.db);
    if (await isEmpty(database.db)) {
      console.info('empty database: loading the demo data set');
      // SEED_SCALE multiplies merchants and months of the first seed (benchmarks, big demos).
      await seedDemo(database.db, storage, {
        scale: Number(process.env.SEED_SCALE ?? 1),
        ...(config.businessDate ? { today: config.businessDate } : {}),
      });
    }
    await checkSessionKey(database, config.jwtSecret, config.jwtSecretGenerated).catch(exitOn);
  });
}

/** A machine that would refuse the others' sessions stops, saying what to set. */
function exitOn(error: unknown): never {
  if (!(error instanceof SecretMismatchError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** One whole server: the only process (PGlite, or WORKERS=1) or a worker of the cluster. */
async function serve(config: ServerConfig): Promise<void> {
  const dataDirLock = config.databaseUrl ? null : lockOrExit(config.dataDir);
  const database = await openDatabase({
    ...(config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize ?? defaultPoolSize(workers) }
      : {}),
    dataDir: join(config.dataDir, 'pgdata'),
  });
  const storage = openStorage(config.storageUrl, config.dataDir);
  // A cluster's primary prepared the database before it forked; a worker asks again (under
  // the same lock, a moment's work when nothing is left to do), so a worker started by a
  // rolling restart with a newer release runs that release's migrations, once.
  await prepare(database, storage);

  // Checked sessions are kept briefly in each process; the database announces changes made
  // elsewhere (migration 0019), and a revocation answers once every process has heard it
  // (SessionCache.settle), so a logout is refused at once by every worker.
  const sessionCache = new SessionCache();
  const sessionEvents = await listen(database, sessionChannel, {
    onMessage: (payload) => sessionCache.onEvent(payload, database.db),
    onListening: (listening) => sessionCache.setListening(listening),
    applicationName: listenerName,
  });
  // Live streams: events and session changes from every process (docs/live.md).
  const live = await startLive(database, config);
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    sessionCache,
    live: live.hub,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  // Ended rate-limit windows are useless rows; a minute's worth at most is kept.
  const prune = setInterval(
    () => void pruneRateLimits(database.db).catch((error) => app.log.error(error)),
    60_000,
  );
  prune.unref();
  // `npm run backup` asks the process that holds the embedded database (server/db/backup.ts).
  const backups = database.pglite
    ? await serveBackups(config.dataDir, database.pglite, app.log)
    : null;
  // Timers, due reminders and urging: every process polls the jobs table (SKIP LOCKED).
  const workflowJobs = startWorkflowJobs(database.db, app.log, { timeZone: config.timeZone });
  // Mail sync: each account's job in the same table, taken under a lease (server/domain/mail/jobs.ts).
  const mailSync = startMailSync(database.db, storage, config.mail, app.log, (error) =>
    translate('zh-CN', error.key, error.params),
  );

  // app.close() stops accepting and waits for the requests in flight, so a stop (or a
  // cluster's rolling one) drops no answer; a connection goes once it has none in flight. A request that outlasts
  // SHUTDOWN_SECONDS (a stuck call, a stream) has its connection closed, so a stop ends.
  const connections = trackConnections(app.server);
  let stopping = false;
  async function shutdown(signal: string) {
    // Ctrl-C reaches a cluster's workers and its primary, which then also sends SIGTERM.
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    clearInterval(prune);
    const bound = setTimeout(() => {
      app.log.warn(`requests still open after ${config.shutdownMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownMs);
    bound.unref();
    await workflowJobs.stop();
    await mailSync.stop();
    // Open pages' streams end first (they reconnect elsewhere): they would hold app.close()
    // until SHUTDOWN_SECONDS as requests in flight.
    live.hub.endAll();
    connections.closeWhenQuiet();
    await app.close();
    clearTimeout(bound);
    await backups?.close();
    await live.stop();
    await sessionEvents?.close();
    await database.close();
    dataDirLock?.release();
    process.exit(0);
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // SIGHUP is the cluster primary's (a rolling restart); one sent to the whole process group
  // must not end a worker, nor a lone server, on the spot (its default).
  process.on('SIGHUP', () => {
    if (cluster.isPrimary) app.log.warn('SIGHUP: a rolling restart needs WORKERS > 1 (PostgreSQL)');
  });

  await app.listen({ port: config.port, host: config.host });
  const where = cluster.isWorker ? `, worker ${process.pid}` : '';
  app.log.info(`Atrium on http://localhost:${config.port}/fvue/ (${database.kind}${where})`);
}

/** The embedded database serves one process: a second one on the folder stops here. */
function lockOrExit(folder: string) {
  try {
    return lockDataDir(folder);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
