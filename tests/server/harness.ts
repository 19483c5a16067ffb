import type { FastifyInstance } from 'fastify';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { localStorage } from '../../server/domain/storage';
import { runDueJobs } from '../../server/domain/workflow/jobs';
import { startLive } from '../../server/live/start';

/**
 * The real server on a real database: PGlite in memory always, and PostgreSQL as well when
 * DATABASE_URL is set (each test file gets a fresh database there, dropped afterwards).
 */
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Where a file's tests run (docs/testing.md, "One database or both"). PGlite is PostgreSQL
 * compiled to WebAssembly: the same SQL engine, behind another driver, one statement at a time.
 * `databaseKinds`: both, where that can change the outcome: races and locks, transactions
 * under concurrency, the job queue, notifications, the planner's estimates, the drivers.
 * `oneDatabase`: one, for what the engine decides alike on both (our SQL, scope, the workflow
 * engine's logic, validation, messages): PostgreSQL when there is one, where the same tests
 * take about a third of PGlite's time, else PGlite, which every machine has.
 */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
/**
 * The business day the seeded data was made for (template.ts), which every test server keeps
 * as its today (BUSINESS_DATE), whatever the clock says by the time a test runs.
 */
export const seededToday = (): string => inject('serverTemplate').today;

export const oneDatabase: DatabaseKind[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  kind: DatabaseKind;
  /** Where the server's local file storage keeps its objects. */
  filesDir: string;
  close(): Promise<void>;
}

/** CREATE DATABASE ... TEMPLATE refuses while another copy is being made: wait and retry. */
async function createFrom(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if (attempt >= 40 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A fresh copy of the seeded template database. */
export async function freshPostgres(
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `atrium_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await createFrom(admin, name, template);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const template = inject('serverTemplate');
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  cpSync(template.files, join(dataDir, 'files'), { recursive: true });
  const postgres = kind === 'postgres' ? await freshPostgres(template.postgresTemplate) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-for-atrium-tests-only',
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(dataDir, 'no-static'),
    // The seeded day stays the server's today, even past midnight in Shanghai.
    BUSINESS_DATE: template.today,
    ...env,
  });
  // Every file starts from the database seeded once for the run (tests/server/template.ts).
  const database = await openDatabase(
    postgres
      ? { url: postgres.url, poolSize: config.databasePoolSize }
      : { loadDataDir: new Blob([readFileSync(template.pgliteDump)]) },
  );
  const storage = localStorage(join(dataDir, 'files'));
  const poolStats = database.poolStats;
  const live = await startLive(database, config);
  const app = await buildApp(
    { config, db: database.db, storage, live: live.hub, ...(poolStats ? { poolStats } : {}) },
    { logger: false },
  );
  await app.ready();
  return {
    app,
    db: database.db,
    kind,
    filesDir: join(dataDir, 'files'),
    async close() {
      // The file's tests are over: every connection goes now. A socket a client opened and
      // never sent a request on (fetch after an aborted stream does) is not idle to Node, and
      // would hold app.close() until the headers timeout, 70 s.
      live.hub.endAll();
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await live.stop();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server for the tests of one describe block: started before its first test and
 * closed after its last. The object exists at once, so the block's helpers can hold it; its
 * fields are filled in when the server is up.
 */
export function withServer(kind: DatabaseKind, env: Record<string, string> = {}): TestServer {
  const server = { kind } as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(kind, env));
  });
  afterAll(async () => {
    // A server that never started (its start failed) has nothing to close.
    if (server.app) await server.close();
  });
  return server;
}

/** Signs in with a password and answers the token (fails the test on anything else). */
export async function login(
  app: FastifyInstance,
  account: string,
  password: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/uc/auth',
    payload: { username: account, password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${account} failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A data folder holding the run's seeded template, as a server leaves it: a server process
 * started on it migrates and seeds nothing.
 */
export async function seededDataFolder(folder: string): Promise<void> {
  const template = inject('serverTemplate');
  mkdirSync(folder, { recursive: true });
  const database = await openDatabase({
    dataDir: join(folder, 'pgdata'),
    loadDataDir: new Blob([new Uint8Array(readFileSync(template.pgliteDump))]),
  });
  // The template's workflow jobs fall due by the clock (reminders of its overdue tasks): run
  // them now, a week ahead, so that a server's poller writes nothing the test did not (the
  // backup test compares tables, and on a slow run the poller wrote them during its backup).
  while ((await runDueJobs(database.db, { now: new Date(Date.now() + 7 * 86_400_000) })) > 0);
  await database.close();
  cpSync(template.files, join(folder, 'files'), { recursive: true });
}
