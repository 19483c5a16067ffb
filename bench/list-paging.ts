/**
 * Every finance list for every kind of reader, at scale: `npx tsx bench/list-paging.ts
 * [--url postgres://…/db | --pglite DIR] [--requests N] [--lists a,b] [--users a,b]`.
 *
 * Runs against a database already seeded at scale (seeding a million statement rows takes
 * minutes, so it is done once: `DATABASE_URL=… npm run seed -- --scale 14`, or for PGlite
 * `DATA_DIR=DIR npm run seed -- --scale 14` and `--pglite DIR/pgdata`). It migrates it (so
 * the indexes of the code under test exist), starts the real server on a local port and,
 * through HTTP from a worker thread (a client with its own event loop, as a browser), times
 * for each list with the element's default filters, and for admin (sees everything), acct01
 * (an accountant) and SZHY10001 (a merchant):
 * - page 1 of 50 as the element asks for it (count: estimate; an older server counts exactly);
 * - page 2,000 as the element reaches it by scrolling: after the cursor of page 1,999
 *   (keyset), or by offset where the server has no cursors; a list shorter than 2,000
 *   pages is timed at its last page instead (marked "last");
 * - page 2,000 by offset (a jump with the scroll bar);
 * - the exact count the element asks for once per filter in the background.
 * By default with no filter at all (every row the reader may see: the heaviest case, as in
 * issue 11's table); `--window default` uses the element's default window instead.
 * p50 and p95 over N requests each (default 40). Pages past the end are still timed: the
 * answer is empty but the work to find that out is the same.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { demoPasswords } from '../server/db/seed/people';
import { localStorage } from '../server/domain/storage';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pglite: { type: 'string' },
    requests: { type: 'string', default: '40' },
    lists: { type: 'string' },
    users: { type: 'string' },
    window: { type: 'string', default: 'none' },
  },
});
const requests = Number(values.requests);

function monthsAround(offset: number): string {
  const now = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const index = Number(now.slice(0, 4)) * 12 + Number(now.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function dayAround(months: number): string {
  const date = new Date();
  date.setMonth(date.getMonth() + months);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(date);
}

/** The filters each element starts with (src/core/dates.ts windows). */
const statementFilters = { startMonth: monthsAround(-2), endMonth: monthsAround(1) };
export const benchLists: Record<string, Record<string, string>> = {
  'statement.lyfyjsd': statementFilters,
  'statement.yjfytzd': statementFilters,
  'statement.zlfymxd': statementFilters,
  'statement.fkqkd': statementFilters,
  'sales.monthly': { startDate: dayAround(-1), endDate: dayAround(0) },
  'contract.list': { startMonth: monthsAround(-12), endMonth: monthsAround(0) },
  'overdue.list': {},
};

const users = {
  admin: demoPasswords.admin,
  acct01: demoPasswords.staff,
  SZHY10001: demoPasswords.merchant,
} as Record<string, string>;

const pageSize = 50;
const deepPage = 2000;

/** A fetch client on its own thread; each request answers its latency and its JSON body. */
function httpClient() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    parentPort.on('message', async ({ url, headers }) => {
      const start = performance.now();
      const response = await fetch(url, { headers });
      const text = await response.text();
      parentPort.postMessage({ ms: performance.now() - start, status: response.status, text });
    });`,
    { eval: true },
  );
  let pending: ((value: { ms: number; status: number; text: string }) => void) | null = null;
  worker.on('message', (value) => pending?.(value));
  return {
    get: (url: string, headers: Record<string, string>) =>
      new Promise<{ ms: number; body: Record<string, unknown> }>((resolve, reject) => {
        pending = ({ ms, status, text }) =>
          status === 200
            ? resolve({ ms, body: JSON.parse(text) as Record<string, unknown> })
            : reject(new Error(`HTTP ${status}: ${text.slice(0, 300)}`));
        worker.postMessage({ url, headers });
      }),
    close: () => worker.terminate(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * (sorted.length - 1)))]!;
const p50p95 = (series: number[]) => {
  const sorted = [...series].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)}`;
};

