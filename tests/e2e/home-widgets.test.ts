import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { passHomeInterruptions } from './menu-walk';
import { call, carouselButtons, openAs, skippedHeadings, tokenOf, useBrowser } from './support';

/**
 * The home widgets (issue 15 parts 3-7) in one browser against the one server: meetings,
 * carousel, messages with read marks, favourite apps and their messages, the layout editor
 * (drag and keyboard, add, remove, reset) and the app centre. Accounts that change data
 * (ops01, hr01, admin's favourites) are ones other e2e files only read.
 */
/** Opens a route as the account; on home, steps past the greeting and the tour. */
async function open(page: Page, path: string, account: string): Promise<void> {
  await openAs(page, path, account);
  if (path.startsWith('/home')) await passHomeInterruptions(page);
}

/** The API as a demo account: GET without a body, POST with one. */
const api = async (account: string, path: string, body?: unknown) =>
  call<Record<string, unknown>>(
    await tokenOf(account),
    body === undefined ? 'GET' : 'POST',
    path,
    body,
  );

/**
 * Moves the column at the end of a list of `count` up by `places` with the keyboard, one key
 * at a time as a person does, each once the list has answered the one before: picked up,
 * moved over each place (its live region says which), dropped.
 */
async function moveUpByKeyboard(
  page: Page,
  host: string,
  alias: string,
  places: number,
  count: number,
): Promise<void> {
  await page.locator(`${host} [data-handle="${alias}"]`).focus();
  await page.keyboard.press('Space');
  await page.waitForSelector(`${host} li[data-dragging]`);
  // @dnd-kit starts listening for arrow keys from a zero-delay timer after the pick-up, and
  // Chromium runs input before timers: a timer queued now runs after that one.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  for (let step = 1; step <= places; step += 1) {
    await page.keyboard.press('ArrowUp');
    await page
      .locator(host)
      .getByText(`移到第 ${count - step} 位`)
      .waitFor({ state: 'attached' });
  }
  await page.keyboard.press('Space');
  await page.waitForSelector(`${host} li[data-dragging]`, { state: 'detached' });
}

const favouritesDialog = 'atrium-favourite-apps [role=dialog]';

/**
 * In the favourite-apps dialog, chooses its menus in turn until one lists an app `wanted`
 * accepts (given the codes already selected); answers that app's tile.
 */
async function findFavourite(
  page: Page,
  wanted: (code: string | null, selected: (string | null)[]) => boolean,
) {
  const dialog = favouritesDialog;
  const menus = page.locator(`${dialog} [data-menu-id]`);
  const apps = page.locator(`${dialog} [data-part=apps] [data-app]`);
  const selected = await page
    .locator(`${dialog} [data-part=selected] [data-app]`)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-app')));
  for (let m = 0; m < (await menus.count()); m++) {
    await menus.nth(m).click();
    await page.waitForSelector(`${dialog} [data-part=apps][aria-busy=false]`);
    const codes = await apps.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-app')),
    );
    const index = codes.findIndex((code) => wanted(code, selected));
    if (index >= 0) return apps.nth(index);
  }
  throw new Error('no such app in any menu');
}

const notChosen = (code: string | null, selected: (string | null)[]) => !selected.includes(code);
const chosenAlready = (code: string | null, selected: (string | null)[]) => selected.includes(code);

const layoutOrder = (page: Page) =>
  page.$$eval('atrium-home-layout [data-layout-column]', (rows) =>
    rows.map((row) => row.getAttribute('data-layout-column')),
  );

