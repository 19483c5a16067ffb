import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirInUseError, lockDataDir } from './lib/data-dir-lock';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isEmpty, seedDemo } from './db/seed';
import { pruneRateLimits } from './domain/rate-limit';
import { localStorage } from './domain/storage';
import { translate } from './i18n';
import { startMailSync } from './mail/jobs';
import { startWorkflowJobs } from './workflow/jobs';

/** `npm start`: migrate, seed the demo data on first run, serve API + front end. */
const config = loadConfig();
const dataDirLock = config.databaseUrl ? null : lockOrExit(config.dataDir);
const database = await openDatabase({
  ...(config.databaseUrl ? { url: config.databaseUrl } : {}),
  dataDir: join(config.dataDir, 'pgdata'),
});
const storage = localStorage(join(config.dataDir, 'files'));
await migrateToLatest(database.db);
if (await isEmpty(database.db)) {
  console.info('empty database: loading the demo data set');
  // SEED_SCALE multiplies merchants and months of the first seed (benchmarks, big demos).
  await seedDemo(database.db, storage, { scale: Number(process.env.SEED_SCALE ?? 1) });
}

const app = await buildApp({ config, db: database.db, storage });
// Ended rate-limit windows are useless rows; a minute's worth at most is kept.
const prune = setInterval(
  () => void pruneRateLimits(database.db).catch((error) => app.log.error(error)),
  60_000,
);
prune.unref();
// Timers, due reminders and urging: every process polls the jobs table (SKIP LOCKED).
const workflowJobs = startWorkflowJobs(database.db, app.log, { timeZone: config.timeZone });
// Mail sync: each account's job in the same table, taken under a lease (server/mail/jobs.ts).
const mailSync = startMailSync(database.db, storage, config.mail, app.log, (error) =>
  translate('zh-CN', error.key, error.params),
);

async function shutdown(signal: string) {
  app.log.info(`${signal}: shutting down`);
  clearInterval(prune);
  await workflowJobs.stop();
  await mailSync.stop();
  await app.close();
  await database.close();
  dataDirLock?.release();
  process.exit(0);
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
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Atrium on http://localhost:${config.port}/fvue/ (${database.kind})`);
