/**
 * A merchant's statement page at scale: `npx tsx bench/finance-query.ts [--pg [--keep]]
 * [--scale N] [--requests N]`.
 *
 * Seeds a fresh database (PGlite in a temporary folder, or with --pg a new PostgreSQL
 * database next to DATABASE_URL, dropped afterwards; with --keep atrium_bench_finance_s{scale},
 * seeded once and reused, to drop by hand) at a scale with at least a million
 * statement rows, starts the real server on a local port, and times SZHY10001's joint-operation
 * statement list (statement.lyfyjsd, default window, page 1 of 50) three ways, interleaved so
 * all see the same conditions:
 * - HTTP: a real request over a keep-alive socket, sent from a worker thread (a client with
 *   its own event loop, as a browser would be) by a lean client (httpClient);
 * - inject: the same request through Fastify's app.inject (routing, session check,
 *   validation, scope, the queries, mapping, JSON; no socket);
 * - raw: the very SQL that request ran (captured from it), executed directly with pg as named
 *   statements from a plain pool (on PGlite, with Kysely): the page, and the count where one
 *   runs, together. The reference of issue 18's target (the page within 2x raw SQL);
 * - layer: the same SQL through our own data layer, Kysely over the server's pool, whose
 *   named statements are described once (server/db/described-read.ts), not on every call;
 * - floor: the same request with an unknown query name, answered 400 right after the session
 *   check: what every signed-in request costs before any finance code runs;
 * - bare: the same answer's JSON from memory, by a Fastify app with no hooks and no schema,
 *   over real HTTP with the same client: what any request to a Node server costs here (two
 *   thread wake-ups and an HTTP round trip), which raw SQL does not pay;
 * - bare + SQL: that app running the raw SQL (plain pg) before it answers: the least any server on
 *   Fastify and pg could take for this page, with no session, headers, validation or
 *   mapping.
 * Finally it prints the query plans.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { demoPasswords } from '../server/db/seed/people';
import { listen } from '../server/db/notifications';
import { SessionCache, sessionChannel } from '../server/domain/session-cache';
import { localStorage } from '../server/domain/storage';
import { freshDatabase, type FreshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean' },
    scale: { type: 'string' },
    requests: { type: 'string', default: '1000' },
    keep: { type: 'boolean' },
  },
});
/** Scale 14 is the smallest with a million statement rows (about 4,800 × scale²). */
const scale = Number(values.scale ?? 14);
const requests = Number(values.requests);

/** Records the queries of one request, so the raw run executes exactly the same SQL. */
function captureQueries() {
  const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
  let on = false;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (on) seen.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return {
    plugin,
    async during(action: () => Promise<unknown>, db: Db): Promise<CompiledQuery[]> {
      on = true;
      await action();
      on = false;
      return seen.map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId));
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * (sorted.length - 1)))]!;

