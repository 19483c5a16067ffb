import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seedId } from '../../server/db/seed/ids';
import { apiLogin, openSameOrigin, useSession } from './bare-page';
import { passHomeInterruptions } from './menu-walk';
import { baseUrl, call, openAs, tokenOf, useBrowser, visit } from './support';

/**
 * Issue 39, items 2-6, as a user sees them: expired news leave the cards, the carousel, the
 * lists and the unread count (a news manager still finds them); the side menu (应用 after
 * 首页, the unread dot on 通讯录 alone, the guide button away from home); 今日会议 lists
 * today's meetings only, and one opens as a meeting (issue 37, part 7); the messages (the status report's labels, the to-do card's tag in
 * English, the upload error's list of formats in English).
 */

/** The seeded items past their end date (server/db/seed/news.ts, the last two). */
const expired = [seedId(6, 8), seedId(6, 9)];

interface NewsRow {
  id: string;
  type: string;
  status: string;
  start_: string;
}

const newsIds = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-news-id') ?? ''));

/** The side menu's items that carry the unread dot. */
const unreadDots = (page: Page) =>
  page
    .locator('atrium-side-menu [data-unread]')
    .evaluateAll((nodes) =>
      nodes.map((node) => node.closest('[data-alias]')?.getAttribute('data-alias')),
    );