async function main() {
  const url = values.url ?? process.env.DATABASE_URL;
  const handle = await openDatabase(
    url ? { url } : { dataDir: values.pglite ?? join(process.cwd(), 'data', 'pgdata') },
  );
  await migrateToLatest(handle.db);
  const config = loadConfig({
    DATA_DIR: '/tmp/atrium-list-bench',
    JWT_SECRET: `bench-${process.pid}`,
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/tmp/atrium-list-bench/no-static',
  });
  const app = await buildApp(
    { config, db: handle.db, storage: localStorage('/tmp/atrium-list-bench/files') },
    { logger: false },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = httpClient();
  const listNames = values.lists?.split(',') ?? Object.keys(benchLists);
  const userNames = values.users?.split(',') ?? Object.keys(users);
  console.info(`${url ? 'PostgreSQL' : 'PGlite'}; ${requests} requests per figure; ms p50 / p95`);
  console.info(
    '| list | who | rows | page 1 | page 2,000 scrolled | page 2,000 by offset | exact count |',
  );
  console.info('|---|---|---|---|---|---|---|');
  try {
    for (const user of userNames) {
      const login = await fetch(`${base}/uc/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user, password: users[user] }),
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const ask = (descriptor: object) =>
        client.get(
          `${base}/bpm-runtime/bpm/${config.product}Script/executeSql?param=${encodeURIComponent(
            Buffer.from(JSON.stringify(descriptor)).toString('base64'),
          )}`,
          headers,
        );
      // The floor: a request refused (400, unknown query) right after the session check,
      // what every signed-in call costs before any list code runs, under the same load.
      const floor: number[] = [];
      for (let i = 0; i < requests; i++) {
        const start = performance.now();
        await ask({ query: 'no.such.query' }).catch(() => undefined);
        floor.push(performance.now() - start);
      }
      console.info(`| (floor: session check, 400) | ${user} | | ${p50p95(floor)} | | | |`);
      for (const list of listNames) {
        // No window is the heaviest case (the issue's table): every row the reader may see.
        const filters = values.window === 'default' ? benchLists[list]! : {};
        const page = (n: number) => ({ page: n, pageSize });
        const first = { query: list, filters, page: page(1), count: 'estimate' };
        // An older server refuses the count key: then it is the plain request it had.
        const modern = await ask(first).then(
          () => true,
          () => false,
        );
        const firstPage = modern ? first : { query: list, filters, page: page(1) };
        const exact = { query: list, filters, page: page(1), count: 'exact' };
        const total = Number((await ask(modern ? exact : firstPage)).body.total);
        // Scrolled: page 2,000, or the last page of a shorter list, after the cursor of the
        // page before it (as the element reaches it).
        const target = Math.max(1, Math.min(deepPage, Math.ceil(total / pageSize)));
        const before =
          modern && target > 1
            ? await ask({ query: list, filters, page: page(target - 1), count: 'none' })
            : null;
        const cursor = before?.body.next as string | undefined;
        const scrolled = cursor
          ? { query: list, filters, page: page(target), count: 'none', after: cursor }
          : { query: list, filters, page: page(deepPage), ...(modern ? { count: 'none' } : {}) };
        const jump = {
          query: list,
          filters,
          page: page(deepPage),
          ...(modern ? { count: 'none' } : {}),
        };
        const series = {
          first: [] as number[],
          scrolled: [] as number[],
          jump: [] as number[],
          exact: [] as number[],
        };
        for (let i = 0; i < 5; i++) await ask(firstPage);
        for (let i = 0; i < requests; i++) {
          series.first.push((await ask(firstPage)).ms);
          series.scrolled.push((await ask(scrolled)).ms);
          series.jump.push((await ask(jump)).ms);
          if (modern) series.exact.push((await ask(exact)).ms);
        }
        console.info(
          `| ${list} | ${user} | ${total.toLocaleString('en-US')} | ${p50p95(series.first)} | ${p50p95(series.scrolled)}${cursor ? (target < deepPage ? ` (last, ${target})` : '') : ' (offset)'} | ${p50p95(series.jump)} | ${modern ? p50p95(series.exact) : 'in page 1'} |`,
        );
      }
    }
  } finally {
    await client.close();
    await app.close();
    await handle.close();
  }
}

await main();
