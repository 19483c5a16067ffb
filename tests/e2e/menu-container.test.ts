import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl, useBrowser } from './support';

/** The side menu container of an area (spec/workflow-office.md 2.1, issue 12 parts 1 and 2). */
const staff = 'Staff#2026';

async function openArea(page: Page, account: string, path: string): Promise<void> {
  const token = await apiToken(account, staff);
  await page.goto(`${baseUrl()}/fvue${path}?token=${token}`);
  await page.waitForSelector('atrium-menu-container [part=menu] [data-alias]');
}

declare global {
  interface Window {
    menuDrawings?: string[][];
  }
}

/**
 * Records the area menu's items each time they change, from the first script of the page on:
 * every shadow root and the document are watched, so a menu that is drawn, taken away (its
 * container unmounted) or drawn again with other items leaves one entry per drawing.
 */
async function recordMenuDrawings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drawings: string[][] = [];
    window.menuDrawings = drawings;
    let last = '';
    const record = () => {
      const items = [...document.querySelectorAll('atrium-menu-container')].flatMap((host) => [
        ...(host.shadowRoot?.querySelectorAll('[part=menu] [data-alias]') ?? []),
      ]);
      const aliases = items.map((item) => item.getAttribute('data-alias') ?? '');
      if (aliases.join() === last) return;
      last = aliases.join();
      drawings.push(aliases);
    };
    const watch = (root: Node) =>
      new MutationObserver(record).observe(root, { childList: true, subtree: true });
    const attachShadow = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attachShadow.call(this, init);
      watch(root);
      return root;
    };
    watch(document);
  });
}

/** The drawings of the menu from its first non-empty one on. */
async function menuDrawings(page: Page): Promise<string[][]> {
  const drawings = await page.evaluate(() => window.menuDrawings ?? []);
  const first = drawings.findIndex((items) => items.length > 0);
  return first < 0 ? [] : drawings.slice(first);
}

/**
 * Opens the flow area by a deep link with ?token= and waits until it has settled: the first
 * item (the to-do list) opened in place of the area's address and the menu drawn.
 */
async function openFlowArea(page: Page, account: string): Promise<void> {
  await recordMenuDrawings(page);
  await openArea(page, account, '/v-flow');
  await page.waitForURL((url) => url.pathname === '/fvue/v-flow/v-todo');
  await page.waitForSelector('atrium-menu-container atrium-task-list[kind=todo]', {
    state: 'attached',
  });
  await page.waitForSelector('atrium-menu-container [part=menu] [data-alias]');
}

const areaItems = (page: Page) =>
  page
    .locator('atrium-menu-container [part=menu] [data-alias]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-alias')));

