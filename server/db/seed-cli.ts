import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { lockDataDir } from '../lib/data-dir-lock';
import { localStorage } from '../domain/storage';
import { openDatabase, type Db } from './database';
import { migrateToLatest } from './migrate';
import { isEmpty, seedDemo } from './seed';
import { maxScale } from './seed/finance';

/**
 * `npm run seed -- [--scale N] [--reset]`: migrates the configured database (DATABASE_URL,
 * or PGlite under DATA_DIR) and loads the demo data at a scale (1 is the demo; larger ones
 * multiply merchants and statement months for benchmarks). --reset first drops every table
 * of the current schema and the stored files; without it a database that holds data is
 * left alone.
 */
const usage = 'usage: npm run seed -- [--scale N] [--reset]';

function options() {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1' }, reset: { type: 'boolean' } },
  });
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1 || scale > maxScale) {
    throw new Error(`--scale must be a whole number from 1 to ${maxScale}\n${usage}`);
  }
  return { scale, reset: values.reset ?? false };
}

async function wipe(db: Db, filesFolder: string): Promise<void> {
  const [schema] = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows;
  await sql`drop schema ${sql.id(schema!.name)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema!.name)}`.execute(db);
  await rm(filesFolder, { recursive: true, force: true });
}

async function statementRows(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from advance_notices) + (select count(*) from joint_fee_notices)
      + (select count(*) from lease_fee_notices) + (select count(*) from settlement_statements)
      as n`.execute(db);
  return Number(rows[0]!.n);
}

async function main() {
  const { scale, reset } = options();
  const config = loadConfig();
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  const database = await openDatabase({
    ...(config.databaseUrl ? { url: config.databaseUrl } : {}),
    dataDir: join(config.dataDir, 'pgdata'),
  });
  const filesFolder = join(config.dataDir, 'files');
  try {
    if (reset) await wipe(database.db, filesFolder);
    await migrateToLatest(database.db);
    if (!(await isEmpty(database.db))) {
      throw new Error(`the database already holds data; run with --reset to replace it\n${usage}`);
    }
    const started = Date.now();
    await seedDemo(database.db, localStorage(filesFolder), { scale });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const rows = await statementRows(database.db);
    console.info(
      `seeded scale ${scale} on ${database.kind} in ${seconds} s: ${rows.toLocaleString('en-US')} statement rows`,
    );
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
