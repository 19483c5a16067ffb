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
import { addressOf, benchPages } from './pages';
import { startServer } from './server';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '/tmp/shots' },
    pages: { type: 'string' },
    url: { type: 'string' },
  },
});

const viewports = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 360, height: 740 },
} as const;

async function shoot(browser: Browser, base: string, name: string) {
  const target = benchPages[name]!;
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
      await page.goto(await addressOf(base, target));
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
  for (const name of values.pages?.split(',') ?? Object.keys(benchPages))
    await shoot(browser, base, name);
} finally {
  await browser.close();
  await server?.stop();
}