describe('home widgets in the browser', () => {
  const browser = useBrowser();
  afterAll(async () => {
    await api('ops01', '/portal/bpm/haiyaapi/resetMyLayout', {});
  });

  it("shows emp01's meetings, carousel, messages and shortcuts on the home page", async () => {
    const page = await browser.newPage();
    await open(page, '/home', 'emp01');
    const meetings = 'atrium-meetings [data-meeting]';
    await page.waitForSelector(meetings);
    expect(await page.locator(meetings).count()).toBe(3);
    // Meetings and meeting bookings in one order (a booking's detail goes on after its start).
    const starts = await page.$$eval('atrium-meetings [data-meeting] small', (cells) =>
      cells.map((cell) => (cell.textContent ?? '').slice(0, 16)),
    );
    expect([...starts].sort().reverse()).toEqual(starts);
    // The carousel moves by itself every 3 s, and stops while the pointer is on it.
    const carousel = 'atrium-news-carousel [part=carousel]';
    await page.waitForSelector(carousel);
    // Its poster comes at the width it is drawn (640 px on a desktop), as WebP.
    await expect
      .poll(() =>
        page
          .locator(`${carousel} img`)
          .evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : '')),
      )
      .toMatch(/\/portal\/system\/file\/v1\/picture\?fileId=\d+&pixelWidth=640$/);
    const first = await page.getAttribute(carousel, 'data-index');
    await expect
      .poll(() => page.getAttribute(carousel, 'data-index'), { timeout: 5000 })
      .not.toBe(first);
    // The home page's reminder panel sits over the bottom right: close it first.
    const tips = page.locator('atrium-home [data-action=close-tips]');
    if (await tips.count()) await tips.click();
    await page.hover(carousel);
    await expect.poll(() => page.getAttribute(carousel, 'data-running')).toBe('false');
    // The home page's headings never skip a level (the column titles were h3 under the h1).
    expect(await skippedHeadings(page)).toEqual([]);
    // Under a mouse its buttons are at least WCAG's 24 by 24 px.
    const { sizes } = await carouselButtons(page);
    expect(sizes.every(([width, height]) => width! >= 24 && height! >= 24)).toBe(true);
    await page.mouse.move(0, 0);
    await page.waitForSelector('atrium-shortcuts [data-shortcut] img');
    expect(await page.locator('atrium-shortcuts [data-shortcut]').count()).toBe(4);
    // A meeting row opens as a meeting: time, room, organiser and attendees (lead02 has
    // meetings and no bookings), with the way to the request it reviews.
    const lead02 = await browser.newPage();
    await open(lead02, '/home', 'lead02');
    const meeting = 'atrium-meetings [data-meeting][data-kind=meeting]';
    await lead02.waitForSelector(meeting);
    await lead02.locator(meeting).first().click();
    await lead02.waitForURL(/\/fvue\/meeting\//);
    const page2 = 'atrium-meetings[mode=detail]';
    await lead02.waitForSelector(`${page2} [data-room]`);
    expect(await lead02.textContent(`${page2} [data-room]`)).toMatch(/会议室/);
    expect(await lead02.textContent(`${page2} [data-time]`)).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d – \d\d:\d\d$/,
    );
    expect(
      Number(await lead02.getAttribute(`${page2} [data-attendees]`, 'data-attendees')),
    ).toBeGreaterThan(1);
    await lead02.click(`${page2} [data-action=open-request]`);
    await lead02.waitForURL(/\/fvue\/inst\//);
    await lead02.waitForSelector('atrium-task');
  });

  it("starts a phone's home with its first screen: a column further down draws when scrolled near", async () => {
    const page = await browser.newPage({ phone: { width: 360, height: 740 } });
    // A page that is never idle: only coming near the screen may start a column's body.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await open(page, '/home', 'emp01');
    const section = 'atrium-home section[data-column]';
    // What a column's body holds: its widget once started, the card's own "loading" before.
    const bodyOf = (n: number) =>
      page
        .locator(section)
        .nth(n)
        .locator('.body > *')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state') ?? 'widget'));
    const started = (children: string[]) => children.length > 0 && !children.includes('loading');
    await expect.poll(() => bodyOf(0)).toSatisfy(started);
    const last = (await page.locator(section).count()) - 1;
    expect(last).toBeGreaterThan(2);
    expect(await bodyOf(last)).toEqual(['loading']);
    await page.locator(section).nth(last).scrollIntoViewIfNeeded();
    await expect.poll(() => bodyOf(last)).toSatisfy(started);
  });

  it('marks an urge reminder read when it is opened from the message list', async () => {
    const started = await api('hr01', '/bpm-runtime/runtime/instance/v1/start', {
      flowKey: 'leave',
      data: Buffer.from(
        JSON.stringify({
          leaveType: 'annual',
          startDate: '2026-12-01',
          endDate: '2026-12-02',
          days: 2,
          reason: '家中有事',
        }),
      ).toString('base64'),
    });
    const urged = await api('hr01', '/bpm-runtime/runtime/instance/v1/sendBpmTaskUrgent', {
      instId: started.instId,
      opinion: '请尽快审批',
    });
    expect(urged.state).toBe(true);
    // The holder: whoever got the reminder (the server's job poller delivers it).
    let holder = '';
    await expect
      .poll(
        async () => {
          for (const account of ['mgr01', 'mgr02', 'lead01', 'lead02', 'gm01']) {
            const list = await api(account, '/bpm-runtime/runtime/message/v1/myList', {});
            const rows = list.rows as { procInstId: string; kind: string }[];
            if (rows.some((row) => row.procInstId === started.instId && row.kind === 'urge')) {
              holder = account;
            }
          }
          return holder;
        },
        { timeout: 15000, interval: 1000 },
      )
      .not.toBe('');
    const page = await browser.newPage();
    await open(page, '/home', holder);
    const unread = 'atrium-messages [data-message][data-read=false]:has-text("请尽快审批")';
    await page.waitForSelector(unread);
    const id = await page.getAttribute(unread, 'data-message');
    // The counter above the list: every unread message and news item, one less once read.
    const counter = 'atrium-messages [part=summary]';
    const before = Number(await page.getAttribute(counter, 'data-unread'));
    expect(before).toBeGreaterThan(0);
    expect(await page.textContent(counter)).toBe(`未读：${before} 条`);
    await page.click(unread);
    await page.waitForURL(/\/fvue\/task\//);
    await page.goBack();
    await expect
      .poll(() => page.getAttribute(`atrium-messages [data-message="${id}"]`, 'data-read'))
      .toBe('true');
    await expect
      .poll(async () =>
        (await page.locator(counter).count())
          ? Number(await page.getAttribute(counter, 'data-unread'))
          : 0,
      )
      .toBe(before - 1);
  });

  it('keeps 1 to 11 favourite apps with the exact messages', async () => {
    const page = await browser.newPage();
    // admin sees every app of the app centre: enough to reach the limit of 11.
    await open(page, '/home', 'admin');
    await page.click('atrium-favourite-apps [data-action=manage]');
    const dialog = 'atrium-favourite-apps [role=dialog]';
    const message = `${dialog} [aria-live] [data-tone]`;
    await page.waitForSelector(`${dialog} [data-part=apps] [data-app]`);
    const selected = () => page.locator(`${dialog} [data-part=selected] [data-app]`);
    // Remove down to one, then the last one stays.
    while ((await selected().count()) > 1) {
      const name = await selected().first().textContent();
      await page.locator(`${dialog} [data-remove]`).first().click();
      await expect.poll(() => page.textContent(message)).toBe(`当前应用：【${name}】您已删除。`);
    }
    await page.locator(`${dialog} [data-remove]`).first().click();
    await expect.poll(() => page.textContent(message)).toBe('常用应用最少需要保留1个。');
    // Adding the one already selected.
    const menus = page.locator(`${dialog} [data-menu-id]`);
    // The apps panel of the menu just chosen, loaded (a menu may have none).
    const shownApps = `${dialog} [data-part=apps][aria-busy=false]`;
    const appTile = (code: string | null) => `${dialog} [data-part=apps] [data-app="${code}"]`;
    /** Chooses menus until one lists the app. */
    const showApp = async (code: string | null) => {
      for (let m = 0; m < (await menus.count()); m++) {
        await menus.nth(m).click();
        await page.waitForSelector(shownApps);
        if ((await page.locator(appTile(code)).count()) > 0) return;
      }
      throw new Error(`app ${code} is in no menu`);
    };
    const kept = await selected().first().getAttribute('data-app');
    const keptName = await selected().first().textContent();
    await showApp(kept);
    await page.click(appTile(kept));
    await expect.poll(() => page.textContent(message)).toBe(`当前应用：【${keptName}】您已选中。`);
    // Fill up to 11 from every menu of the tree, then one more is refused.
    for (let m = 0; m < (await menus.count()) && (await selected().count()) < 11; m++) {
      await menus.nth(m).click();
      await page.waitForSelector(shownApps);
      const apps = page.locator(`${dialog} [data-part=apps] [data-app]`);
      for (let i = 0; i < (await apps.count()) && (await selected().count()) < 11; i++) {
        await apps.nth(i).click();
      }
    }
    expect(await selected().count()).toBe(11);
    const selectedCodes = await selected().evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-app')),
    );
    // One more than 11, from whichever menu lists an app not yet chosen.
    await (await findFavourite(page, notChosen)).click();
    await expect.poll(() => page.textContent(message)).toBe('常用应用最多只能设置11个。');
    // At the limit, an app already chosen is said to be chosen, not refused as one too many.
    const again = await findFavourite(page, chosenAlready);
    const againName = await again.textContent();
    await again.click();
    await expect.poll(() => page.textContent(message)).toBe(`当前应用：【${againName}】您已选中。`);
    expect(await selected().count()).toBe(11);
    await page.click(`${dialog} [data-action=save]`);
    await page.waitForSelector(dialog, { state: 'detached' });
    await expect
      .poll(() => page.locator('atrium-favourite-apps [part=apps] [data-app]').count())
      .toBe(11);
    const saved = (await api('admin', '/portal/bpm/haiyaapi/getOftenFlows', {})) as unknown as {
      yybm: string;
    }[];
    expect(saved.map((app) => app.yybm)).toEqual(selectedCodes);
  });

  it('says in English at the limit: one more is too many, one already chosen is chosen', async () => {
    // admin's 11 favourites (the test above saved them; filled up here when run alone),
    // nothing saved.
    const page = await browser.newPage();
    await openAs(page, '/home', 'admin', 'en-US');
    await passHomeInterruptions(page);
    await page.click('atrium-favourite-apps [data-action=manage]');
    const dialog = favouritesDialog;
    const message = `${dialog} [aria-live] [data-tone]`;
    const selected = page.locator(`${dialog} [data-part=selected] [data-app]`);
    await page.waitForSelector(`${dialog} [data-part=apps] [data-app]`);
    while ((await selected.count()) < 11) await (await findFavourite(page, notChosen)).click();
    await (await findFavourite(page, notChosen)).click();
    await expect
      .poll(() => page.textContent(message))
      .toBe('You can set at most 11 favourite apps.');
    const again = await findFavourite(page, chosenAlready);
    const name = await again.textContent();
    expect(name).not.toMatch(/[\u4e00-\u9fff]/);
    await again.click();
    await expect.poll(() => page.textContent(message)).toBe(`App [${name}] is already selected.`);
    expect(await selected.count()).toBe(11);
  });

  it('reorders the layout by drag and by keyboard, adds, removes and resets; it persists', async () => {
    const page = await browser.newPage();
    await open(page, '/v-personal/myLayout', 'ops01');
    await page.waitForSelector('atrium-home-layout [data-layout-column]');
    const start = await layoutOrder(page);
    expect(start.length).toBeGreaterThan(3);
    // Drag the second column above the first.
    const handle = (alias: string | null) =>
      page.locator(`atrium-home-layout [data-handle="${alias}"]`);
    const from = await handle(start[1]!).boundingBox();
    const to = await handle(start[0]!).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + 5, from!.y - 10, { steps: 5 });
    // Each step once the list has answered the one before, as a hand does: picked up, then
    // over the first place, then dropped.
    await page.waitForSelector('atrium-home-layout li[data-dragging]');
    await page.mouse.move(to!.x + to!.width / 2, to!.y - 4, { steps: 10 });
    await page
      .locator('atrium-home-layout')
      .getByText('移到第 1 位')
      .waitFor({ state: 'attached' });
    await page.mouse.up();
    await expect.poll(() => layoutOrder(page)).toEqual([start[1], start[0], ...start.slice(2)]);
    // Keyboard: the last column two places up.
    const last = start[start.length - 1]!;
    await moveUpByKeyboard(page, 'atrium-home-layout', last, 2, start.length);
    const moved = [start[1], start[0], ...start.slice(2, -3), last, ...start.slice(-3, -1)];
    await expect.poll(() => layoutOrder(page)).toEqual(moved);
    // Remove one, add one, wider.
    await page.click(`atrium-home-layout [data-remove="${start[2]}"]`);
    await page.selectOption('atrium-home-layout select[data-add]', start[2]!);
    await page.click('atrium-home-layout [data-action=add]');
    await page.selectOption(`atrium-home-layout select[data-width="${start[2]}"]`, '12');
    const edited = [...moved.filter((alias) => alias !== start[2]), start[2]];
    await page.click('atrium-home-layout [data-action=save]');
    await expect
      .poll(() => page.getAttribute('atrium-home-layout [data-custom]', 'data-custom'))
      .toBe('true');
    await page.reload();
    await page.waitForSelector('atrium-home-layout [data-layout-column]');
    expect(await layoutOrder(page)).toEqual(edited);
    // The home page follows the saved order.
    await open(page, '/home', 'ops01');
    await page.waitForSelector('atrium-home [data-column]');
    const home = await page.$$eval('atrium-home [data-column]', (nodes) =>
      nodes.map((node) => node.getAttribute('data-column')),
    );
    expect(home.filter((alias) => edited.includes(alias))).toEqual(
      edited.filter((alias) => home.includes(alias ?? null)),
    );
    // Reset: the role's layout again.
    await open(page, '/v-personal/myLayout', 'ops01');
    await page.waitForSelector('atrium-home-layout [data-layout-column]');
    await page.click('atrium-home-layout [data-action=reset]');
    await expect
      .poll(() => page.getAttribute('atrium-home-layout [data-custom]', 'data-custom'))
      .toBe('false');
    expect(await layoutOrder(page)).toEqual(start);
  });

  it('opens an app of each type from the app centre, and /meetingList/0 lists meetings', async () => {
    const page = await browser.newPage();
    await open(page, '/appCenterFront', 'emp01');
    await page.waitForSelector('atrium-app-centre [data-app]');
    await page.locator('atrium-app-centre [data-app]').first().click();
    // The click goes to /appContent/{type}/..., which hands over to the app's own page.
    await page.waitForURL((url) => !/appCenterFront|appContent/.test(url.pathname));
    expect(new URL(page.url()).pathname).toMatch(
      /\/(agentStartByKey|previewForm|statement)\/|\/fvue\/[a-zA-Z]/,
    );
    await open(page, '/meetingList/0', 'emp01');
    await page.waitForSelector('atrium-meetings[mode=list] [data-meeting]');
    await page.waitForSelector('atrium-meetings [part=pager]');
  });

  it('lets the administrator create a column group and reorder a group by keyboard for its role', async () => {
    const page = await browser.newPage();
    const tag = 'atrium-home-groups';
    type Groups = { groups: { id: string; name: string; roleId: string }[] };
    const groups = async () =>
      ((await api('admin', '/portal/bpm/haiyaapi/getLayoutGroups')).value as Groups).groups;
    const before = await groups();
    const staffGroup = before.find((group) => group.name === '员工首页')!;
    const original = (
      (await api('admin', `/portal/bpm/haiyaapi/getLayoutGroup?id=${staffGroup.id}`)).value as {
        columns: { alias: string; x: number; y: number; w: number; h: number }[];
      }
    ).columns.map(({ alias, x, y, w, h }) => ({ alias, x, y, w, h }));
    await open(page, '/v-personal/groupManager', 'admin');
    await page.waitForSelector(`${tag} [data-group-row="${staffGroup.id}"]`);
    // Create: a name and a role that has no group yet.
    await page.click(`${tag} [data-action=add]`);
    await page.fill(`${tag} [data-dialog=group] input[name=name]`, '运营首页');
    const role = await page.$eval(
      `${tag} [data-dialog=group] select[name=roleId] option:nth-child(2)`,
      (option) => (option as HTMLOptionElement).value,
    );
    await page.selectOption(`${tag} [data-dialog=group] select[name=roleId]`, role);
    await page.click(`${tag} [role=dialog] [data-action=ok]`);
    await expect.poll(async () => (await groups()).length).toBe(before.length + 1);
    const created = (await groups()).find((group) => group.roleId === role)!;
    expect(created.name).toBe('运营首页');
    await page.waitForSelector(`${tag} [data-group-row="${created.id}"]`);
    // Edit the staff group: the last column two places up by keyboard, then save.
    await page.click(`${tag} [data-group-row="${staffGroup.id}"] [data-action=edit]`);
    await page.waitForSelector(`${tag} [data-layout-column]`);
    const order = () =>
      page.$$eval(`${tag} [data-layout-column]`, (rows) =>
        rows.map((row) => row.getAttribute('data-layout-column')),
      );
    const start = await order();
    const last = start[start.length - 1]!;
    await moveUpByKeyboard(page, tag, last, 2, start.length);
    const moved = [...start.slice(0, -3), last, ...start.slice(-3, -1)];
    await expect.poll(order).toEqual(moved);
    await page.click(`${tag} [data-action=save]`);
    await page.waitForSelector(`${tag} [data-group-row="${staffGroup.id}"]`);
    // A staff user without a layout of their own sees the new order on their home page.
    await open(page, '/home', 'ops01');
    await page.waitForSelector(`atrium-home [data-column="${last}"]`);
    const home = await page.$$eval('atrium-home [data-column]', (nodes) =>
      nodes.map((node) => node.getAttribute('data-column')),
    );
    expect(home.filter((alias) => moved.includes(alias))).toEqual(
      moved.filter((alias) => home.includes(alias)),
    );
    // ... which is not the order it had before.
    expect(home.filter((alias) => moved.includes(alias))).not.toEqual(
      start.filter((alias) => home.includes(alias)),
    );
    // Delete the new group with the shared remove dialog; put the staff group back.
    await open(page, '/v-personal/groupManager', 'admin');
    await page.click(`${tag} [data-group-row="${created.id}"] [data-action=delete]`);
    await page.click(`${tag} [role=dialog] [data-action=confirm]`);
    await expect.poll(async () => (await groups()).length).toBe(before.length);
    await api('admin', '/portal/bpm/haiyaapi/saveLayoutGroup', {
      id: staffGroup.id,
      columns: original,
    });
  });
});
