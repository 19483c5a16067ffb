import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInRoutes, type RouteExpect } from './route-table';
import { apiToken, baseUrl, carouselButtons, settler, useBrowser } from './support';

/**
 * The portal on a phone (issue 13 item 3): no page wider than the screen, the menu behind a
 * button, and a merchant reading, printing and exporting a statement by touch.
 */
const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

/** How far the page, or the portal's main area, reaches past the screen's right edge. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    return Math.max(
      document.documentElement.scrollWidth - innerWidth,
      main ? main.scrollWidth - main.clientWidth : 0,
    );
  });

async function arrive(page: Page, path: string, expected: RouteExpect): Promise<void> {
  const settled = settler(page);
  await page.goto(`${baseUrl()}/fvue${path}`);
  if (expected === 'not-found') await page.waitForSelector('h1');
  else if (expected !== 'login') await page.waitForSelector(expected.element);
  // Lists and cards fill in after their first answer.
  await settled();
}

/** One route for each page the table shows (variants of one route draw the same page). */
const distinct = [
  ...new Map(
    signedInRoutes.map(([path, expected]) => [
      typeof expected === 'string' ? expected : expected.element.split('[')[0],
      [path, expected] as const,
    ]),
  ).values(),
];

describe('on a phone', () => {
  const browser = useBrowser();

  it('no route is wider than a 360 or a 390 px screen', async () => {
    const token = await apiToken('admin', 'Atrium#2026');
    const wide = await Promise.all(
      phones.map(async (phone) => {
        const page = await browser.newPage({ phone });
        await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
        await page.waitForSelector('atrium-home', { state: 'attached' });
        const found: string[] = [];
        for (const [path, expected] of distinct) {
          await arrive(page, path, expected);
          const past = await overflow(page);
          if (past > 0) found.push(`${path} at ${phone.width} px: ${past} px too wide`);
        }
        return found;
      }),
    );
    expect(wide.flat()).toEqual([]);
  }, 240_000);

  it('fits the login page, whose tabs scroll sideways, in both languages', async () => {
    for (const language of ['zh-CN', 'en-US']) {
      const page = await browser.newPage({ phone: phones[0]! });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      const settled = settler(page);
      await page.goto(`${baseUrl()}/fvue/login`);
      await settled();
      expect(await overflow(page), language).toBe(0);
      // The language switcher sits above the card, not over its corner.
      const switcher = (await page.locator('main [data-control=language]').boundingBox())!;
      const card = (await page.locator('main .card').boundingBox())!;
      expect(switcher.y + switcher.height, language).toBeLessThanOrEqual(card.y);
      // The sign-in form, its button included, is in the first screen.
      const submit = (await page.locator('atrium-login [part=submit]').boundingBox())!;
      expect(submit.y + submit.height, language).toBeLessThanOrEqual(phones[0]!.height);
      // A tab strip that does not fit says so: the edge its hidden tabs are behind fades out.
      const list = page.locator('.card > div > [role=tablist]');
      const fits = await list.evaluate((node) => node.scrollWidth <= node.clientWidth + 1);
      const fade = () => list.evaluate((node) => getComputedStyle(node).maskImage);
      expect(await fade(), language).toMatch(fits ? /^none$/ : /^linear-gradient\(to right/);
      // The last tab is reached by scrolling the tab list, not the page.
      const last = page.locator('.card > div > [role=tablist] [role=tab]').last();
      await last.scrollIntoViewIfNeeded();
      await last.tap();
      expect(await last.getAttribute('aria-selected')).toBe('true');
      expect(await overflow(page), language).toBe(0);
      if (!fits) await expect.poll(fade).toMatch(/^linear-gradient\(to left/);
    }
  });

  it('gives a date range a line of its own, wide enough to read its dates', async () => {
    const page = await browser.newPage({ phone: phones[0]! });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const token = await apiToken('admin', 'Atrium#2026');
    // The attendance exceptions' query view: a date range among its conditions.
    await page.goto(`${baseUrl()}/fvue/v-check?token=${token}`);
    const ends = page.locator('form[role=search] [data-date-field=date] input');
    await expect.poll(() => ends.count()).toBe(2);
    const widths = await ends.evaluateAll((inputs) =>
      inputs.map((input) => input.getBoundingClientRect().width),
    );
    // Before, the range shared its line with another condition: 56 px each, "Y\" of a date.
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(120);
    expect(await overflow(page)).toBe(0);
  });

  it('keeps the side menu behind the menu button, and a tap on an item closes it', async () => {
    const page = await browser.newPage({ phone: phones[0]! });
    const token = await apiToken('SZHY10001', 'Merchant#2026');
    // Not the home page: its festival greeting would cover the bar until closed.
    await page.goto(`${baseUrl()}/fvue/v-news?token=${token}`);
    await page.waitForSelector('atrium-news', { state: 'attached' });
    await page.waitForURL((url) => !url.search.includes('token'));
    expect(await page.locator('atrium-side-menu').isVisible()).toBe(false);
    const button = page.locator('atrium-top-bar [data-action=menu]');
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await button.tap();
    // The menu measures how many items fit once it is shown.
    const statements = page.locator('atrium-side-menu [part=item][data-alias=statements]');
    await statements.waitFor({ state: 'visible' });
    await statements.tap();
    await page.waitForURL(/\/fvue\/statements\//);
    await expect.poll(() => page.locator('atrium-side-menu').isVisible()).toBe(false);
  });

  it('lets a merchant read, print and export a statement by touch', async () => {
    const page = await browser.newPage({ phone: phones[0]! });
    const token = await apiToken('SZHY10001', 'Merchant#2026');
    await page.goto(`${baseUrl()}/fvue/statements/lyfyjsd?token=${token}`);
    // The rows are cards that lead with the month and the amount due; a tap opens every
    // field with its name, and the actions.
    const card = page.locator('atrium-statement-list [data-layout=cards] li[data-row="0"]');
    await card.waitFor();
    // The folded second-level menu is one line across the screen naming the page, not a
    // 28 px strip with one character a line.
    const strip = (await page
      .locator('atrium-menu-container .rail[data-collapsed] .toggle')
      .boundingBox())!;
    expect(strip.width).toBeGreaterThan(300);
    expect(strip.height).toBeLessThanOrEqual(48);
    expect(await card.locator('[data-column=NY]').textContent()).toMatch(/^\d{4}-\d\d$/);
    expect(await card.locator('.amount b').textContent()).toMatch(/\d/);
    const confirmed = (await card.locator('.tag').getAttribute('data-code')) === '1';
    await card.locator('button.card').tap();
    const detail = page.locator('atrium-statement-list [data-card-detail]');
    await detail.waitFor();
    expect(await detail.locator('[data-column=HTH] dt').textContent()).toBe('合同号');
    expect(await detail.locator('[data-column=HTH] dd').textContent()).toMatch(/^HT-/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const print = detail.locator('[data-action=print]');
    const printBox = (await print.boundingBox())!;
    expect(printBox.height).toBeGreaterThanOrEqual(44);
    const opening = page.waitForEvent('popup');
    await print.tap();
    // An unconfirmed notice says first that opening it confirms it.
    if (!confirmed) await page.locator('[data-action=open-confirm]').tap();
    const printView = await opening;
    await printView.waitForSelector('atrium-print', { state: 'attached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.tap('atrium-statement-list [data-action=export-xlsx]'),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it("reads every word of a merchant's cards, filters and pager whole, in English", async () => {
    // English runs longest: the store and brand, the amounts, the filters in force and the
    // pager's page never end in a cut "…" on a 360 px phone.
    const page = await browser.newPage({ phone: phones[0]!, locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const token = await apiToken('SZHY10001', 'Merchant#2026');
    const texts =
      '[data-layout=cards] :is(.lead, .sub, .tag, .amount b, .amount small), .pager > *, .summary';
    let read = 0;
    for (const path of ['/lyfyjsd', '/fkqkd', '/xscx', '/shcjftzd']) {
      await page.goto(`${baseUrl()}/fvue${path}?token=${token}`);
      await page.locator('[data-layout=cards] li:not([data-pending])').first().waitFor();
      read += await page.locator(texts).count();
      const cut = await page.$$eval(texts, (nodes) =>
        nodes
          .filter(
            (node) => node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight,
          )
          .map((node) => node.textContent),
      );
      expect(cut, path).toEqual([]);
    }
    expect(read).toBeGreaterThan(40);
    await page.close();
  });

  it("titles a task's card with its subject, in the reader's language", async () => {
    const page = await browser.newPage({ phone: phones[0]! });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const token = await apiToken('mgr01', 'Staff#2026');
    await page.goto(`${baseUrl()}/fvue/v-flow/v-todo?token=${token}`);
    const card = page.locator('atrium-task-list [data-layout=cards] li[data-row]').first();
    await card.waitFor();
    // The subject says what the row is; the type badge is one of its fields.
    const title = card.locator('.title[data-column=subject]');
    expect(await title.textContent()).toMatch(/ from /);
    expect(await card.locator('dl [data-column=status] dt').textContent()).toBe('Type');
    // A time to the second has a line of its own, not half a card that cuts it.
    const time = card.locator('dl [data-column=createTime] dd');
    expect(await time.textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await time.evaluate((dd) => dd.scrollWidth - dd.clientWidth)).toBeLessThanOrEqual(0);
    // A task without a due time shows a dash under "Due", not a blank.
    const due = card.locator('dl [data-column=dueTime] dd');
    expect(await due.textContent()).toBe('');
    expect(await due.evaluate((dd) => getComputedStyle(dd, '::before').content)).toBe('"—"');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it("keeps a task's actions in one row at the thumb, the primary last, the rest under 更多", async () => {
    const page = await browser.newPage({ phone: phones[0]! });
    const token = await apiToken('mgr01', 'Staff#2026');
    // Seeded: 刘洋的请假申请（5天）, offered to the department managers mgr01 and mgr02.
    await page.goto(`${baseUrl()}/fvue/task/1700000025000000010/0?token=${token}`);
    const bar = page.locator('atrium-task [part=actions][data-phone=true]');
    await bar.waitFor();
    const boxes = await bar
      .locator(':scope > button, :scope > .more > button')
      .evaluateAll((buttons) =>
        buttons.map((button) => {
          const box = button.getBoundingClientRect();
          return {
            primary: button.getAttribute('data-primary') === 'true',
            top: box.top,
            bottom: box.bottom,
            left: box.left,
            right: box.right,
            height: box.height,
          };
        }),
      );
    expect(boxes.length).toBeLessThanOrEqual(3);
    // One row, each a finger high, inside the screen's bottom third.
    for (const box of boxes) {
      expect(box.top).toBe(boxes[0]!.top);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
      expect(box.bottom).toBeGreaterThan((740 * 2) / 3);
    }
    // The primary action is the last, at the right thumb.
    const primary = boxes.filter((box) => box.primary);
    expect(primary).toHaveLength(1);
    expect(primary[0]!.right).toBe(Math.max(...boxes.map((box) => box.right)));
    // 更多 opens its list upwards, inside the screen.
    await page.tap('atrium-task [data-action=more-actions]');
    const menu = (await page.locator('atrium-task [part=actions] [role=menu]').boundingBox())!;
    expect(menu.y).toBeGreaterThanOrEqual(0);
    expect(menu.y + menu.height).toBeLessThanOrEqual(boxes[0]!.top);
    expect(await page.locator('atrium-task [role=menuitem]').count()).toBeGreaterThan(0);
  });

  it("gives the carousel's buttons a finger's size, all inside the carousel", async () => {
    const page = await browser.newPage({ phone: phones[0] });
    await page.goto(`${baseUrl()}/fvue/home?token=${await apiToken('emp01', 'Staff#2026')}`);
    await page.waitForSelector('atrium-news-carousel [part=carousel] .controls button');
    const { sizes, past } = await carouselButtons(page);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(sizes.every(([width, height]) => width! >= 44 && height! >= 44)).toBe(true);
    expect(past).toBeLessThanOrEqual(0);
  });

  it('gives a news title two lines beside its tag and date before it is cut', async () => {
    const page = await browser.newPage({ phone: phones[0]! });
    const token = await apiToken('admin', 'Atrium#2026');
    await page.goto(`${baseUrl()}/fvue/v-personal?token=${token}`);
    const title = page.locator('atrium-news li .title').first();
    await title.waitFor();
    const { height, lineHeight } = await title.evaluate((node) => ({
      height: node.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(node).lineHeight),
    }));
    // 关于 2026 年 12 月结算单确认及开票安排的通知: one line held six of its characters.
    expect(height).toBeGreaterThan(1.5 * lineHeight);
    expect(height).toBeLessThan(2.5 * lineHeight);
    expect(await overflow(page)).toBe(0);
  });

  it('starts every news title on one line, whatever the width of its tag', async () => {
    const page = await browser.newPage({ phone: phones[0]! });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const token = await apiToken('admin', 'Atrium#2026');
    await page.goto(`${baseUrl()}/fvue/v-personal?token=${token}`);
    await page.locator('atrium-news li .title').first().waitFor();
    const items = await page
      .locator('atrium-news li')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector('.tag')!.textContent,
          Math.round(row.querySelector('.title')!.getBoundingClientRect().left),
        ]),
      );
    // "Notice" and "News" differ in width: the titles still start where the other ones do.
    expect(new Set(items.map(([tag]) => tag)).size).toBeGreaterThan(1);
    expect(new Set(items.map(([, left]) => left)).size).toBe(1);
    expect(await overflow(page)).toBe(0);
  });

  it("keeps the list pages' add dialogs inside the screen", async () => {
    const token = await apiToken('emp02', 'Staff#2026');
    const pages = [
      ['/v-personal/agent', 'atrium-agent-settings'],
      ['/v-personal/approvalItem', 'atrium-approval-phrases'],
      ['/v-mail/linkmanList', 'atrium-mail-contacts'],
      ['/v-mail/settingList', 'atrium-mail-settings'],
    ] as const;
    for (const [path, host] of pages) {
      const page = await browser.newPage({ phone: phones[0]! });
      await page.goto(`${baseUrl()}/fvue${path}?token=${token}`);
      await page.click(`${host} [data-action=add]`);
      await page.waitForSelector(`${host} [role=dialog] [data-action=save]`);
      // How far any field, label or button of the dialog reaches past the screen's right edge.
      const past = await page.locator(host).evaluate((element) => {
        const dialog = element.shadowRoot!.querySelector('[role=dialog]')!;
        const rights = [...dialog.querySelectorAll('input, select, textarea, label, button')].map(
          (each) => each.getBoundingClientRect().right,
        );
        return Math.max(...rights) - innerWidth;
      });
      expect({ path, past: Math.max(0, Math.ceil(past)) }).toEqual({ path, past: 0 });
      await page.close();
    }
  });
});
