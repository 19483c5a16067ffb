import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffId } from '../../server/db/seed/workflow/people';
import { call, openAs, settler, tokenOf, useBrowser } from './support';

/**
 * System modules (/sysModulePreview/{id}), the supervision tasks' target
 * (/flowcenter/template/preview/wfzdrw) and meeting bookings on the meetings card, in the
 * browser (issue 17; docs/forms.md). Set SCREENSHOT_DIR to keep the pages' pictures.
 */
const fitOutModule = '1700000171000000001';
const meetingModule = '1700000171000000002';
const element = 'atrium-sys-module';

/** How far the page, or the portal's main area, reaches past the window's right edge. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    return Math.max(
      document.documentElement.scrollWidth - innerWidth,
      main ? main.scrollWidth - main.clientWidth : 0,
    );
  });

const tab = (name: string) => `${element} [role=tab]:text-is("${name}")`;

describe('system modules, supervision tasks and bookings in the browser', () => {
  const browser = useBrowser();

  // The seed books emp01's meetings for the day the demo data was made, which is the past
  // once a run passes midnight in Shanghai: emp01 books one for tomorrow, inviting emp02.
  beforeAll(async () => {
    const tomorrow = new Date(Date.now() + (24 + 8) * 3_600_000).toISOString().slice(0, 10);
    const token = await tokenOf('emp01');
    const record: Record<string, unknown> = {
      subject: '招商周会',
      room: 'R501',
      host: staffId('emp01'),
      startAt: `${tomorrow} 10:00`,
      hours: '1',
      attendees: [{ person: staffId('emp02') }],
    };
    // The online-forms test may have given the form a required text field ('notes').
    const current = await call<{
      value: { definition: { fields: { name: string; required?: boolean }[] } };
    }>(token, 'GET', '/form/form/form/v1/getByKey?formKey=meetingBooking');
    for (const field of current.value.definition.fields)
      if (field.required && !(field.name in record)) record[field.name] = '待定';
    const body = await call<{ state: boolean }>(
      token,
      'POST',
      '/form/form/dataTemplate/v1/boSave/meetingBooking',
      record,
    );
    expect(body.state, JSON.stringify(body)).toBe(true);
  });

  it('shows a module as tabs over a data template, another and a custom query', async () => {
    const page = await browser.newPage();
    await openAs(page, `/sysModulePreview/${fitOutModule}`, 'store01');
    await page.waitForSelector(`${element} h2:text-is("商户装修管理")`);
    expect(await page.locator(`${element} [role=tab]`).allTextContents()).toEqual([
      '装修申请',
      '门店巡检',
      '门店一览',
    ]);
    const fitOut = `${element} atrium-data-template[template-key=fitOut]`;
    await page.waitForSelector(`${fitOut} [data-form-list] [data-action=open-record]`);
    await page.click(tab('门店巡检'));
    const inspection = `${element} atrium-data-template[template-key=inspection]`;
    await page.waitForSelector(`${inspection} [data-form-list] [data-action=open-record]`);
    expect(await page.isVisible(fitOut)).toBe(false);
    await page.click(tab('门店一览'));
    await page.waitForSelector(`${element} atrium-custom-query[alias=storeList] table tbody tr`);
    // Back to the first tab: the same list, kept while hidden (not drawn again).
    await page.click(tab('装修申请'));
    await page.waitForSelector(fitOut, { state: 'visible' });
    expect(await page.locator(`${element} atrium-data-template`).count()).toBe(2);
  });

  it('draws the meetings module chart, and refuses a module of another role with its message', async () => {
    const page = await browser.newPage();
    await openAs(page, `/sysModulePreview/${meetingModule}`, 'emp01', 'en-US');
    await page.waitForSelector(`${element} h2:text-is("Meetings")`);
    await page.waitForSelector(
      `${element} atrium-data-template[template-key=meetingBooking] [data-form-list]`,
    );
    await page.click(tab('Room use'));
    await page.waitForSelector(`${element} atrium-chart-column canvas`);
    await openAs(page, `/sysModulePreview/${fitOutModule}`, 'emp01', 'en-US');
    await page.waitForSelector(`${element} [role=alert]`);
    expect(await page.locator(`${element} [role=alert]`).textContent()).toBe(
      'You may not open this module',
    );
  });

  it('lists the supervision tasks at /flowcenter/template/preview/wfzdrw and opens one', async () => {
    const page = await browser.newPage();
    await openAs(page, '/flowcenter/template/preview/wfzdrw', 'admin');
    const shell = 'atrium-statement-shell';
    await page.waitForSelector(`${shell} [data-form-list] [data-action=open-record]`);
    expect(await page.locator(`${shell} [data-form-list] h2`).textContent()).toBe('督办任务');
    // The owner column names people, never their ids.
    const cells = () => page.locator(`${shell} [data-form-list] td`).allTextContents();
    await expect
      .poll(async () => (await cells()).filter((text) => /^\d{19}$/.test(text.trim())).length)
      .toBe(0);
    await page.locator(`${shell} [data-action=open-record]`).first().click();
    await page.waitForSelector(`${shell} [data-form=wfzdrw] [name=title]`);
    expect(await page.inputValue(`${shell} [data-form=wfzdrw] [name=title]`)).not.toBe('');
  });

  it('shows a booking on the card of whom it invites, and opens it for the booker', async () => {
    const invited = await browser.newPage();
    await openAs(invited, '/meetingList/0', 'emp02');
    const booking = 'atrium-meetings [data-kind=booking]';
    await invited.waitForSelector(booking);
    // Invited, not the booker: shown with its room, but not a link to emp01's record.
    expect(await invited.locator(`${booking} small`).first().textContent()).toMatch(
      /会议室 · 预约$/,
    );
    expect(await invited.locator(`atrium-meetings button[data-kind=booking]`).count()).toBe(0);
    const booker = await browser.newPage();
    await openAs(booker, '/meetingList/0', 'emp01');
    const mine = 'atrium-meetings button[data-kind=booking]';
    await booker.waitForSelector(mine);
    const id = await booker.locator(mine).first().getAttribute('data-meeting');
    await booker.locator(mine).first().click();
    await booker.waitForURL(/\/statement\/template\/form\/meetingBooking\/get\?id=/);
    expect(booker.url()).toContain(`id=${id}`);
    await booker.waitForSelector('atrium-statement-shell [data-form=meetingBooking]');
  });

  it('fits 1366×768 and a 360 px phone in both languages', async () => {
    const directory = process.env.SCREENSHOT_DIR;
    if (directory) mkdirSync(directory, { recursive: true });
    const pages: [string, string, string][] = [
      [`/sysModulePreview/${fitOutModule}`, 'store01', `${element} [data-form-list]`],
      [`/sysModulePreview/${meetingModule}`, 'emp01', `${element} [data-form-list]`],
      ['/flowcenter/template/preview/wfzdrw', 'admin', 'atrium-statement-shell [data-form-list]'],
      ['/meetingList/0', 'emp02', 'atrium-meetings [data-kind=booking]'],
    ];
    const found: string[] = [];
    for (const language of ['zh-CN', 'en-US'] as const) {
      for (const size of [
        { width: 1366, height: 768 },
        { width: 360, height: 740 },
      ]) {
        const page = await browser.newPage(
          size.width < 600 ? { phone: size, locale: language } : { locale: language },
        );
        await page.setViewportSize(size);
        for (const [path, account, ready] of pages) {
          const settled = settler(page);
          await openAs(page, path, account, language);
          await page.waitForSelector(ready);
          await settled();
          const past = await overflow(page);
          if (past > 0) found.push(`${path} ${language} ${size.width}px: ${past}px too wide`);
          if (directory) {
            const name = `${path.split('/').filter(Boolean).join('-')}-${language}-${size.width}.png`;
            await page.screenshot({ path: join(directory, name), fullPage: true });
          }
        }
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
