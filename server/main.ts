import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isEmpty, seedDemo } from './db/seed';
import { pruneRateLimits } from './domain/rate-limit';
import { localStorage } from './domain/storage';
import { startWorkflowJobs } from './workflow/jobs';

/** `npm start`: migrate, seed the demo data on first run, serve API + front end. */
const config = loadConfig();
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
const prune = setInterval(
  () => void pruneRateLimits(database.db).catch((error) => app.log.error(error)),
  600_000,
);
prune.unref();
// Timers, due reminders and urging: every process polls the jobs table (SKIP LOCKED).
const workflowJobs = startWorkflowJobs(database.db, app.log, { timeZone: config.timeZone });

async function shutdown(signal: string) {
  app.log.info(`${signal}: shutting down`);
  clearInterval(prune);
  await workflowJobs.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Atrium on http://localhost:${config.port}/fvue/ (${database.kind})`);
