import { describe, expect, it } from 'vitest';
import { anonymousRoutes, signedInRoutes, type RouteExpect } from './route-table';
import { apiToken, baseUrl, useBrowser } from './support';

/**
 * Walks the spec's whole route table (spec/shell.md section 2): every route renders its page;
 * routes of features that land with later issues show the 404 page, never a pretend page.
 */

describe('the route table', () => {
  const browser = useBrowser();

  async function check(
    page: Awaited<ReturnType<ReturnType<typeof useBrowser>['newPage']>>,
    path: string,
    expected: RouteExpect,
  ) {
    await page.goto(`${baseUrl()}/fvue${path}`);
    if (expected === 'login') {
      await page.waitForSelector('atrium-login input[name=account]');
      return;
    }
    if (expected === 'not-found') {
      await expect
        .poll(() => page.locator('h1').textContent(), { message: path })
        .toBe('404 未找到该页面');
      return;
    }
    await page.waitForSelector(expected.element, { state: 'attached' });
    if (expected.topBar !== undefined)
      expect(await page.locator('atrium-top-bar').count(), `${path} top bar`).toBe(
        expected.topBar ? 1 : 0,
      );
    if (expected.sideMenu !== undefined)
      expect(await page.locator('atrium-side-menu').count(), `${path} side menu`).toBe(
        expected.sideMenu ? 1 : 0,
      );
  }

  it('anonymous routes render without a session', async () => {
    const page = await browser.newPage();
    for (const [path, expected] of anonymousRoutes) await check(page, path, expected);
  });

  it('every route of the table renders its page for a signed-in user', async () => {
    const page = await browser.newPage();
    const token = await apiToken('admin', 'Atrium#2026');
    await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
    await page.waitForSelector('atrium-home', { state: 'attached' });
    for (const [path, expected] of signedInRoutes) await check(page, path, expected);
    // About a hundred page loads: the file's default 90 s is too tight on a busy machine.
  }, 240_000);

  it('print views also answer with a tenant segment, single and batch', async () => {
    const page = await browser.newPage();
    const token = await apiToken('admin', 'Atrium#2026');
    await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
    await page.waitForSelector('atrium-home', { state: 'attached' });
    for (const path of ['/print_fkqkd/hy', '/print_shcjftzd_all/hy', '/print_lyfyjsd/hy']) {
      await check(page, path, { element: 'atrium-print', topBar: false, sideMenu: false });
      expect(await page.locator('h1', { hasText: '404' }).count(), path).toBe(0);
    }
  });

  it('menu aliases add their routes at run time', async () => {
    const page = await browser.newPage();
    const token = await apiToken('store01', 'Staff#2026');
    await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
    await page.waitForSelector('atrium-side-menu [part=item]');
    // Client-side navigation keeps the runtime routes (a reload would rebuild them after the menu loads).
    await page.evaluate(() => {
      history.pushState(null, '', '/fvue/workbench/querySql/queryView/kqyc/kqycmx');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForSelector('atrium-statement-shell[menu-alias=workbench]', {
      state: 'attached',
    });
  });
});
