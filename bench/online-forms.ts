/**
 * Online forms at size (issue 17): `npx tsx bench/online-forms.ts [--pg] [--records N]
 * [--import N] [--requests N]`.
 *
 * On a fresh database (bench/fresh-database.ts: PGlite in a temporary folder, or a new
 * PostgreSQL database with --pg), seeds the demo, adds N inspection records (default
 * 1,000,000 with --pg, 100,000 on PGlite) with one INSERT ... SELECT over generate_series on
 * the database side, then through HTTP on a local port (the real server, in this process):
 * - the inspection list filtered on an indexed field (store = S01: a quarter of the rows;
 *   result = fail: a quarter), with a date range too, and unfiltered, as the element asks:
 *   page 1 of 20 with count estimate, the exact count alone (the element's background
 *   call), and the last page (a deep offset) with count none, p50/p95 of --requests each;
 * - an import of an XLSX of M rows (default 10,000): the time to answer, and the process's
 *   peak RSS and heap above what it held before (sampled every 20 ms; the server is this
 *   process).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { userId } from '../server/db/seed/people';
import { localStorage } from '../server/domain/storage';
import { freshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    records: { type: 'string' },
    import: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '30' },
  },
});

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))]!;

async function main() {
  const target = await freshDatabase({ name: 'forms', pg: values.pg });
  const { handle } = target;
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, localStorage(join(target.dataDir, 'files')), { scale: 1 });
    const started = Date.now();
    const records = Number(values.records ?? (values.pg ? 1_000_000 : 100_000));
    await sql`
      insert into form_records (id, form_key, form_version, data, created_by, updated_by, created_at)
      select (4000000000000000000 + n)::text, 'inspection', 1,
        jsonb_build_object(
          'store', (array['S01','S02','S03','S04'])[1 + n % 4],
          'inspectedOn', to_char(date '2020-01-01' + (n % 2000), 'YYYY-MM-DD'),
          'area', '区域' || (n % 50),
          'result', (array['pass','pass','rectify','fail'])[1 + (n / 4) % 4],
          'score', (60 + n % 41)::text),
        ${userId(5)}, ${userId(5)}, timestamptz '2020-01-01' + n * interval '1 second'
      from generate_series(1, ${records}) as n`.execute(handle.db);
    // As autovacuum would have by then: statistics and the visibility map (index-only counts).
    await sql`vacuum analyze form_records`.execute(handle.db);
    console.info(
      `${target.kind}: ${records.toLocaleString('en-US')} inspection records in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    await measure(handle.db, target.dataDir);
  } finally {
    await target.close();
  }
}

async function measure(db: Parameters<typeof buildApp>[0]['db'], dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: `bench-${process.pid}`,
    LOG_LEVEL: 'error',
    STATIC_DIR: join(dataDir, 'no-static'),
    MAX_UPLOAD_MB: '50',
  });
  const app = await buildApp(
    { config, db, storage: localStorage(join(dataDir, 'files')) },
    { logger: { level: 'error' } },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${base}/uc/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'store01', password: 'Staff#2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    type Count = 'exact' | 'estimate' | 'none';
    const list = async (querys: object[], page: number, count: Count, pageSize = 20) => {
      const start = performance.now();
      const response = await fetch(`${base}/form/form/dataTemplate/v1/dataList_inspection`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ pageBean: { page, pageSize }, querys, count }),
      });
      const body = (await response.json()) as {
        total: number;
        rows: unknown[];
        estimated?: boolean;
      };
      if (response.status !== 200 || body.rows.length === 0)
        throw new Error(`list page ${page}: ${response.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, total: body.total, estimated: body.estimated };
    };
    /** p50 / p95 of `requests` calls after 3 warm-ups. */
    const timed = async (call: () => Promise<{ ms: number }>) => {
      for (let i = 0; i < 3; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < requests; i++) times.push((await call()).ms);
      return `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`;
    };
    const cases: [string, object[]][] = [
      ['store = S01 (indexed)', [{ property: 'store', value: 'S01', operation: 'EQUAL' }]],
      ['result = fail (indexed)', [{ property: 'result', value: 'fail', operation: 'EQUAL' }]],
      [
        'store = S01 and a date month (indexed)',
        [
          { property: 'store', value: 'S01', operation: 'EQUAL' },
          { property: 'inspectedOn', value: ['2021-03-01', '2021-03-31'], operation: 'BETWEEN' },
        ],
      ],
      ['no filter', []],
    ];
    const requests = Number(values.requests);
    // As atrium-data-template asks (docs/forms.md, "Counting"): page 1 with count estimate,
    // the exact count in the background (one row), later pages with count none.
    for (const [name, querys] of cases) {
      const first = await list(querys, 1, 'estimate');
      const { total } = await list(querys, 1, 'exact', 1);
      // The deep page: the last one the pager offers (at most page 100,000).
      const deep = Math.min(100_000, Math.max(1, Math.ceil(total / 20)));
      const page1 = await timed(() => list(querys, 1, 'estimate'));
      const exact = await timed(() => list(querys, 1, 'exact', 1));
      const last = await timed(() => list(querys, deep, 'none'));
      console.info(
        `list, ${name}: ${total.toLocaleString('en-US')} rows (page 1 said ${first.estimated ? 'about ' : ''}${first.total.toLocaleString('en-US')}); page 1 ${page1}; exact count ${exact}; page ${deep.toLocaleString('en-US')} ${last}`,
      );
    }
    await importRows(base, token, Number(values.import));
  } finally {
    await app.close();
  }
}

async function importRows(base: string, token: string, count: number) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  sheet.addRow(['门店', '巡检日期', '区域', '结论', '得分']);
  for (let i = 0; i < count; i++) {
    sheet.addRow(['S01', '2026-11-01', `导入区域${i}`, 'pass', 60 + (i % 41)]);
  }
  const file = Buffer.from(await book.xlsx.writeBuffer());
  globalThis.gc?.();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
  }, 20);
  const form = new FormData();
  form.append('file', new Blob([file]), 'rows.xlsx');
  const start = performance.now();
  const response = await fetch(
    `${base}/form/form/dataTemplate/v1/importMain?templateKey=inspection`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    },
  );
  const answer = (await response.json()) as { state: boolean; value: unknown; message?: string };
  if (response.status !== 200) console.error(answer);
  const ms = performance.now() - start;
  clearInterval(sampler);
  console.info(
    `import of ${count.toLocaleString('en-US')} rows (${(file.length / 1024).toFixed(0)} KiB): ${response.status} ${JSON.stringify(answer.value)} in ${(ms / 1000).toFixed(2)} s; peak RSS +${mib(peak.rss - before.rss)} MiB (from ${mib(before.rss)} MiB), peak heap +${mib(peak.heapUsed - before.heapUsed)} MiB (from ${mib(before.heapUsed)} MiB)`,
  );
}

await main();
