import { chromium } from 'playwright-core';
import { startServer } from './bench/server';
import { startMailServers } from './tests/server/mail-servers';
import { chromiumFlags } from './tests/e2e/support';

const mail = await startMailServers();
mail.addUser('mgr01@example.test', 'pw-Mail#1');
mail.deliver('mgr01@example.test', 'From: 张三 <zhang@example.test>\r\nTo: mgr01@example.test\r\nSubject: =?UTF-8?B?5pyA5paw5oql5Lu3?=\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<h2>季度报价</h2><p>请查收附件中的<b>报价单</b>。</p><img src="https://example.com/x.png">\r\n');
mail.deliver('mgr01@example.test', 'From: Li <li@example.test>\r\nTo: mgr01@example.test\r\nSubject: Weekly report\r\n\r\nPlain text body.\r\n');
const server = await startServer(18471);
try {
  const token = ((await (await fetch(`${server.url}/uc/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'mgr01', password: 'Staff#2026' }) })).json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const saved = (await (await fetch(`${server.url}/portal/mail/mail/mailSetting/v1/save`, { method: 'POST', headers, body: JSON.stringify({ mailAddress: 'mgr01@example.test', mailPass: 'pw-Mail#1', imapHost: '127.0.0.1', imapPort: mail.imapPort, imapSecurity: 'none', smtpHost: '127.0.0.1', smtpPort: mail.smtpPort, smtpSecurity: 'none' }) })).json()) as { value: string };
  await fetch(`${server.url}/portal/mail/mail/mail/v1/sync?id=${saved.value}`, { method: 'POST', headers });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
  for (const lang of ['zh-CN', 'en-US']) {
    for (const [w, h] of [[1366, 768], [360, 740]]) {
      const context = await browser.newContext({ viewport: { width: w!, height: h! }, locale: lang });
      const page = await context.newPage();
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/fvue/login?redirect=%2Fv-mail%2FmailList`);
      await page.fill('atrium-login input[name=account]', 'mgr01');
      await page.fill('atrium-login input[name=password]', 'Staff#2026');
      await page.click('atrium-login button[type=submit]');
      await page.waitForSelector('atrium-mail [data-list=mail] button.row');
      await page.click('atrium-mail [data-list=mail] li:last-child button.row');
      await page.waitForSelector('atrium-mail iframe');
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/mail-${lang}-${w}.png`, fullPage: w === 360 });
      if (w === 1366) {
        await page.click('atrium-mail [data-action=reply]');
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/mail-compose-${lang}.png` });
        await page.goto(`${server.url}/fvue/v-mail/settingList`);
        await page.waitForSelector('atrium-mail-settings [data-list=mail-settings]');
        await page.click('atrium-mail-settings [data-action=edit]');
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/mail-settings-${lang}.png` });
      }
      await context.close();
    }
  }
  await browser.close();
} finally {
  await server.stop();
  await mail.stop();
}
