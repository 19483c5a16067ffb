import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl, namedQuery, signIn, tableRows, useBrowser } from './support';

/**
 * Issue 11 in the browser: a long list asks the server for pages as it is scrolled (never
 * for the whole list), reaches the last row, and shows the count the server has.
 */
describe('long lists', () => {
  const browser = useBrowser();

  it('scrolling the designated user’s statements fetches further pages and reaches the last row', async () => {
    const page = await browser.newPage();
    await signIn(
      page,
      'admin',
      'Atrium#2026',
      `/fvue/login?redirect=${encodeURIComponent('/lyfyjsd')}`,
    );
    await page.waitForURL(`${baseUrl()}/fvue/lyfyjsd`);
    const host = 'atrium-statement-list';
    const asked: { page: number; pageSize: number; after: boolean; count?: string }[] = [];
    page.on('request', (request) => {
      const param = new URL(request.url()).searchParams.get('param');
      if (!request.url().includes('/executeSql') || !param) return;
      const descriptor = JSON.parse(Buffer.from(param, 'base64').toString('utf8'));
      asked.push({
        page: descriptor.page?.page ?? 0,
        pageSize: descriptor.page?.pageSize ?? 10_000,
        after: typeof descriptor.after === 'string',
        count: descriptor.count,
      });
    });
    // No month window: every joint notice of every merchant.
    await page.fill(`${host} input[name=startMonth]`, '');
    await page.fill(`${host} input[name=endMonth]`, '');
    await page.click(`${host} [data-action=query]`);
    const expected = await namedQuery<{ ID: string }>(await apiToken('admin', 'Atrium#2026'), {
      query: 'statement.lyfyjsd',
      count: 'exact',
      page: { page: 1, pageSize: 1 },
    });
    expect(expected.total).toBeGreaterThan(500);
    const count = page.locator(`${host} [data-count]`);
    await expect.poll(() => count.getAttribute('data-count')).toBe(String(expected.total));
    expect(await count.getAttribute('data-estimated')).toBeNull();
    expect(await count.textContent()).toContain(expected.total.toLocaleString('en-US'));

    const scroller = page.locator(`${host} [part=table]`);
    const scrollTo = (top: number) =>
      scroller.evaluate((node, value) => {
        node.scrollTop = value;
      }, top);
    // Scroll down in steps, as a user would, to the very end.
    const height = await scroller.evaluate((node) => node.scrollHeight);
    for (let top = 0; top < height; top += 1500) {
      await scrollTo(top);
      // The list draws the rows in view (and asks for their page) before the next step.
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
    }
    await scrollTo(height);
    const lastIndex = String(expected.total - 1);
    await expect
      .poll(
        async () =>
          (await tableRows(page, host)).some((row) => row.HTH !== undefined) &&
          (await page
            .locator(host)
            .evaluate(
              (element, last) =>
                Boolean(
                  element.shadowRoot!.querySelector(`tr[data-row="${last}"]:not([data-pending])`),
                ),
              lastIndex,
            )),
      )
      .toBe(true);
    const last = await namedQuery<{ ID: string; HTH: string }>(
      await apiToken('admin', 'Atrium#2026'),
      { query: 'statement.lyfyjsd', page: { page: expected.total, pageSize: 1 }, count: 'none' },
    );
    const shown = await page
      .locator(host)
      .evaluate(
        (element, last) =>
          element.shadowRoot!.querySelector(`tr[data-row="${last}"] td[data-column=HTH]`)!
            .textContent,
        lastIndex,
      );
    expect(shown).toBe(last.result[0]!.HTH);
    expect(await count.getAttribute('data-to')).toBe(String(expected.total));

    // Pages, not the list: small pages, most of them after a cursor, and many of them.
    const listPages = asked.filter((each) => each.pageSize > 1);
    expect(Math.max(...listPages.map((each) => each.pageSize))).toBeLessThanOrEqual(100);
    expect(new Set(listPages.map((each) => each.page)).size).toBeGreaterThan(5);
    expect(listPages.some((each) => each.after)).toBe(true);
    expect(listPages.filter((each) => each.count !== 'none').length).toBeLessThanOrEqual(2);
  });
});
