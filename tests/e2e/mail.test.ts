import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSetting, startMailServers, type MailServers } from '../server/mail-servers';
import { apiToken, baseUrl, signIn, useBrowser } from './support';

/**
 * Mail in the browser, against Dovecot and an smtp-server (tests/server/mail-servers.ts):
 * a hostile HTML mail shows without running its script or loading its remote picture until
 * the reader allows pictures; the mail pages in both languages; no account: how to add one.
 */
const who = { address: 'mgr01@example.test', password: 'mgr01-Mail#1' };
const remoteHost = 'images.remote.example';
const hostile = [
  `From: Mallory <mallory@example.test>`,
  `To: ${who.address}`,
  'Subject: =?UTF-8?B?5pyA5paw5oql5Lu3?=',
  'Message-ID: <hostile@example.test>',
  'MIME-Version: 1.0',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p id="greeting">Hello <b>there</b></p>',
  '<script>parent.document.title = "pwned"; window.top.name = "pwned";</script>',
  `<script src="https://${remoteHost}/evil.js"></script>`,
  `<img id="pixel" src="https://${remoteHost}/pixel.png" onerror="parent.document.title='pwned'">`,
  '',
].join('\r\n');

describe('mail in the browser', () => {
  const browser = useBrowser();
  let mail: MailServers;
  let headers: Record<string, string>;

  beforeAll(async () => {
    mail = await startMailServers();
    mail.addUser(who.address, who.password);
    mail.deliver(who.address, hostile);
    const token = await apiToken('mgr01', 'Staff#2026');
    headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const saved = await fetch(`${baseUrl()}/portal/mail/mail/mailSetting/v1/save`, {
      method: 'POST',
      headers,
      body: JSON.stringify(accountSetting(mail, who)),
    });
    const setId = ((await saved.json()) as { value: string }).value;
    const synced = await fetch(`${baseUrl()}/portal/mail/mail/mail/v1/sync?id=${setId}`, {
      method: 'POST',
      headers,
    });
    expect(((await synced.json()) as { state: boolean }).state).toBe(true);
  });
  afterAll(async () => {
    await mail?.stop();
  });

  it('shows an HTML mail without running its script or loading remote pictures until allowed', async () => {
    const page = await browser.newPage();
    const remote: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(remoteHost)) remote.push(request.url());
    });
    await signIn(page, 'mgr01', 'Staff#2026', '/fvue/login?redirect=%2Fv-mail%2FmailList');
    await page.waitForURL(`${baseUrl()}/fvue/v-mail/mailList`);
    await page.click('atrium-mail [data-list=mail] [data-unread] button.row');
    await page.waitForSelector('atrium-mail [data-remote-blocked]');
    expect(await page.textContent('atrium-mail [data-field=subject]')).toBe('最新报价');
    const frame = page.frameLocator('atrium-mail iframe[data-field=body]');
    await expect.poll(() => frame.locator('#greeting').textContent()).toBe('Hello there');
    expect(await frame.locator('script').count()).toBe(0);
    expect(await frame.locator('#pixel').getAttribute('src')).toBeNull();
    expect(await frame.locator('#pixel').getAttribute('onerror')).toBeNull();
    // Once the mail's document has loaded, its scripts would have run and its pictures been
    // asked for.
    await expect
      .poll(() => frame.locator(':root').evaluate((root) => root.ownerDocument.readyState))
      .toBe('complete');
    expect(await page.title()).not.toBe('pwned');
    expect(remote).toEqual([]);
    // Allowed: the picture is asked for (the script never is).
    await page.click('atrium-mail [data-action=show-images]');
    await expect.poll(() => remote).toEqual([`https://${remoteHost}/pixel.png`]);
    expect(await page.title()).not.toBe('pwned');
    // Read now: the inbox has no unread mark left.
    await expect
      .poll(() => page.locator('atrium-mail [data-list=mail] [data-unread]').count())
      .toBe(0);
  });

  for (const [locale, texts] of [
    [
      'zh-CN',
      {
        inbox: '收件箱',
        settings: '邮箱设置',
        add: '添加邮箱',
        none: '还没有设置邮箱。',
        code: '授权码',
      },
    ],
    [
      'en-US',
      {
        inbox: 'Inbox',
        settings: 'Mail settings',
        add: 'Add mail account',
        none: 'No mail account is set up yet.',
        code: 'authorisation code',
      },
    ],
  ] as const) {
    it(`shows the mail pages in ${locale}`, async () => {
      const page = await browser.newPage({ locale });
      if (locale === 'en-US') {
        await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
      }
      await signIn(page, 'mgr01', 'Staff#2026', '/fvue/login?redirect=%2Fv-mail%2FmailList');
      await page.waitForURL(`${baseUrl()}/fvue/v-mail/mailList`);
      await expect
        .poll(() => page.textContent('atrium-mail [data-folder=inbox]'))
        .toContain(texts.inbox);
      await page.goto(`${baseUrl()}/fvue/v-mail/settingList`);
      await page.waitForSelector('atrium-mail-settings [data-list=mail-settings]');
      expect(await page.textContent('atrium-mail-settings h2')).toBe(texts.settings);
      await page.click('atrium-mail-settings [data-action=add]');
      await page.waitForSelector('atrium-mail-settings [data-dialog=mail-setting]');
      expect(await page.textContent('atrium-mail-settings [role=dialog]')).toContain(texts.add);
      // The servers of a well-known service come from the address, with what its password is;
      // a company domain picks its hosted service by name.
      const dialog = 'atrium-mail-settings [data-dialog=mail-setting]';
      await page.fill(`${dialog} input[name=mailAddress]`, 'merchant.li@qq.com');
      expect(await page.inputValue(`${dialog} input[name=imapHost]`)).toBe('imap.qq.com');
      expect(await page.inputValue(`${dialog} input[name=smtpPort]`)).toBe('465');
      expect(await page.textContent(`${dialog} [data-field=provider-hint]`)).toContain(texts.code);
      await page.fill(`${dialog} input[name=mailAddress]`, 'li@haiya.example');
      await page.selectOption(`${dialog} select[name=provider]`, 'exmail');
      expect(await page.inputValue(`${dialog} input[name=smtpHost]`)).toBe('smtp.exmail.qq.com');
      // Someone with no mail account is told how to add one.
      const other = await browser.newPage({ locale });
      if (locale === 'en-US') {
        await other.addInitScript(() => localStorage.setItem('lang', 'en-US'));
      }
      await signIn(other, 'mgr02', 'Staff#2026', '/fvue/login?redirect=%2Fv-mail%2FmailList');
      await other.waitForSelector('atrium-mail [data-state=no-account]');
      expect(await other.textContent('atrium-mail [data-state=no-account]')).toContain(texts.none);
    });
  }
});
