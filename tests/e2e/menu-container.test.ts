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

const areaItems = (page: Page) =>
  page
    .locator('atrium-menu-container [part=menu] [data-alias]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-alias')));

describe('the area menu container', () => {
  const browser = useBrowser();

  it('offers the leader to-do only to a secretary who serves a leader', async () => {
    const secretary = await browser.newPage();
    await openArea(secretary, 'sec01', '/v-flow');
    // The menu can redraw once the session from ?token= settles: read it once it holds the
    // leader to-do (the clean CI once read it mid-redraw).
    await expect.poll(() => areaItems(secretary)).toContain('v-leader');

    const employee = await browser.newPage();
    await openArea(employee, 'emp01', '/v-flow');
    await expect.poll(() => areaItems(employee)).toContain('v-todo');
    expect(await areaItems(employee)).not.toContain('v-leader');
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
});
