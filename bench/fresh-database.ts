/**
 * A database of a benchmark's own: PGlite (in a temporary folder, or in memory), or with
 * `pg` a new PostgreSQL database next to DATABASE_URL, dropped when the benchmark closes it.
 * `keep` names a fixed PostgreSQL database instead, built once, reused and left in place (for
 * profiling). Every benchmark also gets a temporary folder (`dataDir`) for its files, removed
 * on close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Db } from '../server/db/database';

export interface FreshDatabase {
  /** 'PostgreSQL', 'PGlite' or 'PGlite (in memory)', for the printed figures. */
  kind: string;
  db: Db;
  handle: DatabaseHandle;
  /** A temporary folder of the benchmark's own (files, the PGlite data folder). */
  dataDir: string;
  /** A kept database that already existed (its data is there from an earlier run). */
  reused: boolean;
  /** Closes the database, drops it (unless kept) and removes the folder. */
  close(): Promise<void>;
}

export async function freshDatabase(options: {
  /** Part of the database and folder names: `atrium_bench_{name}_{pid}`. */
  name: string;
  pg?: boolean | undefined;
  /** PGlite in memory rather than in the temporary folder. */
  memory?: boolean | undefined;
  keep?: boolean | undefined;
  poolSize?: number | undefined;
}): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `atrium-bench-${options.name}-`));
  const removeFolder = () => rmSync(dataDir, { recursive: true, force: true });
  if (!options.pg) {
    const handle = await openDatabase(options.memory ? {} : { dataDir: join(dataDir, 'pgdata') });
    return {
      kind: options.memory ? 'PGlite (in memory)' : 'PGlite',
      db: handle.db,
      handle,
      dataDir,
      reused: false,
      async close() {
        await handle.close();
        removeFolder();
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = options.keep
    ? `atrium_bench_${options.name}`
    : `atrium_bench_${options.name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    url: url.toString(),
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
  });
  return {
    kind: 'PostgreSQL',
    db: handle.db,
    handle,
    dataDir,
    reused: exists.rowCount !== 0,
    async close() {
      await handle.close();
      removeFolder();
      if (options.keep) return;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
