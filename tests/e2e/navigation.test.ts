import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoPasswords, demoUsers } from '../../server/db/seed/people';
import { workflowStaff } from '../../server/db/seed/workflow/people';
import { settle, walkMenus } from './menu-walk';
import { apiToken, baseUrl, pagePool, useBrowser } from './support';

/**
 * Every page one click away (issue 12): for every demo account, open every item of the side
 * menu, every item of each area's second-level menu, and one search result of each app type,
 * as a user clicks them. None may show the 404 page, log a console error or meet a 5xx, and
 * every page a menu opens keeps the top bar and the side menu (issue 13 item 2).
 * (newhire must change the password before any menu; the password tests cover that account.)
 */
const accounts: [string, string][] = [
  ...demoUsers
    .filter((user) => user.account !== 'newhire')
    .map((user): [string, string] => [user.account, demoPasswords[user.password]]),
  ...workflowStaff.map((user): [string, string] => [user.account, 'Staff#2026']),
];

/** A search word for each app type (2 report template, 3 query view, 5 path, 6 form, 8 flow). */
const searches = ['合同打印', '考勤', '公告', '结算单', '请假', '报销'];

interface Visit {
  account: string;
  menuItems: number;
  subItems: number;
  searchTargets: number;
  problems: string[];
}

async function notFound(page: Page): Promise<boolean> {
  return (await page.locator('h1', { hasText: '404' }).count()) > 0;
}

/**
 * What the crawls of all accounts have opened: a second-level item and an app type are
 * opened by the first account that reaches them (the same route draws the same page for
 * every account; what each may see is the server's scope tests' business). Every account
 * still opens each of its side-menu items, so each area proves it opens for each menu set.
 */
const openedItems = new Set<string>();
const searchedTypes = new Set<string>();

async function crawl(page: Page, account: string, password: string): Promise<Visit> {
  const visit: Visit = { account, menuItems: 0, subItems: 0, searchTargets: 0, problems: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') visit.problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) visit.problems.push(`${response.status()} ${response.url()}`);
  });
  const check = async (what: string) => {
    await settle(page);
    if (await notFound(page)) visit.problems.push(`404 at ${page.url()} (${what})`);
  };

  const token = await apiToken(account, password);
  await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
  await walkMenus(
    page,
    async (what) => {
      if (what.startsWith('menu ')) visit.menuItems++;
      else visit.subItems++;
      await check(what);
      // A page opened from the menus sits inside the portal, with a way back.
      for (const part of ['atrium-top-bar', 'atrium-side-menu']) {
        if (!(await page.locator(part).isVisible())) {
          visit.problems.push(`${part} missing at ${page.url()} (${what})`);
        }
      }
    },
    openedItems,
  );

  for (const keyword of searches) {
    // The search box is in the top bar of every framed page: search from where the user is.
    if (!(await page.locator('atrium-top-bar input[name=keyword]').isVisible()))
      await page.goto(`${baseUrl()}/fvue/home`);
    await page.fill('atrium-top-bar input[name=keyword]', keyword);
    await page.press('atrium-top-bar input[name=keyword]', 'Enter');
    await page.waitForSelector('atrium-top-bar [data-app-type], atrium-top-bar [data-message]');
    const types = await page
      .locator('atrium-top-bar [data-app-type]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-app-type')!));
    const fresh = types.find((type) => !searchedTypes.has(type));
    if (!fresh) {
      await page.press('atrium-top-bar input[name=keyword]', 'Escape');
      await page.waitForSelector('atrium-top-bar [data-list=apps]', { state: 'detached' });
      continue;
    }
    searchedTypes.add(fresh);
    const before = page.url();
    await page.click(`atrium-top-bar [data-app-type="${fresh}"] >> nth=0`);
    await page.waitForURL((url) => url.toString() !== before);
    visit.searchTargets++;
    await check(`search ${keyword} type ${fresh}`);
  }
  return visit;
}

/** What an account can reach: its side menu and every area's second-level menu. */
async function reach(account: string, password: string): Promise<string> {
  const token = await apiToken(account, password);
  const menu = async (alias: string) => {
    const response = await fetch(
      `${baseUrl()}/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=${alias}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    return (await response.json()) as { value?: { alias: string }[] };
  };
  const top = await menu('front_menu');
  const areas = await Promise.all((top.value ?? []).map((item) => menu(item.alias)));
  return JSON.stringify([top, areas]);
}

/**
 * One account for each distinct set of reachable menus: accounts that see the same menus see
 * the same pages, so crawling both proves nothing more and doubles the run.
 */
async function representatives(): Promise<[string, string][]> {
  const seen = new Map<string, [string, string]>();
  for (const [account, password] of accounts) {
    const key = await reach(account, password);
    if (!seen.has(key)) seen.set(key, [account, password]);
  }
  console.info(`${seen.size} distinct menu sets among ${accounts.length} accounts`);
  return [...seen.values()];
}

// Decided before the tests are: each crawled account is a test of its own.
const crawled = await representatives();

describe.concurrent('every page one click away', () => {
  const browser = useBrowser();
  // Two accounts at a time (the machine has two cores), each in a browser of its own.
  let lane = 0;
  const lanes = pagePool(async () => ++lane, 2);

  for (const [account, password] of crawled) {
    it(
      `opens every menu item, sub-item and a search result of each type as ${account}`,
      () =>
        lanes.use(async () => {
          // Closed when its crawl ends: the tests run side by side, so none ends alone.
          const page = await browser.newPage();
          const visit = await crawl(page, account, password).finally(() => page.context().close());
          console.info(
            `${account}: ${visit.menuItems} menu items, ${visit.subItems} sub-items, ${visit.searchTargets} search targets`,
          );
          expect(visit.problems).toEqual([]);
          // Every account reached something beyond its home page.
          expect(visit.menuItems).toBeGreaterThan(1);
        }),
      // One account's crawl: its menus, every area's second-level menu and six searches.
      300_000,
    );
  }

  it('keeps the bare finance routes single pages for links and embedding (issue 13 item 2)', async () => {
    const token = await apiToken('SZHY10001', 'Merchant#2026');
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/lyfyjsd?token=${token}`);
    await page.waitForSelector('atrium-statement-list [data-count]');
    expect(await page.locator('atrium-top-bar').count()).toBe(0);
    expect(await page.locator('atrium-side-menu').count()).toBe(0);
  });
});
