/**
 * A server export of at least 250,000 rows: `npx tsx bench/finance-export.ts [--url
 * postgres://…/db | --pglite DIR] [--rows N] [--format csv,xlsx]`.
 *
 * Against a database seeded at scale 14 (see bench/list-paging.ts), as admin (who sees
 * everything): picks the month window of statement.yjfytzd that holds at least N rows
 * (default 250,000), then downloads the export through HTTP as the element does (a streamed
 * POST, the body read and dropped as it arrives) and prints the time to the last byte, the
 * size, the rows in the file (CSV) and the server process's peak memory above what it used
 * before (RSS and heap, sampled every 20 ms; the client here only counts bytes), and the CPU
 * time of this process (server and client), which a busy machine does not inflate as it
 * does the wall time. Run it with a capped heap (node --max-old-space-size=128 --import
 * tsx bench/finance-export.ts) to see that the export's memory does not grow with its rows.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { sql } from 'kysely';
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
    rows: { type: 'string', default: '250000' },
    format: { type: 'string', default: 'csv,xlsx' },
  },
});
const wanted = Number(values.rows);

function monthOf(offset: number): string {
  const now = new Date();
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function main() {
  const url = values.url ?? process.env.DATABASE_URL;
  const handle = await openDatabase(
    url ? { url } : { dataDir: values.pglite ?? join(process.cwd(), 'data', 'pgdata') },
  );
  await migrateToLatest(handle.db);
  // The narrowest window ending next month that holds the rows wanted.
  const { rows: months } = await sql<{ month: string; n: number }>`
    select to_char(month, 'YYYY-MM') as month, count(*)::int as n from advance_notices
    group by month order by month desc`.execute(handle.db);
  let total = 0;
  let startMonth = monthOf(1);
  for (const row of months) {
    total += row.n;
    startMonth = row.month;
    if (total >= wanted) break;
  }
  const filters = { startMonth, endMonth: months[0]!.month };
  const config = loadConfig({
    DATA_DIR: '/tmp/atrium-export-bench',
    JWT_SECRET: `bench-${process.pid}`,
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/tmp/atrium-export-bench/no-static',
  });
  const app = await buildApp(
    { config, db: handle.db, storage: localStorage('/tmp/atrium-export-bench/files') },
    { logger: false },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${base}/uc/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: demoPasswords.admin }),
    });
    const { token } = (await login.json()) as { token: string };
    const columns = [
      { field: 'index', title: '序号', kind: 'index' },
      ...['STORE_CODE', 'FDMC', 'NY', 'HTH', 'SHMC', 'JYPP', 'WLDW', 'LC', 'DZLH'].map((field) => ({
        field,
        title: field,
      })),
      ...['JZMJ', 'BDZJ', 'WYGLF', 'XCTGF', 'CKZJ', 'WBF', 'SYXTF', 'HYFWF', 'QTFY', 'KKHJ'].map(
        (field) => ({ field, title: field, kind: 'money' }),
      ),
      { field: 'CONFIRM_DATE', title: 'CONFIRM_DATE' },
    ];
    const param = Buffer.from(
      JSON.stringify({
        query: 'statement.yjfytzd',
        filters,
        sort: [{ field: 'KKHJ', direction: 'desc' }],
      }),
    ).toString('base64');
    console.info(
      `heap limit ${(getHeapStatistics().heap_size_limit / 1_048_576).toFixed(0)} MB (node --max-old-space-size=N to cap it)`,
    );
    console.info(
      `${url ? 'PostgreSQL' : 'PGlite'}: statement.yjfytzd ${filters.startMonth}…${filters.endMonth}, ${total.toLocaleString('en-US')} rows, ${columns.length} columns, sorted by KKHJ desc, as admin`,
    );
    for (const format of values.format!.split(',')) {
      global.gc?.();
      const before = process.memoryUsage();
      const peak = { rss: before.rss, heap: before.heapUsed, external: before.external };
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.heap = Math.max(peak.heap, now.heapUsed);
        peak.external = Math.max(peak.external, now.external);
      }, 20);
      const start = performance.now();
      const cpu = process.cpuUsage();
      const response = await fetch(`${base}/bpm-runtime/bpm/${config.product}Script/exportSql`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-language': 'en-US',
        },
        body: JSON.stringify({ param, format, title: 'Advance notices', columns }),
      });
      if (response.status !== 200) throw new Error(await response.text());
      let bytes = 0;
      let lines = 0;
      let firstByte = 0;
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!firstByte) firstByte = performance.now() - start;
        bytes += value.byteLength;
        if (format === 'csv') for (const byte of value) if (byte === 10) lines++;
      }
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      const cpuSeconds = (used.user + used.system) / 1e6;
      clearInterval(sampler);
      const mb = (n: number) => (n / 1_048_576).toFixed(0);
      console.info(
        `${format}: ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s of this process; first byte ${(firstByte / 1000).toFixed(2)} s), ${mb(bytes)} MB, ` +
          `${format === 'csv' ? `${(lines - 1).toLocaleString('en-US')} rows, ` : ''}` +
          `X-Total-Count ${response.headers.get('x-total-count')}, ` +
          `peak RSS +${mb(peak.rss - before.rss)} MB (${mb(peak.rss)} MB), peak heap +${mb(peak.heap - before.heapUsed)} MB, peak external (buffers) +${mb(peak.external - before.external)} MB; ` +
          `file name ${decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '')}`,
      );
    }
  } finally {
    await app.close();
    await handle.close();
  }
}

await main();
