/**
 * First render of a 10,000-row statement list in Chromium (target ≤ 150 ms for the render).
 * Starts a server seeded at a larger scale, signs in as admin, clears the month filters so
 * the list asks for everything (the server caps an unpaged answer at 10,000 rows), and times
 * from the query click to the rows painted; the answer's own time is subtracted for the
 * render figure. Run after `npm run build`: `npx tsx bench/list-render.ts`.
 */
import { chromium } from 'playwright-core';
import { chromiumFlags } from '../tests/e2e/support';
import { startServer } from './server';

const runs = 5;
const server = await startServer(18_082, { SEED_SCALE: process.env.SEED_SCALE ?? '10' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.url}/fvue/login?redirect=%2Flyfyjsd`);
  await page.fill('atrium-login input[name=account]', 'admin');
  await page.fill('atrium-login input[name=password]', 'Atrium#2026');
  await page.click('atrium-login button[type=submit]');
  await page.waitForSelector('atrium-statement-list [data-count]');
  const results: { total: number; answer: number; rows: number }[] = [];
  for (let run = 0; run < runs; run++) {
    await page.fill('atrium-statement-list input[name=startMonth]', run % 2 ? '' : '2000-01');
    await page.fill('atrium-statement-list input[name=endMonth]', '');
    await page.evaluate(() => performance.clearResourceTimings());
    const started = await page.evaluate(() => performance.now());
    await page.click('atrium-statement-list [data-action=query]');
    const painted = await page.waitForFunction(
      () => {
        const host = document.querySelector('atrium-statement-list')!.shadowRoot!;
        const rows = Number(host.querySelector('[part=table]')?.getAttribute('data-rows') ?? 0);
        return rows >= 10_000 &&
          host.querySelector('tbody tr[data-row]') &&
          !host.querySelector('[aria-busy=true]')
          ? new Promise((resolve) =>
              requestAnimationFrame(() => resolve([performance.now(), rows])),
            )
          : null;
      },
      undefined,
      { polling: 'raf', timeout: 120_000 },
    );
    const [end, rows] = (await painted.jsonValue()) as [number, number];
    const answered = await page.evaluate(
      () =>
        (
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('executeSql'))
            .at(-1) as PerformanceResourceTiming | undefined
        )?.responseEnd ?? 0,
    );
    results.push({ total: end - started, answer: answered - started, rows });
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`rows per answer: ${results[0]!.rows}`);
  console.log(
    `click → rows painted, median of ${runs}: ${median(results.map((r) => r.total)).toFixed(0)} ms`,
  );
  console.log(
    `  of which the answer arrived after: ${median(results.map((r) => r.answer)).toFixed(0)} ms`,
  );
  console.log(
    `  render (painted − answered): ${median(results.map((r) => r.total - r.answer)).toFixed(0)} ms (target ≤ 150 ms)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
