/**
 * `npx tsx bench/print.ts [--records N] [--runs N]`: the batch dunning print at scale. Seeds
 * the demo data into a fresh data folder, adds N (default 1,000) dunning notices of one
 * brand, starts the real server on it, and times in Chromium:
 * - opening /fvue/print_shcjftzd_all (a signed print link for that brand's query) to
 *   `atrium-print-ready` (every notice laid out, fonts and seal loaded), and the longest
 *   main-thread task meanwhile (the page stays responsive while it lays out in slices);
 * - the batch read alone (POST printBatch) as the server answers it;
 * - page.pdf(): its page count (two notices a page) and how long it takes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { localStorage } from '../server/domain/storage';
import { startServer } from './server';

const { values } = parseArgs({
  options: { records: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' } },
});
const records = Number(values.records);
const runs = Number(values.runs);
const brand = '压测品牌';
const descriptor = { query: 'overdue.list', filters: { brand } };

/** The demo data plus `count` dunning notices of one brand, copied from the seeded ones. */
async function prepare(dataDir: string, count: number): Promise<void> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pgdata') });
  await migrateToLatest(database.db);
  await seedDemo(database.db, localStorage(join(dataDir, 'files')));
  await sql`
    insert into dunning_notices (id, contract_id, store_code, contract_no, merchant_code,
      merchant_name, brand, floor, cutoff_date, operating_arrears, operating_penalty,
      late_penalty, total, remark, recon_phone, bookkeeper_name, uploaded_at)
    select 'BENCH-' || lpad(g::text, 6, '0'), d.contract_id, d.store_code, d.contract_no,
      d.merchant_code, d.merchant_name, ${brand}, d.floor, d.cutoff_date - (g % 365),
      d.operating_arrears + g, d.operating_penalty, d.late_penalty,
      d.operating_arrears + g + d.operating_penalty + d.late_penalty, d.remark, d.recon_phone,
      d.bookkeeper_name, d.uploaded_at
    from generate_series(1, ${count}::int) g
    join (select *, row_number() over (order by id) as n from dunning_notices) d
      on d.n = 1 + g % (select count(*) from dunning_notices)`.execute(database.db);
  await sql`analyze dunning_notices`.execute(database.db);
  await database.close();
}

async function post<T>(url: string, token: string, body: object): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { value: T }).value;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-print-'));
const seedStarted = Date.now();
await prepare(dataDir, records);
console.info(
  `seeded the demo and ${records} notices in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
);
const server = await startServer(18_480, { DATA_DIR: dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const base = `${server.url}/bpm-runtime/bpm/atriumScript`;
  const login = await fetch(`${server.url}/uc/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Atrium#2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const link = await post<{ printToken: string }>(`${base}/printLink`, token, {
    kind: 'shcjftzd_all',
    descriptor,
  });

  const readTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const answer = await post<{ total: number }>(
      `${base}/printBatch/shcjftzd`,
      link.printToken,
      {},
    );
    readTimes.push(performance.now() - started);
    if (answer.total !== records)
      throw new Error(`expected ${records} notices, got ${answer.total}`);
  }

  const url = `${server.url}/fvue/print_shcjftzd_all?printToken=${link.printToken}`;
  const readyTimes: number[] = [];
  const longestTasks: number[] = [];
  let pdfFigures = { pages: 0, ms: 0, bytes: 0 };
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const state = window as unknown as { printReady?: number; longestTask: number };
      state.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          state.longestTask = Math.max(state.longestTask, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      document.addEventListener('atrium-print-ready', () => (state.printReady = performance.now()));
    });
    await page.goto(url);
    // performance.now() counts from the start of the navigation.
    await page.waitForFunction(() => (window as { printReady?: number }).printReady, null, {
      timeout: 120_000,
    });
    const figures = await page.evaluate(() => {
      const state = window as unknown as { printReady: number; longestTask: number };
      return { ready: state.printReady, longest: state.longestTask };
    });
    const sheets = await page.locator('atrium-print [data-record]').count();
    if (sheets !== records) throw new Error(`laid out ${sheets} notices, not ${records}`);
    readyTimes.push(figures.ready);
    longestTasks.push(figures.longest);
    if (run === runs - 1) {
      const started = performance.now();
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const elapsed = performance.now() - started;
      const file = join(dataDir, 'batch.pdf');
      writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', [file]).toString();
      pdfFigures = {
        pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
        ms: elapsed,
        bytes: pdf.length,
      };
    }
    await context.close();
  }

  console.info(
    `print_shcjftzd_all with ${records} dunning notices (${runs} runs; the first read marks them all viewed):`,
  );
  console.info(
    `  batch read (POST printBatch):  median ${ms(median(readTimes))}  [${readTimes.map(ms).join(', ')}]`,
  );
  console.info(
    `  open to print-ready:           median ${ms(median(readyTimes))}  [${readyTimes.map(ms).join(', ')}]  (target ≤ 3000 ms)`,
  );
  console.info(
    `  longest main-thread task:      median ${ms(median(longestTasks))}  [${longestTasks.map(ms).join(', ')}]`,
  );
  console.info(
    `  page.pdf(): ${pdfFigures.pages} pages (expected ${Math.ceil(records / 2)}), ${(pdfFigures.bytes / 1024 / 1024).toFixed(1)} MiB in ${ms(pdfFigures.ms)}`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