function monthsAround(offset: number): string {
  const now = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const index = Number(now.slice(0, 4)) * 12 + Number(now.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function statementRows(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from advance_notices) + (select count(*) from joint_fee_notices)
      + (select count(*) from lease_fee_notices) + (select count(*) from settlement_statements)
      as n`.execute(db);
  return Number(rows[0]!.n);
}

async function main() {
  const fresh = await freshDatabase({
    name: `finance_s${scale}`,
    pg: values.pg,
    keep: values.pg && values.keep,
  });
  const { handle } = fresh;
  try {
    const seedStart = Date.now();
    if (!fresh.reused) {
      await migrateToLatest(handle.db);
      await seedDemo(handle.db, localStorage(join(fresh.dataDir, 'files')), { scale });
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;
    const rowCount = await statementRows(handle.db);
    console.info(
      `${fresh.kind}: scale ${scale} seeded in ${seedSeconds.toFixed(0)} s, ${rowCount.toLocaleString('en-US')} statement rows`,
    );
    if (rowCount < 1_000_000) console.warn('fewer than 1,000,000 statement rows at this scale');
    // As server/main.ts runs it: checked sessions kept briefly, revocations heard (issue 18).
    const sessionCache = new SessionCache();
    const sessionEvents = await listen(handle, sessionChannel, {
      onMessage: (payload) => sessionCache.onEvent(payload),
      onListening: (listening) => sessionCache.setListening(listening),
    });
    try {
      await measure(handle.db, fresh, rowCount, seedSeconds, sessionCache);
    } finally {
      await sessionEvents.close();
    }
  } finally {
    await fresh.close();
  }
}

async function measure(
  db: Db,
  fresh: FreshDatabase,
  rowCount: number,
  seedSeconds: number,
  sessionCache: SessionCache,
) {
  const capture = captureQueries();
  const config = loadConfig({
    DATA_DIR: fresh.dataDir,
    JWT_SECRET: `bench-${process.pid}-${Date.now()}`,
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(fresh.dataDir, 'no-static'),
  });
  const storage = localStorage(join(fresh.dataDir, 'files'));
  const app = await buildApp(
    { config, db: db.withPlugin(capture.plugin), storage, sessionCache },
    { logger: false },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${base}/uc/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'SZHY10001', password: demoPasswords.merchant }),
    });
    const { token } = (await login.json()) as { token: string };
    const descriptor = {
      query: 'statement.lyfyjsd',
      filters: { startMonth: monthsAround(-2), endMonth: monthsAround(1) },
      page: { page: 1, pageSize: 50 },
    };
    const path = `/bpm-runtime/bpm/${config.product}Script/executeSql?param=${encodeURIComponent(Buffer.from(JSON.stringify(descriptor)).toString('base64'))}`;
    const headers = { authorization: `Bearer ${token}` };
    const client = httpClient(`${base}${path}`, headers);
    const viaInject = async () => {
      const response = await app.inject({ method: 'GET', url: path, headers });
      return response.json<{ total: number; result: unknown[] }>();
    };
    const unknownQuery = Buffer.from(JSON.stringify({ query: 'no.such.query' })).toString('base64');
    const floor = () =>
      app.inject({
        method: 'GET',
        url: `/bpm-runtime/bpm/${config.product}Script/executeSql?param=${encodeURIComponent(unknownQuery)}`,
        headers,
      });
    // Captured on the first request: later ones reuse the compiled text of its shape
    // (server/db/query-shapes.ts) and build no query a plugin would see.
    const queries = (await capture.during(viaInject, db)).filter((query) =>
      query.sql.includes('"joint_fee_notices"'),
    );
    if (queries.length < 1) throw new Error('the statement request ran no statement query');
    for (let i = 0; i < 200; i++) await Promise.all([client.request(), viaInject()]);
    const answer = await viaInject();
    const viaLayer = () => Promise.all(queries.map((query) => db.executeQuery(query)));
    const plain = fresh.handle.url
      ? new pg.Pool({ connectionString: fresh.handle.url, max: 2 })
      : null;
    const direct = plain
      ? () =>
          Promise.all(
            queries.map((query, index) =>
              plain.query({ name: `raw_${index}`, text: query.sql, values: [...query.parameters] }),
            ),
          )
      : viaLayer;
    for (let i = 0; i < 200; i++) await Promise.all([direct(), viaLayer()]);
    const bare = Fastify();
    bare.get('/memory', () => answer);
    bare.get('/sql', async () => {
      await direct();
      return answer;
    });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareClient = httpClient(`${bareBase}/memory`, {});
    const bareSqlClient = httpClient(`${bareBase}/sql`, {});
    for (let i = 0; i < 200; i++)
      await Promise.all([bareClient.request(), bareSqlClient.request()]);

    const series = {
      http: [] as number[],
      inject: [] as number[],
      raw: [] as number[],
      layer: [] as number[],
      floor: [] as number[],
      bare: [] as number[],
      bareSql: [] as number[],
    };
    for (let i = 0; i < requests; i++) {
      series.http.push(await client.request());
      let start = performance.now();
      await viaInject();
      series.inject.push(performance.now() - start);
      start = performance.now();
      await direct();
      series.raw.push(performance.now() - start);
      start = performance.now();
      await viaLayer();
      series.layer.push(performance.now() - start);
      start = performance.now();
      await floor();
      series.floor.push(performance.now() - start);
      series.bare.push(await bareClient.request());
      series.bareSql.push(await bareSqlClient.request());
    }
    await client.close();
    await bareClient.close();
    await bareSqlClient.close();
    await bare.close();
    await plain?.end();
    report({
      fresh,
      rowCount,
      seedSeconds,
      series,
      total: answer.total,
      rows: answer.result.length,
    });
    await explain(db, queries);
  } finally {
    await app.close();
  }
}

/**
 * A keep-alive HTTP/1.1 client on its own thread, as lean as a load generator's: it writes the
 * request's bytes and reads the answer up to its Content-Length; each request answers its
 * latency as the client saw it, timed on that thread. Node's fetch spent about 0.4 ms of its
 * own per request here (1.18-1.25 ms against 0.79-0.83 ms for the same answers), client work
 * that no server change can touch and that a browser does not do the same way.
 */
function httpClient(url: string, headers: Record<string, string>) {
  const { hostname, port, pathname, search } = new URL(url);
  const head = Object.entries({
    host: `${hostname}:${port}`,
    accept: 'application/json',
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const socket = require('node:net').connect(workerData.port, workerData.host);
    socket.setNoDelay(true);
    socket.on('error', (error) => { throw error; });
    let buffered = Buffer.alloc(0);
    let started = 0;
    socket.on('data', (chunk) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const headEnd = buffered.indexOf('\\r\\n\\r\\n');
      if (headEnd < 0) return;
      const head = buffered.subarray(0, headEnd).toString('latin1');
      const length = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
      if (!length) throw new Error('an answer without Content-Length: ' + head);
      const end = headEnd + 4 + Number(length[1]);
      if (buffered.length < end) return;
      if (!head.startsWith('HTTP/1.1 200 ')) throw new Error(head.split('\\r\\n')[0]);
      buffered = buffered.subarray(end);
      parentPort.postMessage(performance.now() - started);
    });
    parentPort.on('message', () => {
      started = performance.now();
      socket.write(workerData.request);
    });`,
    {
      eval: true,
      workerData: {
        host: hostname,
        port: Number(port),
        request: `GET ${pathname}${search} HTTP/1.1\r\n${head}\r\n`,
      },
    },
  );
  let pending: { resolve(ms: number): void; reject(error: Error): void } | null = null;
  worker.on('message', (ms: number) => pending?.resolve(ms));
  worker.on('error', (error) => pending?.reject(error));
  return {
    request: () =>
      new Promise<number>((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(null);
      }),
    close: () => worker.terminate(),
  };
}

