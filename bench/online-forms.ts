/**
 * Online forms at size (issue 17): `npx tsx bench/online-forms.ts [--pg] [--records N]
 * [--import N] [--requests N]`.
 *
 * On a fresh database (PGlite, or a new PostgreSQL database with --pg), seeds the demo, adds
 * N inspection records (default 1,000,000) with one SQL statement, then through HTTP on a
 * local port (the real server, in this process):
 * - the inspection list filtered on an indexed field (store = S01: a quarter of the rows;
 *   result = fail: a quarter) and unfiltered, page 1 of 20 with its exact count, p50/p95;
 * - an import of an XLSX of M rows (default 10,000): the time to answer, and the process's
 *   peak RSS above what it held before (sampled every 20 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { userId } from '../server/db/seed/people';
import { localStorage } from '../server/domain/storage';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    records: { type: 'string', default: '1000000' },
    import: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '30' },
  },
});

async function fresh() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-forms-bench-'));
  if (!values.pg) {
    return {
      kind: 'PGlite',
      options: { dataDir: join(dataDir, 'pgdata') },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `atrium_forms_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'PostgreSQL',
    options: { url: url.toString() },
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))]!;

async function main() {
  const target = await fresh();
  const handle = await openDatabase(target.options);
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, localStorage(join(target.dataDir, 'files')), { scale: 1 });
    const started = Date.now();
    const records = Number(values.records);
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
    await sql`analyze form_records`.execute(handle.db);
    console.info(
      `${target.kind}: ${records.toLocaleString('en-US')} inspection records in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    await measure(handle.db, target.dataDir);
  } finally {
    await handle.close();
    await target.drop();
  }
}

async function measure(db: Parameters<typeof buildApp>[0]['db'], dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: `bench-${process.pid}`,
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(dataDir, 'no-static'),
    MAX_UPLOAD_MB: '50',
  });
  const app = await buildApp(
    { config, db, storage: localStorage(join(dataDir, 'files')) },
    { logger: false },
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
    const list = async (querys: object[]) => {
      const start = performance.now();
      const response = await fetch(`${base}/form/form/dataTemplate/v1/dataList_inspection`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ pageBean: { page: 1, pageSize: 20 }, querys }),
      });
      const body = (await response.json()) as { total: number };
      return { ms: performance.now() - start, total: body.total };
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
    for (const [name, querys] of cases) {
      for (let i = 0; i < 3; i++) await list(querys);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < Number(values.requests); i++) {
        const answer = await list(querys);
        times.push(answer.ms);
        total = answer.total;
      }
      console.info(
        `list, ${name}: ${total.toLocaleString('en-US')} rows, page 1 p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`,
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
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
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
  const answer = (await response.json()) as { state: boolean; value: unknown };
  const ms = performance.now() - start;
  clearInterval(sampler);
  console.info(
    `import of ${count.toLocaleString('en-US')} rows (${(file.length / 1024).toFixed(0)} KiB): ${response.status} ${JSON.stringify(answer.value)} in ${(ms / 1000).toFixed(2)} s; peak RSS +${((peak - before) / 1024 / 1024).toFixed(0)} MiB (from ${(before / 1024 / 1024).toFixed(0)} MiB)`,
  );
}

await main();
