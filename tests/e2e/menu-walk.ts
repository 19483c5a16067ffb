import type { Page } from 'playwright-core';
import { baseUrl } from './support';

/** The festival greeting and a due tour come first on home; step past them. */
export async function passHomeInterruptions(page: Page): Promise<void> {
  await page.waitForSelector('atrium-home [data-stage]:not([data-stage=loading])');
  for (const [stage, action] of [
    ['holiday', 'close-holiday'],
    ['tour', 'skip-tour'],
  ]) {
    if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === stage) {
      await page.click(`atrium-home [data-action=${action}]`);
    }
  }
}

/** Waits until the page a click led to has drawn (an element page or a page's h1). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main') ?? document.body;
    const container = main.querySelector('atrium-menu-container');
    return (container ?? main).querySelector('[data-page], h1') !== null;
  });
}

/**
 * Clicks every item of the side menu and every item of each area's second-level menu, as a
 * user would, from a signed-in home page; `opened` runs after each click (once the page has
 * drawn) with what was clicked. A page without the side menu is left for home, as a user
 * would, before the next item. Second-level items already in `once` (opened by another
 * account's walk: the same route draws the same page kind) are not opened again.
 */
export async function walkMenus(
  page: Page,
  opened: (what: string) => Promise<void>,
  once = new Set<string>(),
) {
  await page.waitForSelector('atrium-side-menu [part=item]');
  await passHomeInterruptions(page);
  const more = page.locator('atrium-side-menu [data-action=more]');
  if (await more.count()) await more.click();
  const aliases = await page
    .locator('atrium-side-menu [data-alias]')
    .evaluateAll((nodes) => [...new Set(nodes.map((node) => node.getAttribute('data-alias')!))]);
  if (await more.count()) await more.click();
  const visit = async (what: string) => {
    await settle(page);
    await opened(what);
  };
  for (const alias of aliases) {
    if (!(await page.locator('atrium-side-menu').isVisible())) {
      await page.goto(`${baseUrl()}/fvue/home`);
      await page.waitForSelector('atrium-side-menu [part=item]');
    }
    const shown = page.locator(`atrium-side-menu [part=item][data-alias="${alias}"]`);
    if ((await shown.count()) > 0) await shown.click();
    else {
      await more.click();
      await page.click(`atrium-side-menu [data-list=more] [data-alias="${alias}"]`);
    }
    await visit(`menu ${alias}`);
    const container = page.locator('atrium-menu-container');
    if ((await container.count()) === 0) continue;
    // An area always has its second-level menu; it arrives after the page.
    await page.waitForSelector('atrium-menu-container [part=menu] [data-alias]');
    // Sub-menus open one at a time: open each, then click its leaves.
    const entries = container.locator('[part=menu] > ul > li');
    for (let i = 0; i < (await entries.count()); i++) {
      const head = entries.nth(i).locator(':scope > button');
      if ((await head.getAttribute('aria-expanded')) === null) {
        const name = await head.getAttribute('data-alias');
        if (once.has(`${alias} > ${name}`)) continue;
        once.add(`${alias} > ${name}`);
        await head.click();
        await visit(`${alias} > ${name}`);
        // A few items lead out of the area (the meeting list, the app centre): come back.
        if ((await container.count()) === 0) {
          await page.goBack();
          await page.waitForSelector('atrium-menu-container [part=menu] [data-alias]');
        }
        continue;
      }
      if ((await head.getAttribute('aria-expanded')) === 'false') await head.click();
      const leaves = entries.nth(i).locator('ul button');
      for (let j = 0; j < (await leaves.count()); j++) {
        const name = await leaves.nth(j).getAttribute('data-alias');
        if (once.has(`${alias} > ${name}`)) continue;
        once.add(`${alias} > ${name}`);
        await leaves.nth(j).click();
        await visit(`${alias} > ${name}`);
      }
    }
  }
}
