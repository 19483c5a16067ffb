/**
 * Screenshots of pages as their users see them, for a person to open and look at:
 * `npx tsx bench/shots.ts [--out /tmp/shots] [--pages home,lyfyjsd] [--url http://host:port]`.
 * Each page at 1366x768 and at a 360x740 phone, in Chinese and in English, signed in as the
 * account the page is for. Without --url it starts the server on a fresh demo data folder.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { chromiumFlags } from '../tests/e2e/support';
import { startServer, tokenFor } from './server';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '/tmp/shots' },
    pages: { type: 'string' },
    url: { type: 'string' },
  },
});

const merchant = 'SZHY10001:Merchant#2026';
const staff = (account: string) => `${account}:Staff#2026`;
/** A page, the account it is for, and a control to press before the shot (a tab, say). */
const pages: Record<string, { path: string; account?: string; press?: string }> = {
  login: { path: '/login' },
  home: { path: '/home', account: staff('emp01') },
  'home-merchant': { path: '/home', account: merchant },
  lyfyjsd: { path: '/lyfyjsd', account: merchant },
  fkqkd: { path: '/fkqkd', account: merchant },
  xscx: { path: '/xscx', account: merchant },
  overdue: { path: '/shcjftzd', account: merchant },
  tasks: { path: '/v-flow/v-todo', account: staff('emp01') },
  /** A system module whose tab shows a custom query (storeList) with its pager. */
  'sys-module': {
    path: '/sysModulePreview/1700000171000000001',
    account: staff('store01'),
    press: 'atrium-sys-module [role=tab] >> nth=2',
  },
};

const viewports = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 360, height: 740 },
} as const;

async function shoot(browser: Browser, base: string, name: string) {
  const target = pages[name]!;
  for (const [size, viewport] of Object.entries(viewports)) {
    for (const language of ['zh-CN', 'en-US']) {
      const context = await browser.newContext({
        viewport,
        locale: language,
        ...(size === 'phone' && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
      });
      await context.addInitScript((lang) => {
        localStorage.setItem('lang', lang);
        // The festival greeting opens once a session: shots show the page behind it.
        sessionStorage.setItem('atrium.holidayShown', '1');
      }, language);
      const page = await context.newPage();
      const query = target.account ? `?token=${await tokenFor(base, target.account)}` : '';
      await page.goto(`${base}/fvue${target.path}${query}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      if (target.press) {
        await page.click(target.press);
        await page.waitForLoadState('networkidle').catch(() => undefined);
      }
      const file = join(values.out!, `${name}-${size}-${language}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
}

mkdirSync(values.out!, { recursive: true });
const server = values.url ? null : await startServer(4870);
const base = values.url ?? server!.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
try {
  for (const name of values.pages?.split(',') ?? Object.keys(pages))
    await shoot(browser, base, name);
} finally {
  await browser.close();
  await server?.stop();
}
