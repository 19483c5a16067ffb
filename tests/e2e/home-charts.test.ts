import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, useSession, type ApiSession } from './bare-page';
import { baseUrl, inkedPixels, tableRows, toasts, useBrowser } from './support';

/**
 * The home column container and the chart column (issue 15, parts 1 and 2): columns decided
 * from configuration in one batched request, charts drawn by ECharts, conditions, the data
 * tab's pager, the zoom slider, display rights and /column/preview/{alias}.
 */
const staffColumns = [
  'counters',
  'todo',
  'attendance',
  'favouriteApps',
  'notices',
  'news',
  // The home widgets (issue 15), then the charts below them.
  'shortcuts',
  'meetings',
  'messages',
  'newsCarousel',
  'salesChart',
  'tasksChart',
  'newsDigest',
];
const chart = (alias: string) => `atrium-home section[data-column=${alias}] atrium-chart-column`;

/** A chart drawn: brought into view first, as charts load when they come near the screen. */
async function drawnChart(page: Page, alias: string, extra = '') {
  await page.locator(`${chart(alias)} [part=chart]`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${chart(alias)} [part=chart]${extra}[data-drawn]`);
}

/** 导出图片 of a chart: the file's name and bytes. */
async function exportPicture(page: Page, alias: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${chart(alias)} [data-action=export-png]`),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

/** The festival greeting and a due tour come first; step past them to reach the columns. */
async function pastGreetings(page: Page) {
  await page.waitForSelector('atrium-home [data-stage]:not([data-stage=loading])');
  if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === 'holiday') {
    await page.click('atrium-home [data-action=close-holiday]');
  }
  if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === 'tour') {
    await page.click('atrium-home [data-action=skip-tour]');
  }
}

