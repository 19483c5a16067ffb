/**
 * emp01's home page: navigation to every configured widget rendered (meetings, messages,
 * carousel, favourite apps, shortcuts, to-do, counters: each shows its rows), median of 5
 * cold loads (fresh browser context each time). Also how many column-config requests and
 * widget data requests the page made. Run after `npm run build`: `npx tsx bench/home-widgets.ts`.
 */
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags } from '../tests/e2e/support';
import { startServer, tokenFor } from './server';

const rendered = [
  'atrium-meetings [data-meeting]',
  'atrium-messages [data-message]',
  'atrium-news-carousel [part=carousel]',
  'atrium-favourite-apps [data-app]',
  'atrium-shortcuts [data-shortcut]',
  'atrium-todo-card table',
  'atrium-task-counters [data-count]',
];

async function timeToWidgets(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  for (const selector of rendered) await page.waitForSelector(selector, { timeout: 30_000 });
  return page.evaluate(() => performance.now());
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer(8121);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  const times: number[] = [];
  let requests = 0;
  try {
    const url = `${server.url}/fvue/home?token=${await tokenFor(server.url, 'emp01:Staff#2026')}`;
    const warm = await browser.newContext();
    await timeToWidgets(await warm.newPage(), url);
    await warm.close();
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      requests = 0;
      page.on('request', (request) => {
        if (/\/(portal|bpm-runtime|form)\//.test(new URL(request.url()).pathname)) requests++;
      });
      times.push(await timeToWidgets(page, url));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `emp01 home, all widgets rendered (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`,
  );
  console.log(`median: ${median(times).toFixed(0)} ms; API requests on the last load: ${requests}`);
}
