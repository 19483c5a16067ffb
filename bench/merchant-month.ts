/**
 * The merchant's month on a phone (360x740, touch), as a scripted user does it: sign in on
 * the login page, read the four statement lists (the first card opened each time), the
 * sales query with a brand's daily drawer, the overdue notices, print a statement (the
 * confirmation asked first when it is not yet confirmed) and export the list. Each step is
 * timed from the tap to the moment its answer is on screen with nothing loading: the
 * product's own time, without the reading a person adds. Median of 3 cold runs (a fresh
 * context each), per step and in all; the goal is under 30 s in all.
 * Run after `npm run build`: `npx tsx bench/merchant-month.ts`.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumFlags, loadingShown } from '../tests/e2e/support';
import { startServer } from './server';

const phone = { width: 360, height: 740 };
const lists = ['lyfyjsd', 'yjfytzd', 'zlfymxd', 'fkqkd'];
const runs = 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Waits until `selector` is there and nothing on the page says it is loading. */
async function answered(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector, { timeout: 60_000 });
  // Each look is a round trip to the page: the loop follows the page's state, no sleep.
  while (await loadingShown(page));
}

/** Goes to a host route the way its menu does (no reload). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/fvue${path}`);
}

async function walk(browser: Browser, url: string): Promise<Map<string, number>> {
  const context = await browser.newContext({
    viewport: phone,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const times = new Map<string, number>();
  const step = async (name: string, action: () => Promise<void>) => {
    const start = performance.now();
    await action();
    times.set(name, performance.now() - start);
  };
  const card = 'atrium-statement-list [data-layout=cards] li[data-row="0"]';

  await page.goto(`${url}/fvue/login`);
  await page.waitForSelector('atrium-login input[name=account]');
  await page.fill('atrium-login input[name=account]', 'SZHY10001');
  await page.fill('atrium-login input[name=password]', 'Merchant#2026');
  await step('sign in to home', async () => {
    await page.tap('atrium-login button[type=submit]');
    await answered(page, 'atrium-home');
  });
  for (const kind of lists) {
    await step(`${kind} list`, async () => {
      await go(page, `/statements/${kind}`);
      await answered(page, card);
    });
    await step(`${kind} card opened`, async () => {
      await page.tap(`${card} button.card`);
      await answered(page, 'atrium-statement-list [data-card-detail]');
    });
  }
  await step('print a statement', async () => {
    await go(page, '/statements/lyfyjsd');
    await answered(page, card);
    await page.tap(`${card} button.card`);
    const opening = page.waitForEvent('popup');
    await page.tap('atrium-statement-list [data-card-detail] [data-action=print]');
    const confirm = page.locator('[data-action=open-confirm]');
    // The first print of an unconfirmed notice asks first; a confirmed one opens at once.
    await Promise.race([opening, confirm.waitFor().then(() => confirm.tap())]);
    const view = await opening;
    await view.waitForSelector('atrium-print section.sheet', { timeout: 60_000 });
    await view.close();
  });
  await step('export the list', async () => {
    const download = page.waitForEvent('download');
    await page.tap('atrium-statement-list [data-action=export-xlsx]');
    await (await download).path();
  });
  await step('sales query', async () => {
    await page.goto(`${url}/fvue/xscx`);
    await answered(page, 'atrium-sales-query li[data-row="0"]');
  });
  await step('daily drawer', async () => {
    await page.tap('atrium-sales-query li[data-row="0"] button.card');
    await page.tap('atrium-sales-query [data-action=detail] >> nth=0');
    await answered(
      page,
      'atrium-sales-query [role=dialog] li[data-row="0"], atrium-sales-query [role=dialog] tbody td',
    );
  });
  await step('overdue notices', async () => {
    await page.goto(`${url}/fvue/shcjftzd`);
    await answered(page, 'atrium-overdue-list [data-row], atrium-overdue-list tbody tr');
  });
  await context.close();
  return times;
}

const server = await startServer(8112);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
try {
  const all: Map<string, number>[] = [];
  for (let run = 0; run < runs; run++) all.push(await walk(browser, server.url));
  console.log(`merchant's month on a ${phone.width}x${phone.height} phone, median of ${runs}:`);
  for (const name of all[0]!.keys())
    console.log(
      `  ${name.padEnd(24)} ${(median(all.map((times) => times.get(name)!)) / 1000).toFixed(2)} s`,
    );
  const totals = all.map((times) => [...times.values()].reduce((sum, ms) => sum + ms, 0));
  console.log(
    `  ${'in all'.padEnd(24)} ${(median(totals) / 1000).toFixed(2)} s (goal: under 30 s)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
