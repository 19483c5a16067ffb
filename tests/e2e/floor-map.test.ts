import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, signIn, tableRows, useBrowser } from './support';

/**
 * The floor map and its editors in the browser (docs/floor-map.md): one browser, the shared
 * server process. Plan metres are turned into screen pixels from a seeded shop's outline
 * (L1-01 spans x 4–12, y 4–24), so clicks land where the plan says.
 */
const map = 'atrium-floor-map';
const editor = 'atrium-floor-map-editor';

async function openMap(page: Page, path = '/fvue/mapContainer') {
  await page.goto(baseUrl() + path);
  await page.waitForSelector(`${map} [data-ready=true] path[data-shop]`);
}

/** Screen position of a plan point, measured from shop L1-01's outline. */
async function planToScreen(page: Page, host: string) {
  const box = (await page.locator(`${host} path[data-shop="L1-01"]`).boundingBox())!;
  const scale = box.width / 8;
  return (x: number, y: number) => ({ x: box.x + (x - 4) * scale, y: box.y + (y - 4) * scale });
}

describe('floor map', () => {
  const browser = useBrowser();

  it('lets a visitor switch floors, search a brand, and open a shop panel', async () => {
    const page = await browser.newPage();
    await openMap(page);
    expect(await page.locator(`${map} path[data-shop]`).count()).toBeGreaterThan(20);
    // The legend says what the colours of this floor mean; numbers appear once zoomed in.
    const legend = page.locator(`${map} [data-part=legend] [data-legend]`);
    expect(await legend.evaluateAll((items) => items.map((item) => item.textContent))).toContain(
      '空置',
    );
    const number = page.locator(`${map} .shop-label b`, { hasText: 'L1-05' });
    expect(await number.isVisible()).toBe(false);
    await page.click(`${map} .leaflet-control-zoom-in`);
    await expect.poll(() => number.isVisible()).toBe(true);
    await page.click(`${map} button[data-floor=B1]`);
    await page.waitForSelector(`${map} [data-floor=B1][data-ready=true] path[data-shop^="B1-"]`);

    await page.selectOption(`${map} select`, 'S03');
    await page.fill(`${map} input[type=search]`, '悦茶');
    await page.click(`${map} [role=search] li button`);
    const panel = page.locator(`${map} [role=dialog]`);
    await expect.poll(() => panel.textContent()).toContain('悦茶');
    expect(await panel.locator('[data-field=floor] dd').textContent()).toBe('B1');
    // A visitor sees no merchant or contract.
    expect(await panel.locator('[data-field=merchant]').count()).toBe(0);
    const label = await panel.getAttribute('aria-labelledby');
    expect(await page.locator(`${map} [id="${label}"]`).textContent()).toMatch(/^铺位 B1-\d\d$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);

    await page.click(`${map} button[data-floor=L1]`);
    await page.waitForSelector(`${map} [data-floor=L1][data-ready=true]`);
    await page.locator(`${map} path[data-shop="L1-05"]`).click();
    await expect.poll(() => panel.locator('[data-field=number] dd').textContent()).toBe('L1-05');
    expect(await panel.locator('[data-field=coordinates] dd').textContent()).toContain('X 40');
  });

  it("leads staff from a shop's contract to that contract in the contract list", async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin', 'Atrium#2026');
    await page.waitForURL(/\/fvue\/(?!login)/);
    await openMap(page);
    const panel = page.locator(`${map} [role=dialog]`);
    const link = panel.locator('[data-field=contract] a');
    const shops = await page.locator(`${map} path[data-shop]`).all();
    for (const shop of shops) {
      await shop.click();
      await panel.waitFor();
      if ((await link.count()) > 0) break;
    }
    const contract = (await link.textContent())!;
    expect(contract).toMatch(/\S/);
    await link.click();
    await page.waitForURL(/\/fvue\/finance\/ht\?contractNo=/);
    const list = 'atrium-contract-list';
    await expect.poll(async () => (await tableRows(page, list)).length).toBeGreaterThan(0);
    const contracts = new Set((await tableRows(page, list)).map((row) => row.F_HTH));
    expect([...contracts]).toEqual([contract]);
  });

  it('pinch-zooms and taps on a phone', async () => {
    const page = await browser.newPage({ phone: { width: 390, height: 844 } });
    await openMap(page);
    const shop = page.locator(`${map} path[data-shop="L1-20"]`);
    const before = (await shop.boundingBox())!;
    // Pinch open around the shop, so it stays under the fingers.
    const cx = before.x + before.width / 2;
    const cy = before.y + before.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: cx - spread, y: cy, id: 1 },
                { x: cx + spread, y: cy, id: 2 },
              ],
      });
    await touch('touchStart', 20);
    for (let spread = 24; spread <= 50; spread += 2) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect
      .poll(async () => (await shop.boundingBox())!.width)
      .toBeGreaterThan(before.width * 1.5);
    const after = (await shop.boundingBox())!;
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.touchscreen.tap(after.x + after.width / 2, after.y + after.height / 2);
    await expect
      .poll(() => page.locator(`${map} [role=dialog] [data-field=number] dd`).textContent())
      .toBe('L1-20');
  });

  it('draws, numbers, saves and reloads a shop; refuses an overlap; restores a version', async () => {
    const page = await browser.newPage();
    await signIn(page, 'store01', 'Staff#2026');
    await page.waitForURL(/\/fvue\/home/);
    await page.goto(`${baseUrl()}/fvue/editMap`);
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L1-01"]`);
    const version = Number(
      await page.locator(`${editor} [data-version]`).first().getAttribute('data-version'),
    );

    const draw = async (points: [number, number][], number: string) => {
      const at = await planToScreen(page, editor);
      await page.click(`${editor} button[data-action=draw]`);
      for (const [x, y] of [...points, points[0]!]) {
        const p = at(x, y);
        await page.mouse.click(p.x, p.y);
      }
      // The new shape is selected once the drawing ends (its number still empty); a click of
      // the drawing may first select a shop under it, whose field must not get the number.
      await page.waitForSelector(`${editor} fieldset[data-selected=""]`);
      await page.fill(`${editor} input[name=number]`, number);
      await page.waitForSelector(`${editor} fieldset[data-selected="${number}"]`);
    };
    await draw(
      [
        [20, 46],
        [30, 46],
        [30, 54],
        [20, 54],
      ],
      'L1-X9',
    );
    await page.click(`${editor} button[data-action=save]`);
    await expect
      .poll(() => page.locator(`${editor} [data-message]`).textContent())
      .toBe(`已保存为第 ${version + 1} 版`);

    await page.reload();
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L1-X9"]`);

    await draw(
      [
        [5, 6],
        [11, 6],
        [11, 14],
        [5, 14],
      ],
      'L1-X8',
    );
    await page.click(`${editor} button[data-action=save]`);
    await expect
      .poll(() => page.locator(`${editor} [data-message=error]`).textContent())
      .toMatch(/铺位 L1-01 与铺位 L1-X8 重叠/);

    await page.reload();
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L1-X9"]`);
    await page.click(`${editor} li[data-version="${version}"] button`);
    await expect
      .poll(() => page.locator(`${editor} [data-message]`).textContent())
      .toBe(`已恢复第 ${version} 版`);
    await expect.poll(() => page.locator(`${editor} path[data-shop="L1-X9"]`).count()).toBe(0);
  });
});
