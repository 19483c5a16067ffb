/**
 * Floor map figures (docs/floor-map.md), run by hand after `npm run build`:
 * `npx tsx bench/floor-map.ts`. Prints
 * - gzipped sizes of what each element loads beyond the shared chunk (entry + lazy chunks);
 * - navigation to the first floor drawn (shops on the plan), median of 5 cold loads;
 * - frame times while panning a floor of 500 shops in headless Chromium.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { rectangle } from '../server/domain/map/geometry';
import { chromiumFlags } from '../tests/e2e/support';
import { startServer } from './server';

const elements = 'dist/elements';
const gz = (file: string) => gzipSync(readFileSync(file)).length;

/** The entry and every chunk it imports (statically or lazily), the shared chunk aside. */
function chunksOf(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || /\/shared-[^/]+\.js$/.test(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
      const target = join(file, '..', match[1]!);
      // A path inside a source map comment or string is no chunk of ours.
      if (existsSync(target)) visit(target);
    }
    // Lazy imports name their chunks from the site root (Vite's preload list).
    for (const match of text.matchAll(/["'](elements\/chunks\/[^"']+\.js)["']/g)) {
      visit(join('dist', match[1]!));
    }
  };
  visit(join(elements, entry));
  return [...seen];
}

function sizes() {
  const shared = readdirSync(join(elements, 'chunks')).find((name) => name.startsWith('shared-'))!;
  console.log(
    `shared chunk ${shared}: ${(gz(join(elements, 'chunks', shared)) / 1024).toFixed(1)} KiB gzip`,
  );
  for (const entry of ['floor-map.js', 'floor-map-editor.js']) {
    const files = chunksOf(entry);
    const total = files.reduce((sum, file) => sum + gz(file), 0);
    console.log(`${entry}: ${(total / 1024).toFixed(1)} KiB gzip beyond the shared chunk`);
    for (const file of files)
      console.log(
        `  ${file.replace(`${elements}/`, '').padEnd(48)} ${(gz(file) / 1024).toFixed(1)}`,
      );
  }
}

async function firstFloorDrawn(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const root = document.querySelector('atrium-floor-map')?.shadowRoot;
      const drawn = root?.querySelector('[data-ready=true] path[data-shop]');
      const plan = root?.querySelector<HTMLImageElement>('img.leaflet-image-layer');
      return drawn && plan?.complete ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

/** A layout of 500 shops (25 × 20 cells of 6 m × 4.6 m) published on a floor as the admin. */
async function fiveHundredShops(url: string): Promise<string> {
  const auth = await fetch(`${url}/uc/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Atrium#2026' }),
  });
  const { token } = (await auth.json()) as { token: string };
  const stores = (await (await fetch(`${url}/portal/map/v1/stores`)).json()) as {
    code: string;
    floors: { id: string; floor: string; version: number }[];
  }[];
  const floor = stores.find((s) => s.code === 'S04')!.floors.find((f) => f.floor === 'L5')!;
  const shops = Array.from({ length: 500 }, (_, i) => ({
    number: `L5-B${String(i + 1).padStart(3, '0')}`,
    category: 'home',
    polygon: rectangle(3 + (i % 25) * 6.1, 3 + Math.floor(i / 25) * 4.7, 6, 4.6),
  }));
  const saved = await fetch(`${url}/portal/map/v1/layout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ floorId: floor.id, baseVersion: floor.version, shops }),
  });
  if (!saved.ok) throw new Error(`saving 500 shops failed: ${await saved.text()}`);
  // A save is the floor's draft; visitors see it once it is published.
  const { value } = (await saved.json()) as { value: { revision: number } };
  const published = await fetch(`${url}/portal/map/v1/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      floorId: floor.id,
      baseVersion: floor.version,
      revision: value.revision,
    }),
  });
  if (!published.ok) throw new Error(`publishing 500 shops failed: ${await published.text()}`);
  return '/fvue/mapContainer?store=S04&floor=L5';
}

/** Frame intervals (ms) while the mouse drags the map around for two seconds. */
async function panFrames(page: Page): Promise<number[]> {
  const box = (await page.locator('atrium-floor-map [part=map]').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.click(cx, cy);
  await page.locator('atrium-floor-map [part=map]').press('+');
  await page.waitForTimeout(400);
  // Text, not a function: the page runs it as written (no transpiler helpers).
  await page.evaluate(`(() => {
    window.frames_ = [];
    window.stop_ = false;
    const tick = (t) => { window.frames_.push(t); if (!window.stop_) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let step = 0; step < 120; step++) {
    const angle = (step / 120) * Math.PI * 4;
    await page.mouse.move(cx + Math.cos(angle) * 200, cy + Math.sin(angle) * 120);
  }
  await page.mouse.up();
  const stamps = await page.evaluate<number[]>('(window.stop_ = true, window.frames_)');
  return stamps.slice(1).map((t, i) => t - stamps[i]!);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

sizes();
const server = await startServer(18_130);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
try {
  const warm = await browser.newContext();
  await firstFloorDrawn(await warm.newPage(), `${server.url}/fvue/mapContainer`);
  await warm.close();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    times.push(await firstFloorDrawn(await context.newPage(), `${server.url}/fvue/mapContainer`));
    await context.close();
  }
  console.log(
    `navigation to first floor drawn: median ${median(times).toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')}`,
  );
  const path = await fiveHundredShops(server.url);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await firstFloorDrawn(page, `${server.url}${path}`);
  const shops = await page.locator('atrium-floor-map path[data-shop]').count();
  const frames = await panFrames(page);
  console.log(
    `panning ${shops} shops: ${frames.length} frames, median ${median(frames).toFixed(1)} ms, p95 ${percentile(frames, 0.95).toFixed(1)} ms, worst ${Math.max(...frames).toFixed(1)} ms (${(1000 / median(frames)).toFixed(0)} fps at the median)`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
