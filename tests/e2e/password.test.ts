import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin, useSession, useThirdPartySite, type ApiSession } from './bare-page';
import { api, baseUrl, useBrowser } from './support';

/**
 * atrium-password-dialog for acct01 under the demo policy (rule 3, at least 8 characters):
 * the policy's messages, the server's, success, then login with the new password. Other
 * files sign in as acct01 with Staff#2026: the password is put back afterwards.
 */
const original = 'Staff#2026';
const changed = 'Ledger#2027';
const dialog = 'atrium-password-dialog';
const errors = `${dialog} [data-error]`;

async function login(password: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/uc/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'acct01', password }),
  });
  return response.status;
}

describe('atrium-password-dialog', () => {
  const browser = useBrowser();
  const site = useThirdPartySite();

  afterAll(async () => {
    // Whatever happened above, acct01 signs in with Staff#2026 again.
    if ((await login(original)) === 200) return;
    const session = await apiLogin('acct01', changed);
    const restored = await api(session.token, 'POST', '/uc/api/user/v1/user/changUserPsd', {
      oldPwd: changed,
      newPwd: original,
    });
    expect(restored.status).toBe(200);
  });

  async function open(session: ApiSession | null, locale = 'zh-CN'): Promise<Page> {
    const page = await browser.newPage({ locale });
    if (session) await useSession(page, session);
    if (locale === 'en-US') await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await page.goto(
      site.page(
        `/password-${Math.random().toString(36).slice(2)}`,
        `<button id="change">修改密码</button>
         <atrium-password-dialog></atrium-password-dialog>
         <script>
           const dialog = document.querySelector('atrium-password-dialog');
           window.events = [];
           document.getElementById('change').onclick = () => dialog.setAttribute('open', '');
           for (const name of ['atrium-password-changed', 'atrium-close'])
             dialog.addEventListener(name, (e) => window.events.push([name, e.detail]));
         </script>`,
        ['password-dialog'],
      ),
    );
    await page.click('#change');
    await page.waitForSelector(`${dialog} [role=dialog]`);
    return page;
  }

  async function submit(page: Page, values: { old: string; new: string; newRepeat: string }) {
    await page.fill(`${dialog} input[name=old]`, values.old);
    await page.fill(`${dialog} input[name=new]`, values.new);
    await page.fill(`${dialog} input[name=newRepeat]`, values.newRepeat);
    await page.click(`${dialog} button[type=submit]`);
  }

  const events = (page: Page) =>
    page.evaluate(() => (window as unknown as { events: unknown[] }).events);

  it('checks the policy, shows the server’s refusal, changes the password', async () => {
    const page = await open(await apiLogin('acct01', original));
    expect(await page.textContent(`${dialog} [role=dialog] [id]`)).toBe('修改密码');
    // The policy of the server: rule 3 and 8 characters.
    await expect
      .poll(() => page.locator(`${dialog} input[name=new] ~ div`).textContent())
      .toBe('密码要求：至少 8 位，包含数字、字母和特殊字符');

    await page.click(`${dialog} button[type=submit]`);
    expect(await page.locator(errors).allTextContents()).toEqual([
      '请输入旧密码',
      '请输入新密码',
      '请再次输入新密码',
    ]);
    await submit(page, { old: original, new: 'ab#1', newRepeat: 'ab#1' });
    expect(await page.locator(errors).allTextContents()).toEqual(['新密码长度至少为8位']);
    await submit(page, { old: original, new: 'abcdefgh1', newRepeat: 'abcdefgh1' });
    expect(await page.locator(errors).allTextContents()).toEqual([
      '新密码必须包含数字、字母和特殊字符',
    ]);
    await submit(page, { old: original, new: changed, newRepeat: 'Ledger#2028' });
    expect(await page.locator(errors).allTextContents()).toEqual(['两次输入的密码不一致']);
    // The browser's checks pass; the server refuses a wrong old password with its message.
    await submit(page, { old: 'Wrong#2026', new: changed, newRepeat: changed });
    await expect.poll(() => page.textContent(`${dialog} [role=alert]`)).toBe('旧密码不正确');
    expect(await login(original)).toBe(200);

    await submit(page, { old: original, new: changed, newRepeat: changed });
    await expect
      .poll(() => page.textContent('atrium-toasts [role=status] .text'))
      .toBe('密码修改成功');
    // Its close button is named in the reader's language too.
    expect(await page.getAttribute('atrium-toasts [role=status] button', 'aria-label')).toBe(
      '关闭',
    );
    await page.waitForSelector(`${dialog} [role=dialog]`, { state: 'detached' });
    expect(await page.getAttribute(dialog, 'open')).toBeNull();
    expect(await events(page)).toEqual([
      ['atrium-password-changed', { account: 'acct01' }],
      ['atrium-close', { changed: true }],
    ]);
    // The new password signs in; the old one no longer does.
    expect(await login(changed)).toBe(200);
    expect(await login(original)).toBe(400);

    // Put it back through the same dialog.
    await page.click('#change');
    await submit(page, { old: changed, new: original, newRepeat: original });
    await page.waitForSelector(`${dialog} [role=dialog]`, { state: 'detached' });
    expect(await login(original)).toBe(200);
  });

  it("the top bar's dialog closes once the password is changed", async () => {
    const page = await browser.newPage();
    await page.goto(
      `${baseUrl()}/fvue/v-flow/v-todo?token=${(await apiLogin('acct01', original)).token}`,
    );
    const change = async (from: string, to: string) => {
      await page.click('atrium-top-bar [part=user]');
      await page.click('atrium-top-bar [data-action=change-password]');
      const form = 'atrium-top-bar [role=dialog]';
      await page.fill(`${form} input[name=old]`, from);
      await page.fill(`${form} input[name=new]`, to);
      await page.fill(`${form} input[name=newRepeat]`, to);
      await page.click(`${form} button[type=submit]`);
      await page.waitForSelector(form, { state: 'detached' });
      expect(await login(to)).toBe(200);
    };
    await change(original, changed);
    await change(changed, original);
  });

  it('closes on cancel and on its icon, telling the page', async () => {
    const page = await open(await apiLogin('acct01', original));
    await page.click(`${dialog} [data-action=cancel]`);
    await page.waitForSelector(`${dialog} [role=dialog]`, { state: 'detached' });
    await page.click('#change');
    await page.click(`${dialog} [role=dialog] button[aria-label=关闭]`);
    await page.waitForSelector(`${dialog} [role=dialog]`, { state: 'detached' });
    expect(await events(page)).toEqual([
      ['atrium-close', { changed: false }],
      ['atrium-close', { changed: false }],
    ]);
  });

  it('asks a visitor to sign in first, and speaks English', async () => {
    const visitor = await open(null);
    expect(await visitor.textContent(`${dialog} [role=status]`)).toBe('请先登录后再修改密码');
    expect(await visitor.locator(`${dialog} input[type=password]`).count()).toBe(0);

    const page = await open(await apiLogin('acct01', original), 'en-US');
    await submit(page, { old: '', new: 'short', newRepeat: 'other' });
    expect(await page.locator(errors).allTextContents()).toEqual([
      'Please enter your old password',
      'The new password must be at least 8 characters long',
      'The two inputs differ',
    ]);
  });
});
