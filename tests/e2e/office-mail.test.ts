import { ImapFlow } from 'imapflow';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSetting, startMailServers, type MailServers } from '../server/mail-servers';
import { apiToken, baseUrl, signIn, toasts, useBrowser } from './support';

/**
 * Issue 38, mail (items 1-5), in Chromium against Dovecot and an SMTP server on loopback
 * (tests/server/mail-servers.ts): a partial send says who did not get the mail and why; on a
 * phone reading and writing are screens of their own with a way back; reply all keeps To
 * and Cc, Bcc reaches its recipient unseen, mail carries a text/plain alternative; the
 * delete confirmation reads 确定 / OK. fin01 is the sender (no other test uses its mail).
 */
const sender = { address: 'fin01@office.test', password: 'fin01-Mail#1' };
const reader = { address: 'emp02@office.test', password: 'emp02-Mail#1' };
const hidden = { address: 'cashier01@office.test', password: 'cashier01-Mail#1' };
/** Not a user of the mail server: its RCPT TO is refused with 550. */
const unknown = 'lead01@office.test';
const shots = process.env.SHOTS ? '/tmp/shots38' : '';

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png` });
}

describe('office mail (issue 38)', () => {
  const browser = useBrowser();
  let mail: MailServers;
  let page: Page;
  let headers: Record<string, string>;
  let setId = '';

  /** The messages of a mailbox's inbox (subject and raw source), read over IMAP. */
  async function inbox(who: {
    address: string;
    password: string;
  }): Promise<{ subject: string; source: string }[]> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: mail.imapPort,
      secure: false,
      auth: { user: who.address, pass: who.password },
      logger: false,
    });
    await client.connect();
    const lock = await client.getMailboxLock('INBOX');
    const sources: { subject: string; source: string }[] = [];
    try {
      const box = client.mailbox;
      if (box && box.exists > 0) {
        for await (const message of client.fetch('1:*', { source: true, envelope: true })) {
          sources.push({
            subject: message.envelope?.subject ?? '',
            source: message.source?.toString('utf8') ?? '',
          });
        }
      }
    } finally {
      lock.release();
      await client.logout();
    }
    return sources;
  }

  const sync = async () => {
    const answer = await fetch(`${baseUrl()}/portal/mail/mail/mail/v1/sync?id=${setId}`, {
      method: 'POST',
      headers,
    });
    expect(((await answer.json()) as { state: boolean }).state).toBe(true);
  };

  async function language(lang: 'zh-CN' | 'en-US') {
    await page.evaluate((value) => localStorage.setItem('lang', value), lang);
  }

  async function openMailbox(folder = 'inbox') {
    await page.goto(`${baseUrl()}/fvue/v-mail/mailList`);
    await page.waitForSelector('atrium-mail [data-folder=inbox]');
    if (folder !== 'inbox') await page.click(`atrium-mail [data-folder=${folder}]`);
  }

  async function write(to: string, cc: string, subject: string, body: string) {
    await page.click('atrium-mail [data-action=write]');
    await page.fill('atrium-mail [part=composer] input[name=to]', to);
    if (cc) await page.fill('atrium-mail [part=composer] input[name=cc]', cc);
    await page.fill('atrium-mail [part=composer] input[name=subject]', subject);
    await page.click('atrium-mail [data-field=editor]');
    await page.keyboard.type(body);
  }

  beforeAll(async () => {
    mail = await startMailServers();
    for (const who of [sender, reader, hidden]) mail.addUser(who.address, who.password);
    const token = await apiToken('fin01', 'Staff#2026');
    headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const saved = await fetch(`${baseUrl()}/portal/mail/mail/mailSetting/v1/save`, {
      method: 'POST',
      headers,
      body: JSON.stringify(accountSetting(mail, sender)),
    });
    setId = ((await saved.json()) as { value: string }).value;
    // Mail to reply to: To the sender and a colleague, Cc two more.
    mail.deliver(
      sender.address,
      [
        'From: Boss <boss@office.test>',
        `To: ${sender.address}, peer@office.test`,
        'Cc: cc1@office.test, cc2@office.test',
        'Subject: =?UTF-8?B?5ZGo5Lya6K6u56iL?=',
        'Message-ID: <agenda@office.test>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Agenda attached.',
        '',
      ].join('\r\n'),
    );
    await sync();
    page = await browser.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'fin01', 'Staff#2026', '/fvue/login?redirect=%2Fv-mail%2FmailList');
    await page.waitForURL(`${baseUrl()}/fvue/v-mail/mailList`);
  });
  afterAll(async () => {
    await mail?.stop();
  });

  for (const [lang, texts] of [
    ['zh-CN', { sent: '发送成功', partly: '邮件已发送，但以下收件人未收到', ok: '确定' }],
    ['en-US', { sent: 'Sent', partly: 'Sent, but these recipients did not get it', ok: 'OK' }],
  ] as const) {
    it(`item 1: a partial send says who did not get it and why (${lang})`, async () => {
      await language(lang);
      await openMailbox();
      const subject = `Partly ${lang}`;
      await write(reader.address, unknown, subject, `Hello ${lang}`);
      await page.click('atrium-mail [data-action=send]');
      const notice = page.locator('atrium-mail [data-notice=undelivered]');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(texts.partly);
      expect(await notice.locator(`[data-undelivered="${unknown}"]`).textContent()).toContain(
        '550',
      );
      expect(await toasts(page)).not.toContain(texts.sent);
      await shot(page, `mail-partial-${lang}-1366`);
      // emp02 got it; the Sent copy says who did not.
      const delivered = await inbox(reader);
      expect(delivered.some((message) => message.subject === subject)).toBe(true);
      await page.click('atrium-mail [data-action=dismiss]');
      await page.click('atrium-mail [data-folder=sent]');
      await page.click(`atrium-mail [data-list=mail] button.row:has-text("${subject}")`);
      const undelivered = page.locator('atrium-mail [data-field=undelivered]');
      await undelivered.waitFor();
      expect(await undelivered.textContent()).toContain(unknown);
    });

    it(`item 4: the delete confirmation reads ${texts.ok} (${lang})`, async () => {
      await language(lang);
      await openMailbox();
      await page.click('atrium-mail [data-list=mail] button.row');
      await page.click('atrium-mail [part=reader] [data-action=delete]');
      const confirm = page.locator('atrium-mail [data-action=confirm]');
      await confirm.waitFor();
      expect((await confirm.textContent())?.trim()).toBe(texts.ok);
      await page.keyboard.press('Escape');
    });
  }

  it('item 3: reply all keeps To and Cc; Bcc reaches its recipient unseen; text/plain goes along', async () => {
    await language('zh-CN');
    await openMailbox();
    await page.click('atrium-mail [data-list=mail] button.row:has-text("周会议程")');
    await page.click('atrium-mail [part=reader] [data-action=reply-all]');
    const composer = page.locator('atrium-mail [part=composer]');
    expect(await composer.locator('input[name=to]').inputValue()).toBe(
      'boss@office.test, peer@office.test',
    );
    expect(await composer.locator('input[name=cc]').inputValue()).toBe(
      'cc1@office.test, cc2@office.test',
    );
    // Sent to reachable people only, with a Bcc.
    await composer.locator('input[name=to]').fill(reader.address);
    await composer.locator('input[name=cc]').fill('');
    await composer.locator('[data-action=add-bcc]').click();
    await composer.locator('input[name=bcc]').fill(hidden.address);
    await shot(page, 'mail-reply-all-bcc-zh-CN-1366');
    await page.click('atrium-mail [data-action=send]');
    await expect.poll(() => toasts(page)).toContain('发送成功');
    const hiddenCopy = (await inbox(hidden)).find((message) => message.subject === 'Re: 周会议程');
    expect(hiddenCopy).toBeDefined();
    expect(hiddenCopy!.source).not.toMatch(/^Bcc:/im);
    const readerCopy = (await inbox(reader)).find(
      (message) => message.subject === 'Re: 周会议程',
    )!.source;
    expect(readerCopy).toMatch(/Content-Type: multipart\/alternative/i);
    expect(readerCopy).toMatch(/Content-Type: text\/plain/i);
    expect(readerCopy).toMatch(/Content-Type: text\/html/i);
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`item 2: on a phone, reading and writing are screens of their own with a way back (${lang})`, async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      try {
        await language(lang);
        await openMailbox();
        await page.click('atrium-mail [data-list=mail] button.row:has-text("周会议程")');
        const subject = page.locator('atrium-mail [part=reader] [data-field=subject]');
        await subject.waitFor();
        const box = await subject.boundingBox();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThan(740);
        expect(await page.locator('atrium-mail [part=list]').isVisible()).toBe(false);
        await shot(page, `mail-read-${lang}-360`);
        // The phone's back gesture returns to the list.
        await page.goBack();
        await page.locator('atrium-mail [part=list]').waitFor();
        expect(await subject.isVisible()).toBe(false);
        expect(page.url()).toBe(`${baseUrl()}/fvue/v-mail/mailList`);
        // Writing: the composer at the top, and its own way back.
        await page.click('atrium-mail [data-action=write]');
        const to = page.locator('atrium-mail [part=composer] input[name=to]');
        await to.waitFor();
        const place = await to.boundingBox();
        expect(place!.y).toBeLessThan(740);
        expect(place!.x + place!.width).toBeLessThanOrEqual(360);
        await shot(page, `mail-write-${lang}-360`);
        await page.click('atrium-mail [data-action=back-to-list]');
        await page.locator('atrium-mail [part=list]').waitFor();
        expect(await to.isVisible()).toBe(false);
      } finally {
        await page.setViewportSize({ width: 1366, height: 768 });
      }
    });
  }
});
