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

/** Screen position of a plan point, measured from shop L1-01's outline (or its twin's). */
async function planToScreen(page: Page, host: string, shop = 'L1-01') {
  const box = (await page.locator(`${host} path[data-shop="${shop}"]`).boundingBox())!;
  const scale = box.width / 8;
  return (x: number, y: number) => ({ x: box.x + (x - 4) * scale, y: box.y + (y - 4) * scale });
}

/**
 * Draws a shop on the layout editor by clicking its corners (plan metres), back to the first;
 * answers once the new shape is selected, its number still empty (a click of the drawing may
 * first select a shop under it, whose field must not get the number).
 */
async function drawShop(page: Page, points: [number, number][], twin = 'L1-01') {
  const at = await planToScreen(page, editor, twin);
  await page.click(`${editor} button[data-action=draw]`);
  for (const [x, y] of [...points, points[0]!]) {
    const p = at(x, y);
    await page.mouse.click(p.x, p.y);
  }
  await page.waitForSelector(`${editor} fieldset[data-selected=""]`);
}

describe('floor map', () => {
  const browser = useBrowser();

  it('lets a visitor switch floors, search a brand, and open a shop panel', async () => {
    const page = await browser.newPage();
    await openMap(page);
    expect(await page.locator(`${map} path[data-shop]`).count()).toBeGreaterThan(20);
    // The legend says what the colours of this floor mean; numbers are on the shops at once.
    const legend = page.locator(`${map} [data-part=legend] [data-legend]`);
    expect(await legend.evaluateAll((items) => items.map((item) => item.textContent))).toContain(
      '空置',
    );
    const number = page.locator(`${map} .shop-label b`, { hasText: 'L1-05' });
    expect(await number.isVisible()).toBe(true);
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
      // The panel read is this shop's (a label over the path, or the last shop's panel still
      // drawn, once made the test read one contract and follow another).
      await shop.dispatchEvent('click');
      const number = await shop.getAttribute('data-shop');
      await expect.poll(() => panel.locator('[data-field=number] dd').textContent()).toBe(number);
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

  for (const language of ['zh-CN', 'en-US'] as const)
    for (const [width, height] of [
      [1366, 768],
      [360, 740],
    ] as const)
      it(`labels shops at first sight and picks a search's only result on Enter (${language}, ${width}×${height})`, async () => {
        const page = await browser.newPage(
          width < 640 ? { phone: { width, height }, locale: language } : { locale: language },
        );
        if (width >= 640) await page.setViewportSize({ width, height });
        if (language === 'en-US')
          await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
        await openMap(page);
        // The first view: the whole floor inside the map, the picker and legend on screen.
        const view = await page.evaluate((host) => {
          const root = document.querySelector(host)!.shadowRoot!;
          const rect = (element: Element) => element.getBoundingClientRect();
          const stage = rect(root.querySelector('[data-ready=true]')!);
          const shops = [...root.querySelectorAll('path[data-shop]')].map((path) => ({
            number: path.getAttribute('data-shop')!,
            box: rect(path),
          }));
          const labels = [...root.querySelectorAll('.shop-label')].flatMap((label) =>
            [...label.querySelectorAll('b, i, span')]
              .filter((text) => getComputedStyle(text).display !== 'none')
              .map((text) => ({
                text: text.textContent!,
                size: parseFloat(getComputedStyle(text).fontSize),
                box: rect(text),
              })),
          );
          return {
            stage,
            shops,
            labels,
            legend: rect(root.querySelector('[data-part=legend]')!),
            picker: rect(root.querySelector('button[data-floor=L1]')!),
          };
        }, map);
        for (const shop of view.shops) {
          expect(shop.box.left).toBeGreaterThanOrEqual(view.stage.left - 1);
          expect(shop.box.right).toBeLessThanOrEqual(view.stage.right + 1);
          expect(shop.box.bottom).toBeLessThanOrEqual(view.stage.bottom + 1);
        }
        expect(view.legend.bottom).toBeLessThanOrEqual(height);
        expect(view.picker.top).toBeGreaterThanOrEqual(0);
        // Every shop carries its number (or, on a narrow shop, the number without "L1-"),
        // readable: 10 px or more, inside its shop, no two labels touching.
        const numbers = view.labels.filter((label) => /^(L1-)?\d\d$/.test(label.text));
        expect(numbers.length).toBe(view.shops.length);
        for (const label of view.labels) expect(label.size).toBeGreaterThanOrEqual(10);
        for (const label of numbers) {
          const shop = view.shops.find(
            (candidate) =>
              candidate.number === label.text || candidate.number === `L1-${label.text}`,
          )!;
          expect(label.box.left).toBeGreaterThanOrEqual(shop.box.left);
          expect(label.box.right).toBeLessThanOrEqual(shop.box.right);
        }
        const meet = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        for (const [i, a] of numbers.entries())
          for (const b of numbers.slice(i + 1)) expect(meet(a.box, b.box)).toBe(false);

        // Enter picks the only result: the shop's floor opens and its panel with it.
        const search = page.locator(`${map} input[type=search]`);
        await search.fill('L2-05');
        await search.press('Enter');
        const panel = page.locator(`${map} [role=dialog]`);
        await expect
          .poll(() => panel.locator('[data-field=number] dd').textContent())
          .toBe('L2-05');
        await page.waitForSelector(`${map} [data-floor=L2][data-ready=true]`);
        // Among several, Enter goes into the list: the first result has the focus.
        await page.keyboard.press('Escape');
        await search.fill('L3-0');
        await search.press('Enter');
        await expect
          .poll(() =>
            page.evaluate(
              (host) => document.querySelector(host)!.shadowRoot!.activeElement?.textContent,
              map,
            ),
          )
          .toMatch(/^L3 · L3-01/);
      });

  it('saves a draft only editors see, previews and publishes it, and asks before restoring', async () => {
    const page = await browser.newPage();
    await signIn(page, 'store01', 'Staff#2026');
    await page.waitForURL(/\/fvue\/home/);
    await page.goto(`${baseUrl()}/fvue/editMap`);
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L1-01"]`);
    const version = Number(
      await page.locator(`${editor} [data-version]`).first().getAttribute('data-version'),
    );
    const visitor = await browser.newPage();
    const visitorSees = async (shop: string) => {
      await openMap(visitor);
      return visitor.locator(`${map} path[data-shop="${shop}"]`).count();
    };

    const draw = async (points: [number, number][], number: string) => {
      await drawShop(page, points);
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
      .toBe('草稿已保存，发布前只有楼层图编辑人员能看到');

    // The draft survives a reload; a visitor still sees the published floor.
    await page.reload();
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L1-X9"]`);
    expect(await page.locator(`${editor} [data-draft]`).getAttribute('data-draft')).toBe('1');
    expect(await visitorSees('L1-X9')).toBe(0);

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
    await page.click(`${editor} button[data-action=preview]`);
    const publish = page.locator(`${editor} [data-dialog=publish]`);
    await publish.waitFor();
    expect(await publish.locator('[data-change=added] dt').textContent()).toBe('新增 1 个');
    expect(await publish.locator('[data-change=added] dd').textContent()).toBe('L1-X9');
    expect(await publish.locator('[data-change=removed]').count()).toBe(0);
    await page.click(`${editor} button[data-action=confirm]`);
    await expect
      .poll(() => page.locator(`${editor} [data-message]`).textContent())
      .toBe(`已发布为第 ${version + 1} 版`);
    expect(await visitorSees('L1-X9')).toBe(1);

    // Restoring asks first and says what it will do; Cancel changes nothing.
    const restoreButton = page.locator(`${editor} li[data-version="${version}"] button`);
    await restoreButton.click();
    const restore = page.locator(`${editor} [data-dialog=restore]`);
    await restore.waitFor();
    expect(await restore.textContent()).toContain(
      `将把第 ${version} 版的布局发布为第 ${version + 2} 版，所有人立即可见`,
    );
    expect(await restore.locator('[data-change=removed] dd').textContent()).toBe('L1-X9');
    await page.locator(`${editor} [role=dialog]`).getByRole('button', { name: '取消' }).click();
    await expect.poll(() => restore.count()).toBe(0);
    expect(
      await page.locator(`${editor} [data-version]`).first().getAttribute('data-version'),
    ).toBe(String(version + 1));
    await restoreButton.click();
    await page.click(`${editor} button[data-action=confirm]`);
    await expect
      .poll(() => page.locator(`${editor} [data-message]`).textContent())
      .toBe(`已恢复第 ${version} 版，发布为第 ${version + 2} 版`);
    await expect.poll(() => page.locator(`${editor} path[data-shop="L1-X9"]`).count()).toBe(0);
    expect(await visitorSees('L1-X9')).toBe(0);
  });

  it('previews and discards a draft in English', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await signIn(page, 'store01', 'Staff#2026');
    await page.waitForURL(/\/fvue\/home/);
    await page.goto(`${baseUrl()}/fvue/editMap`);
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L1-01"]`);
    await page.click(`${editor} button[data-floor=L2]`);
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L2-01"]`);
    await page.locator(`${editor} path[data-shop="L2-05"]`).click();
    await page.waitForSelector(`${editor} fieldset[data-selected="L2-05"]`);
    await page.click(`${editor} button[data-action=remove]`);
    await page.click(`${editor} button[data-action=preview]`);
    const publish = page.locator(`${editor} [data-dialog=publish]`);
    await publish.waitFor();
    expect(await publish.textContent()).toContain('Once published, everyone sees this layout.');
    expect(await publish.locator('[data-change=removed] dt').textContent()).toBe('Removed: 1');
    expect(await publish.locator('[data-change=removed] dd').textContent()).toBe('L2-05');
    await page.locator(`${editor} [role=dialog]`).getByRole('button', { name: 'Cancel' }).click();
    await page.click(`${editor} button[data-action=discard]`);
    const discard = page.locator(`${editor} [data-dialog=discard]`);
    expect(await discard.textContent()).toContain('All unpublished changes of the draft are lost');
    await page.click(`${editor} button[data-action=confirm]`);
    await expect
      .poll(() => page.locator(`${editor} [data-message]`).textContent())
      .toBe('Draft discarded');
    await page.waitForSelector(`${editor} [data-draft=none]`);
    await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L2-05"]`);
  });

  it("names the missing shop number of a drawn shop in the reader's language", async () => {
    const expected = {
      'zh-CN': '新画的铺位还没有铺位号：已选中该铺位，请填写铺位号后再保存',
      'en-US':
        'A drawn shop has no shop number: it is now selected; fill in its shop number and save again',
    };
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await browser.newPage({ locale: language });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await signIn(page, 'store01', 'Staff#2026');
      await page.waitForURL(/\/fvue\/home/);
      await page.goto(`${baseUrl()}/fvue/editMap`);
      await page.waitForSelector(`${editor} [data-ready=true] path[data-shop="L1-01"]`);
      const revision = await page
        .locator(`${editor} [data-revision]`)
        .getAttribute('data-revision');
      await drawShop(page, [
        [40, 46],
        [48, 46],
        [48, 54],
        [40, 54],
      ]);
      // Another shop selected meanwhile: saving selects the shop without a number again.
      await page.locator(`${editor} path[data-shop="L1-01"]`).click();
      await page.waitForSelector(`${editor} fieldset[data-selected="L1-01"]`);
      await page.click(`${editor} button[data-action=save]`);
      await expect
        .poll(() => page.locator(`${editor} [data-message=error]`).textContent())
        .toBe(expected[language]);
      await page.waitForSelector(`${editor} fieldset[data-selected=""]`);
      // Nothing was saved: the draft is as it was.
      expect(await page.locator(`${editor} [data-revision]`).getAttribute('data-revision')).toBe(
        revision,
      );
      await page.close();
    }
  });
});
