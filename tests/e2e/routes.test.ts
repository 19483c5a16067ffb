import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, type ExpectStatic } from 'vitest';
import { anonymousRoutes, firstOfEachElement, signedInRoutes, type Route } from './route-table';
import {
  apiToken,
  baseUrl,
  pageKind,
  pagePool,
  passwordOf,
  tokenOf,
  useBrowser,
  visit,
} from './support';

/**
 * Walks the spec's whole route table (spec/shell.md section 2): every route renders its page;
 * routes of features that land with later issues show the 404 page, never a pretend page. One
 * test per route; a route that names another draws that route's very page, which is what lets
 * the other walks check each page once.
 *
 * The first route of each element is a fresh load of its address (a bookmark: the page boots
 * on it); the others are reached inside the page, by the router that a fresh load runs too,
 * so each route still says what it draws without the whole portal starting again for it.
 */

/** Shows a route and waits for what it must show; answers the kind of page it drew. */
async function check(
  page: Page,
  [path, expected]: Route,
  expect: ExpectStatic,
  load: 'fresh' | 'inside' = 'fresh',
): Promise<string> {
  if (load === 'fresh') await page.goto(`${baseUrl()}/fvue${path}`);
  else await visit(page, path);
  if (expected === 'login') {
    await page.waitForSelector('atrium-login input[name=account]');
    return pageKind(page);
  }
  if (expected === 'not-found') {
    await expect
      .poll(() => page.locator('h1').textContent(), { message: path })
      .toBe('404 未找到该页面');
    return pageKind(page);
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
  return pageKind(page);
}

/** Pairs of routes where the first must draw the page of the second. */
const sharing = (routes: Route[]) =>
  routes.flatMap(([path, , sameAs]) => (sameAs ? [[path, sameAs] as const] : []));

describe('the route table', () => {
  const browser = useBrowser();
  /** The kind of page each route drew, by table and path. */
  const drawn = { anonymous: new Map<string, string>(), signedIn: new Map<string, string>() };

  describe.concurrent('anonymous routes render without a session', () => {
    const pages = pagePool(() => browser.newPage({ shared: true }), 2);
    for (const route of anonymousRoutes) {
      it(route[0], ({ expect }) =>
        pages.use(async (page) => drawn.anonymous.set(route[0], await check(page, route, expect))),
      );
    }
  });

  describe.concurrent('every route of the table renders its page for a signed-in user', () => {
    // One administrator (who sees every page), in two tabs of one browser taking turns.
    let admin: Promise<[BrowserContext, string]> | undefined;
    const pages = pagePool(async () => {
      admin ??= Promise.all([browser.newContext({ shared: true }), tokenOf('admin')]);
      const [context, token] = await admin;
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
      await page.waitForSelector('atrium-home', { state: 'attached' });
      return page;
    }, 2);
    const fresh = firstOfEachElement(signedInRoutes);
    for (const route of signedInRoutes) {
      const load = fresh.has(route) ? 'fresh' : 'inside';
      it(route[0], ({ expect }) =>
        pages.use(async (page) =>
          drawn.signedIn.set(route[0], await check(page, route, expect, load)),
        ),
      );
    }
  });

  describe('routes that share a page', () => {
    for (const [table, routes] of [
      ['anonymous', anonymousRoutes],
      ['signedIn', signedInRoutes],
    ] as const) {
      for (const [path, sameAs] of sharing(routes)) {
        it(`${path} draws the page of ${sameAs}`, () => {
          const kinds = drawn[table];
          expect(kinds.get(path), path).toBeDefined();
          expect(kinds.get(path)).toBe(kinds.get(sameAs));
        });
      }
    }
  });

  it('print views also answer with a tenant segment, single and batch', async () => {
    const page = await browser.newPage();
    const token = await apiToken('admin', 'Atrium#2026');
    await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
    await page.waitForSelector('atrium-home', { state: 'attached' });
    for (const path of ['/print_fkqkd/hy', '/print_shcjftzd_all/hy', '/print_lyfyjsd/hy']) {
      await check(
        page,
        [path, { element: 'atrium-print', topBar: false, sideMenu: false }],
        expect,
      );
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

  it('routes inside the page after a page without the frame', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/home?token=${await tokenOf('admin')}`);
    await page.waitForSelector('atrium-home', { state: 'attached' });
    await visit(page, '/mapContainer');
    await page.waitForSelector('atrium-floor-map', { state: 'attached' });
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    // The attendance area picks its first item itself: a request to navigate the host answers.
    await visit(page, '/v-check');
    await page.waitForURL(/\/fvue\/v-check\/v-\w+Check$/);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  });

  it('opens an address of a menu alias from a bookmark, a reload and after sign-in', async () => {
    const path = '/workbench/querySql/queryView/kqyc/kqycmx';
    const shown = 'atrium-statement-shell[menu-alias=workbench]';
    const page = await browser.newPage();
    // No session: to the login page, and back to the address once signed in.
    await page.goto(`${baseUrl()}/fvue${path}`);
    await page.waitForURL(/\/fvue\/login\?redirect=/);
    await page.fill('atrium-login input[name=account]', 'store01');
    await page.fill('atrium-login input[name=password]', passwordOf('store01'));
    await page.click('atrium-login button[type=submit]');
    await page.waitForURL(`${baseUrl()}/fvue${path}`);
    await page.waitForSelector(shown, { state: 'attached' });
    // A reload of the same address opens it again, not the 404 page.
    await page.reload();
    await page.waitForSelector(shown, { state: 'attached' });
    expect(await page.locator('h1', { hasText: '404' }).count()).toBe(0);
    // An address no menu names is still not found once the menus are read.
    await page.goto(`${baseUrl()}/fvue/workbench/no/such/item`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('404 未找到该页面');
  });

  it('opens /{menuAlias}/{itemAlias} from a bookmark, signed out and signed in', async () => {
    // spec/workflow-office.md 2.1: choosing an item goes to /{menuAlias}/{itemAlias}. Such an
    // address opens the item's page under the menu's alias (its menu beside it, a reload
    // keeps both), however it is opened; one the menu does not hold is not found.
    const item = '/workbench/wb-dyzl';
    const shell = 'atrium-statement-shell[menu-alias=workbench]';
    const shellText = (page: Page) =>
      page.locator('atrium-statement-shell').evaluate((element) => element.shadowRoot!.textContent);
    /** The item's page under the workbench menu: its address, the page and the menu. */
    const shows = async (page: Page, path: string) => {
      await page.waitForURL(`${baseUrl()}/fvue/workbench/${path}`);
      await page.waitForSelector(`${shell}[path="/${path}"] [part=menu] [data-alias=wb-dyzl]`);
      expect(await shellText(page)).not.toContain('404');
    };
    const page = await browser.newPage();
    // No session: to the login page with the address to come back to, then the item.
    await page.goto(`${baseUrl()}/fvue${item}`);
    await page.waitForURL(/\/fvue\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/fvue${item}`);
    await page.fill('atrium-login input[name=account]', 'store01');
    await page.fill('atrium-login input[name=password]', passwordOf('store01'));
    await page.click('atrium-login button[type=submit]');
    await shows(page, 'template/preview/dyzl');
    await page.waitForSelector(`${shell} [part=content] table`);

    // Signed in (the session is the tab's, in sessionStorage): each bookmark a fresh load,
    // and the page it led to reloaded.
    await page.goto(`${baseUrl()}/fvue/workbench/wb-kqyc`);
    await shows(page, 'querySql/queryView/kqyc/kqycmx');
    await page.reload();
    await shows(page, 'querySql/queryView/kqyc/kqycmx');
    // Items that lead to an embedded page and to a page of its own.
    await page.goto(`${baseUrl()}/fvue/workbench/wb-hours`);
    await page.waitForSelector(
      'atrium-statement-shell iframe[data-embedded="/guides/opening-hours.html"]',
    );
    await page.goto(`${baseUrl()}/fvue/workbench/wb-wfzdrw`);
    await page.waitForURL(`${baseUrl()}/fvue/flowcenter/template/preview/wfzdrw`);
    // An item the menu does not hold, and one this user may not see (emp01 below).
    await page.goto(`${baseUrl()}/fvue/workbench/no-such-item`);
    await expect.poll(() => shellText(page)).toContain('404 未找到该页面');
    const employee = await browser.newPage();
    await employee.goto(`${baseUrl()}/fvue${item}?token=${await tokenOf('emp01')}`);
    await expect.poll(() => shellText(employee)).toContain('404 未找到该页面');
    expect(await employee.locator('atrium-statement-shell table').count()).toBe(0);
  });

  it("shows a visitor's 404 as a plain page with a way to sign in, on a phone too", async () => {
    const page = await browser.newPage({ phone: { width: 360, height: 740 } });
    await page.goto(`${baseUrl()}/fvue/no/such/page`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('404 未找到该页面');
    expect(await page.locator('atrium-top-bar, atrium-side-menu').count()).toBe(0);
    await page.click('a[data-link=login]');
    await page.waitForSelector('atrium-login input[name=account]');
  });
});
