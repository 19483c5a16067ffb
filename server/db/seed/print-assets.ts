/**
 * Draws the company seal of the printed dunning notices into server/db/seed/assets/seal.png
 * (committed; run again only to change it): `npx tsx server/db/seed/print-assets.ts`.
 * A red round seal: a double ring, the company name along the upper arc, a five-pointed
 * star and 财务专用章 below it, on a transparent background. Chromium draws the text with
 * the CJK fonts of this machine, which a PNG encoder in Node could not.
 */
import { writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const size = 320;
const red = '#d3200f';
const company = '深圳市海雅商业有限公司';

/** The five points of a star of radius r around (cx, cy), first point up. */
function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${cx + radius * Math.cos(angle)},${cy + radius * Math.sin(angle)}`);
  }
  return points.join(' ');
}

const c = size / 2;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><path id="arc" d="M ${c - 100},${c + 30} A 104,104 0 1,1 ${c + 100},${c + 30}"/></defs>
  <circle cx="${c}" cy="${c}" r="150" fill="none" stroke="${red}" stroke-width="9"/>
  <circle cx="${c}" cy="${c}" r="141" fill="none" stroke="${red}" stroke-width="1.5"/>
  <text font-family="Noto Serif CJK SC, Noto Sans CJK SC, serif" font-size="30" font-weight="700" fill="${red}" letter-spacing="2">
    <textPath href="#arc" startOffset="50%" text-anchor="middle">${company}</textPath>
  </text>
  <polygon points="${star(c, c - 4, 46)}" fill="${red}"/>
  <text x="${c}" y="${c + 92}" text-anchor="middle" font-family="Noto Serif CJK SC, Noto Sans CJK SC, serif"
    font-size="30" font-weight="700" fill="${red}" letter-spacing="4">财务专用章</text>
</svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: size, height: size } });
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
await page.evaluate(() => document.fonts.ready);
const out = new URL('./assets/seal.png', import.meta.url);
await writeFile(out, await page.screenshot({ omitBackground: true }));
await browser.close();
console.log('seal written to', out.pathname);
