import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl, latestSms, signIn, useBrowser } from './support';

describe('signing in', () => {
  const browser = useBrowser();

  it('password login as SZHY10001 lands on home', async () => {
    const page = await browser.newPage();
    await signIn(page, 'SZHY10001', 'Merchant#2026');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    await expect
      .poll(() => page.textContent('atrium-top-bar [data-field=greeting]'))
      .toContain('深圳市丽人坊化妆品有限公司');
    const session = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('currentUser') ?? 'null'),
    );
    expect(session).toMatchObject({ account: 'SZHY10001', loginStatus: 1 });
  });

  it('sends its calls without reading an XSRF cookie first (Bearer tokens, no cookies)', async () => {
    // axios reads its XSRF cookie through the async Cookie Store before each same-origin
    // call unless told there is none: a round trip to the browser process per request.
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const store = (window as unknown as { cookieStore?: { get: (name: string) => unknown } })
        .cookieStore;
      if (!store) return;
      const get = store.get.bind(store);
      (window as unknown as { cookieReads: string[] }).cookieReads = [];
      store.get = (name: string) => {
        (window as unknown as { cookieReads: string[] }).cookieReads.push(name);
        return get(name);
      };
    });
    await signIn(page, 'SZHY10001', 'Merchant#2026');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    await page.waitForSelector('atrium-top-bar [data-field=greeting]');
    expect(
      await page.evaluate(() => (window as unknown as { cookieReads?: string[] }).cookieReads),
    ).toEqual([]);
  });

  it('draws the login box before the page asks the server for anything', async () => {
    // On a cold load the first request compiles the request layer: tens of milliseconds of
    // the main thread that the box would otherwise wait for (issue 18, cold login).
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const calls: { url: string; boxDrawn: boolean }[] = [];
      (window as unknown as { calls: typeof calls }).calls = calls;
      const open = XMLHttpRequest.prototype.open;
      XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
        // The live box (React's), not the one the page arrives drawn with (ownedByReact in
        // support.ts; an init script cannot import it).
        const box = document
          .querySelector('atrium-login')
          ?.shadowRoot?.querySelector('input[name=account]');
        const live = box && Object.keys(box).some((key) => key.startsWith('__reactFiber'));
        calls.push({ url: String(args[1]), boxDrawn: Boolean(live) });
        return (open as (...a: unknown[]) => void).apply(this, args);
      } as typeof open;
    });
    await page.goto(`${baseUrl()}/fvue/login`);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { calls: { url: string }[] }).calls.length),
      )
      .toBeGreaterThan(0);
    const calls = await page.evaluate(
      () => (window as unknown as { calls: { url: string; boxDrawn: boolean }[] }).calls,
    );
    expect(calls).toContainEqual({
      url: expect.stringContaining('getDecryptBySysSetting'),
      boxDrawn: true,
    });
    expect(calls.filter((call) => !call.boxDrawn)).toEqual([]);
  });

  it("titles the page with the configured product name in the reader's language", async () => {
    for (const [language, name] of [
      ['zh-CN', '海雅企业门户'],
      ['en-US', 'Haiya Enterprise Portal'],
    ]) {
      const page = await browser.newPage();
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await page.goto(`${baseUrl()}/fvue/login`);
      // The logo comes with the name, in the same settings: once it shows, so does the name.
      await page.waitForSelector('main section[aria-label] img');
      expect(await page.textContent('main [data-field=title]'), language).toBe(name);
      await page.close();
    }
  });

  it('goes to the redirect target after login', async () => {
    const page = await browser.newPage();
    await signIn(page, 'store01', 'Staff#2026', '/fvue/login?redirect=%2Fhome');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    await expect
      .poll(() => page.textContent('atrium-top-bar [data-field=greeting]'))
      .toContain('张晓明');
  });

  it('shows the validation and the server messages', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await page.click('atrium-login button[type=submit]');
    expect(await page.textContent('atrium-login [data-error]')).toBe('请输入账号');
    await page.fill('atrium-login input[name=account]', 'SZHY10001');
    await page.fill('atrium-login input[name=password]', 'wrong-password');
    await page.click('atrium-login button[type=submit]');
    await expect.poll(() => page.textContent('atrium-login [role=alert]')).toBe('账号或密码错误');
    expect(page.url()).toContain('/fvue/login');
  });

  it('mobile login reads the code from the outbox and picks one of two accounts', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await page.click('atrium-login [role=tab]:has-text("验证码登录")');
    await page.fill('atrium-login input[name=mobile]', '1380000000');
    await page.click('atrium-login [data-action=send-code]');
    expect(await page.textContent('atrium-login [data-error]')).toBe(
      '手机号码不合法，请重新输入。',
    );
    await page.fill('atrium-login input[name=mobile]', '13800000001');
    await page.click('atrium-login [data-action=send-code]');
    // The visible countdown.
    await expect
      .poll(() => page.textContent('atrium-login [data-action=send-code]'))
      .toMatch(/^(59|60) 秒后重新获取$/);
    expect(await page.isDisabled('atrium-login [data-action=send-code]')).toBe(true);
    const code = (await latestSms('13800000001'))?.match(/\d{4}/)?.[0];
    expect(code).toMatch(/^\d{4}$/);
    await page.fill('atrium-login input[name=code]', code!);
    await page.click('atrium-login button[type=submit]');
    await page.waitForSelector('atrium-login [data-form=pick-account]');
    const accounts = await page.$$eval('atrium-login input[name=account][type=radio]', (inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    expect(accounts).toEqual(['SZHY10001', 'SZHY10003']);
    await page.check('atrium-login input[value=SZHY10001]');
    await page.click('atrium-login button[type=submit]');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    await expect
      .poll(() => page.textContent('atrium-top-bar [data-action=user-menu]'))
      .toContain('SZHY10001');
  });

  it('sends newhire to reset, enforces the policy, and lets them log in after', async () => {
    const page = await browser.newPage();
    await signIn(page, 'newhire', 'Temp#2026');
    await page.waitForURL(/\/fvue\/resetPwdView\?account=newhire$/);
    await page.fill('atrium-reset-password input[name=old]', 'Temp#2026');
    await page.fill('atrium-reset-password input[name=new]', 'short');
    await page.fill('atrium-reset-password input[name=newRepeat]', 'short');
    await page.click('atrium-reset-password button[type=submit]');
    await expect
      .poll(() => page.textContent('atrium-reset-password [data-error]'))
      .toBe('新密码长度至少为8位');
    await page.fill('atrium-reset-password input[name=new]', 'Welcome#2027');
    await page.fill('atrium-reset-password input[name=newRepeat]', 'Welcome#2028');
    await page.click('atrium-reset-password button[type=submit]');
    await expect
      .poll(() => page.textContent('atrium-reset-password [data-error]'))
      .toBe('两次输入的密码不一致');
    await page.fill('atrium-reset-password input[name=newRepeat]', 'Welcome#2027');
    await page.click('atrium-reset-password button[type=submit]');
    await expect
      .poll(() => page.textContent('atrium-reset-password [role=status]'))
      .toContain('密码已修改');
    await page.waitForURL(`${baseUrl()}/fvue/login`);
    await signIn(page, 'newhire', 'Welcome#2027');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    await expect
      .poll(() => page.textContent('atrium-top-bar [data-field=greeting]'))
      .toContain('陈新');
  });

  it('a 401 sends the user to the login page with a redirect', async () => {
    const page = await browser.newPage();
    await signIn(page, 'acct01', 'Staff#2026');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    // The session ends on the server (as after an idle timeout or a logout elsewhere).
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('currentUser')!).token as string,
    );
    // Off the portal first: its own requests would meet the 401 and race the navigation below.
    // The tab keeps its sessionStorage, so the portal still holds the ended session.
    await page.goto('about:blank');
    await fetch(`${baseUrl()}/uc/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    await page.goto(`${baseUrl()}/fvue/home`, { waitUntil: 'commit' });
    await page.waitForURL(`${baseUrl()}/fvue/login?redirect=%2Ffvue%2Fhome`);
    expect(await page.evaluate(() => sessionStorage.getItem('currentUser'))).toBeNull();
  });

  it('unknown paths show the 404 page with a link home', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/no/such/page`);
    await expect.poll(() => page.textContent('h1')).toBe('404 未找到该页面');
    expect(await page.getAttribute('a[data-link=home]', 'href')).toBe('/fvue/home');
    expect(await page.locator('[data-control=language]').count()).toBe(1);
  });

  it('a signed-in 404 sits in the frame and leaves the user menu reachable', async () => {
    const page = await browser.newPage();
    await page.goto(
      `${baseUrl()}/fvue/no/such/page?token=${await apiToken('emp01', 'Staff#2026')}`,
    );
    await expect.poll(() => page.textContent('h1')).toBe('404 未找到该页面');
    // The top bar's user menu has the language; the card adds no switcher over it.
    expect(await page.locator('[data-control=language]').count()).toBe(0);
    await page.click('atrium-top-bar [data-action=user-menu]');
  });
});