describe('every row of the spec (issue 39) in the browser', () => {
  const browser = useBrowser();
  // emp01's Chinese tab, reused across tests (each test leaves it on a page of its own).
  let emp01: Page;
  const emp01Page = async () => {
    if (!emp01) {
      emp01 = await browser.newPage({ shared: true });
      await openAs(emp01, '/home', 'emp01');
      await passHomeInterruptions(emp01);
    }
    return emp01;
  };

  it('leaves expired news out of the home cards, the carousel, the lists and the unread count', async () => {
    const token = await tokenOf('emp01');
    const running = await call<NewsRow[]>(token, 'GET', '/portal/portalNewsNotice/v1/getNews');
    expect(running.map((item) => item.id)).not.toContain(expired[0]);
    expect(running.every((item) => item.start_ === '启用')).toBe(true);
    const page = await emp01Page();

    // The home's announcement and news cards.
    await page.waitForSelector('atrium-home [data-news-id]');
    const cards = await newsIds(page, 'atrium-home [data-news-id]');
    expect(cards.length).toBeGreaterThan(0);
    for (const id of expired) expect(cards).not.toContain(id);

    // The carousel: every slide, stepped through by hand once paused.
    const carousel = 'atrium-news-carousel [part=carousel]';
    await page.waitForSelector(carousel);
    await page.click('atrium-news-carousel [data-action=pause]');
    const slides = await page.locator(`${carousel} .controls button[aria-current]`).count();
    expect(slides).toBe(running.filter((item) => item.type === '0').length);
    const seen = new Set<string>();
    for (let i = 0; i < slides; i += 1) {
      await page.locator(`${carousel} .controls button[aria-current]`).nth(i).click();
      await page.waitForSelector(`${carousel}[data-index="${i}"]`);
      seen.add((await page.getAttribute(`${carousel} .slide`, 'data-news-id')) ?? '');
    }
    expect(seen.size).toBe(slides);
    for (const id of expired) expect(seen).not.toContain(id);

    // The lists, and the unread count agrees with what they show.
    const list = 'atrium-news [part=list] [data-news-id]';
    for (const path of ['/vnewsList/all', '/newsList/1', '/newsList/0']) {
      await visit(page, path);
      await page.waitForSelector(list);
      const ids = await newsIds(page, list);
      for (const id of expired) expect(ids, path).not.toContain(id);
      if (path === '/vnewsList/all') {
        expect(ids).toEqual(running.map((item) => item.id));
        const unreadShown = await page.locator('atrium-news [part=list] li.unread').count();
        const count = await call<{ value: { count: number } }>(
          token,
          'GET',
          '/portal/bpm/haiyaapi/isReadNews?account=emp01',
        );
        expect(count.value.count).toBe(unreadShown);
        expect(unreadShown).toBe(running.filter((item) => item.status === '未读').length);
        // Staff who do not manage news have no way to show the ended ones.
        expect(await page.locator('atrium-news [data-action=show-ended]').count()).toBe(0);
      }
    }
  });

  it.each(['zh-CN', 'en-US'] as const)(
    'shows a news manager the ended items on request, marked as ended (%s)',
    async (language) => {
      const page = await browser.newPage({ locale: language });
      await openAs(page, '/vnewsList/all', 'admin', language);
      const list = 'atrium-news [part=list] [data-news-id]';
      await page.waitForSelector(list);
      for (const id of expired) expect(await newsIds(page, list)).not.toContain(id);
      await page.check('atrium-news [data-action=show-ended]');
      await expect.poll(() => newsIds(page, list)).toEqual(expect.arrayContaining(expired));
      const ended = await page
        .locator('atrium-news [part=list] .ended')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
      expect(ended).toHaveLength(expired.length);
      for (const text of ended)
        expect(text).toMatch(
          language === 'en-US' ? /^Ended \d{4}-\d\d-\d\d$/ : /^已过期 \d{4}-\d\d-\d\d$/,
        );
      if (language === 'zh-CN') {
        // 铺位分配 and 考勤 (under 更多 for an administrator) carry no dot: 铺位分配 shares
        // the contacts item's icon name, not its dot.
        await page.click('atrium-side-menu [data-action=more]');
        const more = 'atrium-side-menu [data-list=more]';
        await page.waitForSelector(`${more} [data-alias=editMapYy]`);
        await page.waitForSelector(`${more} [data-alias=v-check]`);
        await expect.poll(() => unreadDots(page)).toEqual(['v-mail']);
      }
      await page.close();
    },
  );

  it('puts 应用 after 首页, lights the unread dot on 通讯录 alone, and starts the tour anywhere', async () => {
    const page = await emp01Page();
    await visit(page, '/home');
    await passHomeInterruptions(page);
    const items = 'atrium-side-menu [part=item]';
    await page.waitForSelector(items);
    const aliases = await page
      .locator(items)
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-alias')));
    expect(aliases.slice(0, 2)).toEqual([aliases[0], 'application']);
    expect(await page.textContent(`${items}[data-alias=application] .label`)).toBe('应用');

    // emp01 has unread news: the dot is on 通讯录 and on nothing else.
    const dots = () => unreadDots(page);
    await expect.poll(dots).toEqual(['v-mail']);
    // The guide button on another page opens home with the tour.
    await visit(page, '/vnewsList/all');
    await page.waitForSelector('atrium-news');
    await page.click('atrium-top-bar [data-action=tour]');
    await page.waitForSelector('atrium-home [data-tour-step]');
    expect(new URL(page.url()).pathname).toBe('/fvue/home');
    await page.click('atrium-home [data-action=skip-tour]');
    await page.waitForSelector('atrium-home [data-tour-step]', { state: 'detached' });
  });

  it("lists only today's meetings in 今日会议", async () => {
    const token = await tokenOf('emp01');
    const today = inject('today');
    const all = await call<{ value?: { rows: { kssj: string }[] }; rows?: { kssj: string }[] }>(
      token,
      'POST',
      '/portal/portal/meeting/v1/getMeetingPagination',
      { pageBean: { page: 1, pageSize: 100 } },
    );
    const rows = all.value?.rows ?? all.rows ?? [];
    // The seed gives emp01 meetings on other days too: the card has something to leave out.
    expect(rows.some((row) => !row.kssj.startsWith(today))).toBe(true);
    const page = await emp01Page();
    await visit(page, '/home');
    await passHomeInterruptions(page);
    await page.waitForSelector('atrium-meetings [data-meeting]');
    const starts = await page.$$eval('atrium-meetings [data-meeting] small', (cells) =>
      cells.map((cell) => cell.textContent ?? ''),
    );
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) expect(start.startsWith(today), start).toBe(true);
  });

  it('opens a meeting of 今日会议 as a meeting: time, room, organiser, attendees, in both languages', async () => {
    const page = await emp01Page();
    await visit(page, '/home');
    await page.click('atrium-meetings button[data-kind=meeting] >> nth=0');
    await page.waitForSelector('atrium-meetings article[data-meeting]');
    expect(new URL(page.url()).pathname).toMatch(/^\/fvue\/meeting\//);
    const id = await page.getAttribute('atrium-meetings article', 'data-meeting');
    const read = async (target: Page) => ({
      time: await target.textContent('atrium-meetings [data-time]'),
      room: await target.textContent('atrium-meetings [data-room]'),
      organiser: await target.textContent('atrium-meetings [data-organiser]'),
      attendees: Number(await target.getAttribute('atrium-meetings ul', 'data-attendees')),
      terms: await target.locator('atrium-meetings dt').allTextContents(),
    });
    const chinese = await read(page);
    expect(chinese.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(chinese.room).toMatch(/会议室/);
    expect(chinese.organiser).not.toBe('—');
    expect(chinese.attendees).toBeGreaterThan(1);
    expect(chinese.terms[0]).toBe('时间');
    // The same meeting in English: its room and the page's words in English.
    const english = await browser.newPage({ locale: 'en-US' });
    await openAs(english, `/meeting/${id}`, 'emp01', 'en-US');
    await english.waitForSelector('atrium-meetings article[data-meeting]');
    const read2 = await read(english);
    expect(read2.terms).toEqual([
      'Time',
      'Room',
      'Organiser',
      `Attendees (${chinese.attendees})`,
      'About',
    ]);
    expect(read2.room).toMatch(/^HQ meeting room/);
    expect(read2.time).toBe(chinese.time);
    await english.close();
  });

  it('labels the tasks-by-status report in words, never a message key', async () => {
    const token = await tokenOf('admin');
    for (const language of ['zh-CN', 'en-US']) {
      const response = await fetch(
        `${baseUrl()}/bpm-runtime/runtime/report/v1/getEchartsData?reportId=tasksByStatus`,
        { headers: { authorization: `Bearer ${token}`, 'accept-language': language } },
      );
      const chart = (await response.json()) as { xAxis: string[] };
      expect(chart.xAxis.length).toBeGreaterThan(0);
      for (const label of chart.xAxis) expect(label).not.toMatch(/workflow:|^[A-Z]+$/);
    }
  });

  it("keeps the to-do card's Circulated tag clear of the title, in English", async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    // The seed has no circulated task: the card's answer says the first one is.
    await page.route('**/getTodoList', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        rows?: { status: string; subject: string }[];
        value?: { rows: { status: string; subject: string }[] };
      };
      const first = (body.value?.rows ?? body.rows ?? [])[0];
      if (first) first.status = 'TRANSFORMED';
      await route.fulfill({ response, json: body });
    });
    await openAs(page, '/home', 'emp01', 'en-US');
    await passHomeInterruptions(page);
    const row = 'atrium-todo-card tbody tr[data-row]';
    await page.waitForSelector(`${row} [data-task]`);
    const boxes = await page
      .locator(row)
      .first()
      .evaluate((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        const tag = cells.find((cell) => cell.textContent === 'Circulated');
        const title = tr.querySelector('[data-task]');
        const inner = tag?.firstElementChild ?? tag;
        return {
          tag: inner ? inner.getBoundingClientRect().right : null,
          title: title ? title.getBoundingClientRect().left : null,
        };
      });
    expect(boxes.tag).not.toBeNull();
    expect(boxes.tag!).toBeLessThanOrEqual(boxes.title!);
    await page.close();
  });

  it('names the accepted formats with an English list separator', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    const session = await apiLogin('store01', 'Staff#2026');
    await useSession(page, session);
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await openSameOrigin(
      page,
      '/spec-rows-upload',
      '<atrium-attachments multiple accept=".pdf,.jpg"></atrium-attachments>',
      ['attachments'],
      'en-US',
    );
    await page.waitForSelector('atrium-attachments table');
    await page.setInputFiles('atrium-attachments input[type=file]', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('opening hours'),
    });
    expect(await page.textContent('atrium-attachments [data-message]')).toBe(
      'Uploaded attachment can only be pdf, jpg format',
    );
    // The server says the same in English.
    const form = new FormData();
    form.append('files', new Blob(['opening hours']), 'notes.txt');
    const refused = await fetch(`${baseUrl()}/portal/system/file/v1/upload?accept=.pdf,.jpg`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'accept-language': 'en-US' },
      body: form,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Uploaded attachment can only be pdf, jpg format',
    );
    await page.close();
  });
});