describe('the area menu container', () => {
  const browser = useBrowser();

  it('offers the leader to-do only to a secretary who serves a leader, drawn once', async () => {
    // A deep link with ?token= draws the menu once, complete: no drawing without the leader
    // to-do (a leader call taken for "serves no leader") and no second drawing (the frame and
    // the container unmounted while the area's address opened its first item).
    const secretary = await browser.newPage();
    await openFlowArea(secretary, 'sec01');
    const drawn = await menuDrawings(secretary);
    expect(drawn[0]).toContain('v-leader');
    expect(drawn).toEqual([drawn[0]]);
    expect(await areaItems(secretary)).toEqual(drawn[0]);

    const employee = await browser.newPage();
    await openFlowArea(employee, 'emp01');
    const employeeDrawn = await menuDrawings(employee);
    expect(employeeDrawn[0]).toContain('v-todo');
    expect(employeeDrawn[0]).not.toContain('v-leader');
    expect(employeeDrawn).toEqual([employeeDrawn[0]]);
  });

  it('opens the first item on the area address, replacing it in history, and folds to a rail', async () => {
    const page = await browser.newPage();
    await openArea(page, 'emp01', '/v-personal');
    await page.goto(`${baseUrl()}/fvue/v-flow`);
    await page.waitForURL((url) => url.pathname !== '/fvue/v-flow');
    await page.waitForSelector('atrium-menu-container [data-alias=v-todo]');
    const first = (await areaItems(page))[0];
    expect(new URL(page.url()).pathname).toBe(`/fvue/v-flow/${first}`);
    // The area address was replaced: Back leaves the area instead of bouncing into it again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname.startsWith('/fvue/v-personal'));

    await page.goForward();
    await page.waitForSelector('atrium-menu-container [part=menu]');
    const width = await page
      .locator('atrium-menu-container [part=menu]')
      .evaluate((node) => node.getBoundingClientRect().width);
    expect(width).toBe(120);
    await page.click('atrium-menu-container [data-action=toggle-menu]');
    expect(await page.locator('atrium-menu-container [part=menu]').count()).toBe(0);
    expect(
      await page.getAttribute('atrium-menu-container [data-action=toggle-menu]', 'aria-expanded'),
    ).toBe('false');
    await page.click('atrium-menu-container [data-action=toggle-menu]');
    await page.waitForSelector('atrium-menu-container [part=menu]');
  });

  it('says so when the menu cannot load, and draws it on Retry', async () => {
    // The leader call fails as a dropped connection would (the server itself is real); a
    // failed leader call must not draw a menu without the leader to-do.
    const page = await browser.newPage();
    let failing = true;
    await page.route('**/getSecretaryByUserId*', (route) =>
      failing ? route.abort('connectionreset') : route.continue(),
    );
    const token = await apiToken('sec01', staff);
    await page.goto(`${baseUrl()}/fvue/v-flow?token=${token}`);
    const retry = page.locator('atrium-menu-container [role=alert] [data-action=retry]');
    await retry.waitFor();
    expect(await page.locator('atrium-menu-container [part=menu]').count()).toBe(0);
    failing = false;
    await retry.click();
    await page.waitForSelector('atrium-menu-container [part=menu] [data-alias=v-leader]');
    expect(await page.locator('atrium-menu-container [role=alert]').count()).toBe(0);
    await page.waitForURL((url) => url.pathname === '/fvue/v-flow/v-todo');
  });

  it('shows the href of an item in a menu whose alias contains backmenu, its route elsewhere', async () => {
    // spec/workflow-office.md 2.1. The demo has no back-office menu: the server's answer for
    // one is given by the browser (the same items under two aliases); the rest is real.
    const items = [
      {
        id: 'bk-1',
        parentId: '0',
        name: '营业时间（后台）',
        alias: 'bk-hours',
        menuIcon: '',
        sn: 1,
        href: '/guides/opening-hours.html',
        menuUrl: 'template/preview/dyzl',
        children: [],
      },
      {
        id: 'bk-2',
        parentId: '0',
        name: '合同打印资料',
        alias: 'bk-dyzl',
        menuIcon: '',
        sn: 2,
        href: '',
        menuUrl: 'template/preview/dyzl',
        children: [],
      },
    ];
    const page = await browser.newPage();
    for (const alias of ['erp_backmenu', 'erp_menu'])
      await page.route(`**/getCurrentUserMenu?menuAlias=${alias}`, (route) =>
        route.fulfill({ json: { state: true, message: '', value: items } }),
      );
    const shell = 'atrium-statement-shell';
    const embedded = `${shell} iframe[data-embedded="/guides/opening-hours.html"]`;
    const list = `${shell}[path="/template/preview/dyzl"] [part=content] table`;
    // The first item is chosen for the user: in the backmenu, its href.
    await page.goto(
      `${baseUrl()}/fvue/statement/erp_backmenu?token=${await apiToken('store01', staff)}`,
    );
    await page.waitForSelector(embedded);
    expect(new URL(page.url()).pathname).toBe('/fvue/statement/href/template/bk-hours');
    await page.click(`${shell} [part=menu] [data-alias=bk-dyzl]`);
    await page.waitForSelector(list);
    await page.click(`${shell} [part=menu] [data-alias=bk-hours]`);
    await page.waitForSelector(embedded);
    expect(await page.locator(`${shell} [part=content]`).textContent()).not.toContain('404');
    // The same item in a menu whose alias does not contain backmenu follows its route.
    await page.goto(`${baseUrl()}/fvue/statement/erp_menu`);
    await page.waitForSelector(list);
    expect(new URL(page.url()).pathname).toBe('/fvue/statement/template/preview/dyzl');
    expect(await page.locator(embedded).count()).toBe(0);
  });
});
