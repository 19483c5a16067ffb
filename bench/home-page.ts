/**
 * emp01's home page in headless Chromium: navigation until every column of the layout is
 * rendered (no loading state left anywhere in the grid, every chart drawn), median of 5
 * cold loads (a fresh context each time), with the number of column batch requests.
 * Run after `npm run build`: `npx tsx bench/home-page.ts`.
 */
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags } from '../tests/e2e/support';
import { startServer } from './server';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * True when the grid's columns are all there and none is still loading. Text, not a
 * function: tsx would add its own helpers to a function's source, which the page lacks.
 */
const allRendered = `(expected) => {
  const root = document.querySelector('atrium-home')?.shadowRoot;
  const sections = root ? [...root.querySelectorAll('section[data-column]')] : [];
  if (sections.length < expected) return null;
  const deep = (node, selector) =>
    !!node.querySelector(selector) ||
    [...node.querySelectorAll('*')].some((child) => child.shadowRoot && deep(child.shadowRoot, selector));
  for (const section of sections) {
    if (deep(section, '[data-state=loading]')) return null;
    const chart = section.querySelector('atrium-chart-column');
    if (chart && !chart.shadowRoot?.querySelector('[part=chart][data-drawn]')) return null;
  }
  return performance.now();
}`;

async function timeToHome(page: Page, url: string, expected: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const ms = await page.waitForFunction(`(${allRendered})(${expected})`, undefined, {
    polling: 50,
    timeout: 60_000,
  });
  return Number(await ms.jsonValue());
}

const server = await startServer(8111);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
try {
  const login = (await (
    await fetch(`${server.url}/uc/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'emp01', password: 'Staff#2026' }),
    })
  ).json()) as { token: string; account: string; username: string; userId: string };
  const layout = (await (
    await fetch(`${server.url}/portal/bpm/haiyaapi/getHomeLayout`, {
      headers: { Authorization: `Bearer ${login.token}` },
    })
  ).json()) as { value: { columns: unknown[] } };
  const expected = layout.value.columns.length;
  const times: number[] = [];
  const batches: number[] = [];
  for (let run = 0; run < 6; run++) {
    // bypassCSP: the wait below is evaluated from text, which the page's policy forbids.
    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      bypassCSP: true,
    });
    await context.addInitScript(
      (user) => {
        sessionStorage.setItem('currentUser', JSON.stringify({ ...user, loginTime: Date.now() }));
        // The greeting and the tour would sit over the page: count the columns only.
        sessionStorage.setItem('atrium.holidayShown', '1');
      },
      {
        token: login.token,
        account: login.account,
        username: login.username,
        userId: login.userId,
        loginStatus: 1,
        expiration: 0,
      },
    );
    const page = await context.newPage();
    let batch = 0;
    page.on('request', (request) => {
      if (request.url().includes('getColumnByAliasBatch')) batch++;
    });
    const ms = await timeToHome(page, `${server.url}/fvue/home`, expected);
    // The first load warms the server up and is not counted.
    if (run > 0) {
      times.push(ms);
      batches.push(batch);
    }
    await context.close();
  }
  console.log(
    `emp01 home, ${expected} columns: navigation to all rendered, ms: ${times.map(Math.round).join(', ')}`,
  );
  console.log(
    `median ${Math.round(median(times))} ms; column batch requests per load: ${batches.join(', ')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
