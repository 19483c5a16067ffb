import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { localStorage } from '../../server/domain/storage';
import { businessToday } from '../../server/lib/time';

/**
 * Migrating and seeding takes seconds; every test file needs the same seeded database. It is
 * built once per run: a dumped PGlite data folder, and a PostgreSQL template database when
 * DATABASE_URL is set. Each test file then starts from a copy (the files folder included).
 */
export interface ServerTemplate {
  /**
   * The business day the demo data was made for, fixed once per run: a test that compares
   * with the seeded months reads it here, never the clock, so a run that passes midnight in
   * Shanghai (16:00 UTC) or a month's end still agrees with its data.
   */
  today: string;
  dir: string;
  pgliteDump: string;
  files: string;
  postgresTemplate: string;
}

export async function buildTemplate(): Promise<ServerTemplate> {
  const today = businessToday(process.env.TIME_ZONE ?? 'Asia/Shanghai');
  const dir = mkdtempSync(join(tmpdir(), 'atrium-template-'));
  const files = join(dir, 'files');
  mkdirSync(files);
  const pglite = await openDatabase({});
  await migrateToLatest(pglite.db);
  await seedDemo(pglite.db, localStorage(files), { scale: 1, today });
  const dump = await pglite.pglite!.dumpDataDir('none');
  const pgliteDump = join(dir, 'pglite.tar');
  writeFileSync(pgliteDump, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

  let postgresTemplate = '';
  if (process.env.DATABASE_URL) {
    postgresTemplate = `atrium_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${postgresTemplate} with (force)`);
    await admin.query(`create database ${postgresTemplate}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${postgresTemplate}`;
    const database = await openDatabase({ url: url.toString() });
    await migrateToLatest(database.db);
    // The same seed writes the same files: one files folder serves both databases.
    await seedDemo(database.db, localStorage(join(dir, 'files-postgres')), { scale: 1, today });
    await database.close();
  }
  return { today, dir, pgliteDump, files, postgresTemplate };
}

export async function dropTemplate(template: ServerTemplate): Promise<void> {
  if (!template.postgresTemplate) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${template.postgresTemplate} with (force)`);
  await admin.end();
}
