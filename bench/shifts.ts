/**
 * What moves while a page loads, and by how much:
 * `npx tsx bench/shifts.ts [--pages home,lyfyjsd] [--cpu 4] [--phone] [--size 1280x720]
 * [--runs 3] [--url ...]`. Each page is loaded signed in with the processor slowed --cpu
 * times (Lighthouse's phone slows it 4 times, as the browser tests do); it prints the sum of
 * the load's layout shifts (Lighthouse's measure, none after input) and, for each shift, the
 * boxes that moved (before → after), to trace a shift to what caused it.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumFlags, watchLayoutShifts } from '../tests/e2e/support';
import { addressOf, benchPages } from './pages';
import { startServer } from './server';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: 'lyfyjsd,home' },
    cpu: { type: 'string', default: '4' },
    phone: { type: 'boolean', default: false },
    size: { type: 'string', default: '' },
    runs: { type: 'string', default: '3' },
    url: { type: 'string' },
  },
});

// Lighthouse's phone is 412x823 at 1.75 device pixels a CSS pixel.
const size = values.size || (values.phone ? '412x823' : '1366x768');
const [width, height] = size.split('x').map(Number) as [number, number];
const server = values.url ? null : await startServer(4871);
const base = values.url ?? server!.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
try {
  for (const name of values.pages.split(',')) {
    const target = benchPages[name]!;
    for (let run = 1; run <= Number(values.runs); run++) {
      const context = await browser.newContext(
        values.phone
          ? { viewport: { width, height }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 }
          : { viewport: { width, height } },
      );
      await context.addInitScript(() => sessionStorage.setItem('atrium.holidayShown', '1'));
      const page = await context.newPage();
      const shifts = await watchLayoutShifts(page, Number(values.cpu));
      await page.goto(await addressOf(base, target));
      // The live stream stays open, so no network idle: give the slowed page time to settle.
      await page.waitForTimeout(8000);
      const measured = await shifts();
      console.log(`${name} run ${run}: layout shift ${measured.total.toFixed(3)}`);
      for (const shift of measured.shifts)
        console.log(`  ${shift.value.toFixed(4)}  ${shift.moved.join('; ')}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}