describe('home columns and charts', () => {
  const browser = useBrowser();
  let emp01: ApiSession;
  let admin: ApiSession;
  beforeAll(async () => {
    emp01 = await apiLogin('emp01', 'Staff#2026');
    admin = await apiLogin('admin', 'Atrium#2026');
  });

  /** Opens a page as a user, counting the column batch requests it makes. */
  async function open(session: ApiSession, path: string, options: { width?: number } = {}) {
    const page = await browser.newPage();
    await page.setViewportSize({ width: options.width ?? 1366, height: 900 });
    await useSession(page, session);
    const batches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('getColumnByAliasBatch')) batches.push(request.url());
    });
    await page.goto(`${baseUrl()}/fvue${path}`);
    if (path === '/home') await pastGreetings(page);
    return { page, batches };
  }

  async function columnsOf(page: Page) {
    await page.waitForSelector('atrium-home section[data-column=newsDigest] li');
    return page
      .locator('atrium-home section[data-column]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-column')));
  }

  it("emp01's home: every configured column, one batched request, charts drawn", async () => {
    const { page, batches } = await open(emp01, '/home');
    expect(await columnsOf(page)).toEqual(staffColumns);
    for (const alias of ['salesChart', 'tasksChart']) {
      await drawnChart(page, alias);
      await expect.poll(() => inkedPixels(page, `${chart(alias)} canvas`)).toBeGreaterThan(500);
    }
    // Columns of our widgets show their data; none shows the red error.
    expect(await page.locator('atrium-home .column-error').count()).toBe(0);
    expect(await page.locator('atrium-home section[data-column=news] li').count()).toBeGreaterThan(
      0,
    );
    const digest = page.locator('atrium-home section[data-column=newsDigest]');
    expect(await digest.locator('li[data-news]').count()).toBeGreaterThan(0);
    expect(await digest.locator('[data-total]').count()).toBe(1);
    expect(
      await page.getAttribute('atrium-home section[data-column=salesChart]', 'data-widget'),
    ).toBe('chart');
    expect(batches).toHaveLength(1);
    // Without display rights the administrators' column is not on the page.
    expect(await page.locator('atrium-home section[data-column=overdueChart]').count()).toBe(0);

    // 导出图片 saves the drawn chart as a PNG named by its title, and says so.
    const { name, bytes } = await exportPicture(page, 'salesChart');
    expect(name).toBe('门店月度销售.png');
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBeGreaterThan(5000);
    await expect.poll(() => toasts(page)).toContain('已导出图片 门店月度销售.png');
  });

  it("导出图片 in English: the file takes the chart's English title, and nothing fails on the page", async () => {
    const page = await browser.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await useSession(page, emp01);
    await page.goto(`${baseUrl()}/fvue/home`);
    await pastGreetings(page);
    await drawnChart(page, 'salesChart');
    const picture = await exportPicture(page, 'salesChart');
    expect(picture.name).toBe('Monthly sales per store.png');
    expect(picture.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    await expect.poll(() => toasts(page)).toContain('Image saved as Monthly sales per store.png');
    expect(failures).toEqual([]);
    await page.close();
  });

  it("admin's home: the pie of overdue amounts too, still one batched request", async () => {
    const { page, batches } = await open(admin, '/home');
    await page.waitForSelector('atrium-home section[data-column=overdueChart]');
    const columns = await columnsOf(page);
    expect(columns).toEqual([...staffColumns.slice(0, 12), 'overdueChart', 'newsDigest']);
    await drawnChart(page, 'overdueChart', '[data-style="3"]');
    await expect
      .poll(() => inkedPixels(page, `${chart('overdueChart')} canvas`))
      .toBeGreaterThan(500);
    expect(await page.getAttribute(`${chart('overdueChart')} [part=chart]`, 'data-zoom')).toBe(
      'false',
    );
    expect(batches).toHaveLength(1);
    // Its store condition is a list of the stores to pick from (none picked: all).
    const pie = chart('overdueChart');
    const drawn = `${pie} [part=chart][data-drawn]`;
    const rows = () => page.getAttribute(drawn, 'data-rows').then(Number);
    const allRows = await rows();
    const storeField = `${pie} details[data-condition=store]`;
    expect(await page.textContent(`${storeField} summary`)).toBe('全部');
    await page.click(`${storeField} summary`);
    const options = page.locator(`${storeField} label`);
    expect(await options.count()).toBeGreaterThan(1);
    const store = (await options.first().textContent())!;
    await options.first().click();
    expect(await page.textContent(`${storeField} summary`)).toBe(store);
    await page.click(`${pie} [data-action=query]`);
    await expect.poll(rows).toBeLessThan(allRows);
  });

  it('filters by a condition, pages the data tab and shows the zoom slider past 20 rows', async () => {
    const { page } = await open(emp01, '/home');
    const sales = chart('salesChart');
    const drawn = `${sales} [part=chart][data-drawn]`;
    await drawnChart(page, 'salesChart');
    const allRows = Number(await page.getAttribute(drawn, 'data-rows'));
    expect(allRows).toBeGreaterThan(20);
    expect(await page.getAttribute(drawn, 'data-zoom')).toBe('true');

    await page.click(`${sales} [role=tab] >> nth=1`);
    // The data tab fills in after its first answer: read it once it holds a page.
    await expect.poll(async () => (await tableRows(page, sales)).length).toBe(10);
    const first = await tableRows(page, sales);
    await expect.poll(() => page.textContent(`${sales} [data-page]`)).toContain('1');
    await page.click(`${sales} [data-action=next-page]`);
    await expect.poll(async () => (await tableRows(page, sales))[0]?.['#']).toBe('11');
    // 20 a page: the pager counts the pages again (the table draws only the rows in view).
    const total = Number(await page.getAttribute(`${sales} [data-total]`, 'data-total'));
    await page.selectOption(`${sales} select[data-action=page-size]`, '20');
    await expect
      .poll(() => page.textContent(`${sales} [data-page]`))
      .toContain(String(Math.ceil(total / 20)));
    expect(Math.ceil(total / 20)).toBeLessThan(Math.ceil(total / 10));
    // The pager counts from the total at once; the page's rows come with their answer.
    await expect.poll(async () => (await tableRows(page, sales))[0]?.['#']).toBe('1');
    // A header sorts every page on the server: page 2 goes on where page 1 ends.
    await page.click(`${sales} th[data-column=amount] button`);
    await expect
      .poll(() => page.getAttribute(`${sales} th[data-column=amount]`, 'aria-sort'))
      .toBe('ascending');
    const amount = (row?: Record<string, string>) => Number((row?.amount ?? '').replace(/,/g, ''));
    const ascending = (rows: Record<string, string>[]) =>
      rows.length > 3 && rows.every((row, i) => i === 0 || amount(rows[i - 1]) <= amount(row));
    await expect.poll(async () => ascending(await tableRows(page, sales))).toBe(true);
    const shown = await tableRows(page, sales);
    const lastShown = amount(shown[shown.length - 1]);
    await page.click(`${sales} [data-action=next-page]`);
    await expect.poll(async () => (await tableRows(page, sales))[0]?.['#']).toBe('21');
    expect(amount((await tableRows(page, sales))[0])).toBeGreaterThanOrEqual(lastShown);

    const store = first[0]!.store!;
    await page.fill(`${sales} input[data-condition=store]`, store);
    await page.click(`${sales} [data-action=query]`);
    await expect
      .poll(async () => {
        const rows = await tableRows(page, sales);
        return rows.length > 0 && rows.every((row) => row.store === store);
      })
      .toBe(true);
    // The month range picks months: one typed, the other picked in the months' calendar.
    const month = first[0]!.month!;
    await page.fill(`${sales} input[name=month-from]`, month);
    await page.click(`${sales} [data-date-field=month] >> nth=1 >> [data-action=open-calendar]`);
    await page.click(`${sales} [data-calendar=month] [data-month="${month}"]`);
    expect(await page.inputValue(`${sales} input[name=month-to]`)).toBe(month);
    await page.click(`${sales} [data-action=query]`);
    await expect
      .poll(async () => {
        const rows = await tableRows(page, sales);
        return rows.length > 0 && rows.every((row) => row.store === store && row.month === month);
      })
      .toBe(true);
    await page.click(`${sales} [role=tab] >> nth=0`);
    await expect
      .poll(async () => Number(await page.getAttribute(drawn, 'data-rows')))
      .toBeLessThan(allRows);
    await page.click(`${sales} [data-action=reset]`);
    await expect
      .poll(async () => Number(await page.getAttribute(drawn, 'data-rows')))
      .toBe(allRows);
  });

  it('/column/preview/{alias} shows a column its user has no display rights for', async () => {
    const { page, batches } = await open(emp01, '/column/preview/overdueChart');
    const pie = 'atrium-home section[data-column=overdueChart] atrium-chart-column';
    await page.waitForSelector('atrium-home [data-preview=overdueChart]');
    await expect
      .poll(() => page.locator(`${pie} [part=chart][data-drawn]`).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => inkedPixels(page, `${pie} canvas`)).toBeGreaterThan(500);
    expect(batches).toHaveLength(0);
  });

  it('shows a failed column request in red inside the column, and fits a phone', async () => {
    const page = await browser.newPage({ phone: { width: 360, height: 740 } });
    await useSession(page, emp01);
    await page.route('**/getColumnByAliasBatch', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ state: false, message: '栏目服务暂不可用' }),
      }),
    );
    await page.goto(`${baseUrl()}/fvue/home`);
    const error = page.locator('atrium-home section[data-column=salesChart] .column-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('栏目服务暂不可用');
    expect(await error.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(192, 48, 42)');
    await page.unroute('**/getColumnByAliasBatch');
    // The charting library loads when a chart comes near the screen, not with the page.
    const libraries: string[] = [];
    page.on('request', (request) => {
      if (/\/echarts-[\w-]+\.js$/.test(request.url())) libraries.push(request.url());
    });
    await page.reload();
    await page.waitForSelector('atrium-home section[data-column=salesChart] [part=chart]');
    expect(await page.locator(`${chart('salesChart')} [part=chart][data-drawn]`).count()).toBe(0);
    expect(libraries).toEqual([]);
    await drawnChart(page, 'salesChart');
    expect(libraries).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});