function report(figures: {
  fresh: FreshDatabase;
  rowCount: number;
  seedSeconds: number;
  series: {
    http: number[];
    inject: number[];
    raw: number[];
    layer: number[];
    floor: number[];
    bare: number[];
    bareSql: number[];
  };
  total: number;
  rows: number;
}) {
  const sorted = Object.fromEntries(
    Object.entries(figures.series).map(([name, times]) => [name, [...times].sort((a, b) => a - b)]),
  ) as typeof figures.series;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const raw50 = percentile(sorted.raw, 50);
  console.info(
    `\nSZHY10001, statement.lyfyjsd, default window, page 1 of 50 (${figures.rows} rows of ${figures.total}), ${sorted.raw.length} requests each\n`,
  );
  const table = [['path', 'p50', 'p95', 'p50 / raw p50']];
  // On PGlite raw SQL already runs through Kysely, our data layer: one row says it.
  const onPostgres = figures.fresh.kind === 'PostgreSQL';
  for (const [name, label] of [
    ['http', 'API, real HTTP'],
    ['inject', 'API, app.inject'],
    ['raw', onPostgres ? 'same SQL, plain pg (named)' : 'same SQL via Kysely'],
    ...(onPostgres ? [['layer', 'same SQL, our data layer'] as const] : []),
    ['floor', 'session check only (400)'],
    ['bare', 'bare Fastify, from memory'],
    ['bareSql', 'bare Fastify + same SQL'],
  ] as const) {
    const times = sorted[name];
    table.push([
      label,
      ms(percentile(times, 50)),
      ms(percentile(times, 95)),
      `${(percentile(times, 50) / raw50).toFixed(2)}×`,
    ]);
  }
  console.info(
    `${figures.fresh.kind}, scale ${scale}, ${figures.rowCount.toLocaleString('en-US')} statement rows, seeded in ${figures.seedSeconds.toFixed(0)} s`,
  );
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table) console.info(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

async function explain(db: Db, queries: CompiledQuery[]) {
  for (const query of queries) {
    const plan = await db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]),
    );
    console.info(`\n${query.sql.slice(0, 90).replace(/\s+/g, ' ')}...`);
    for (const row of plan.rows) console.info(`  ${Object.values(row)[0]}`);
  }
}

await main();
