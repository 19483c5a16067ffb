import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, liveLoginBox, ownedByReact, useBrowser } from './support';

/**
 * The login page arrives drawn (scripts/prerender.tsx): the box shows and takes typing before
 * any script has run, and the scripts take the page over without losing what was typed.
 * Each test holds the scripts back until it lets them go.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/elements/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const field = (name: string) => `atrium-login input[name=${name}]`;

/** True once React drew the live box. */
const liveBox = (page: Page) => page.evaluate(ownedByReact, liveLoginBox);

describe('the login page, drawn before its scripts', () => {
  const browser = useBrowser();

  it('takes typing before the scripts run and keeps it, the same element, when they do', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    await page.fill(field('account'), 'SZHY10001');
    await page.fill(field('password'), 'Merchant#2026');
    expect(await liveBox(page)).toBe(false);
    // Marks on the nodes the browser parsed: hydration keeps them, a redraw would not.
    await page.evaluate(() => {
      for (const node of [document.querySelector('main'), document.querySelector('atrium-login')])
        (node as unknown as { parsed: boolean }).parsed = true;
    });
    release();
    await expect.poll(() => liveBox(page)).toBe(true);
    expect(await page.inputValue(field('account'))).toBe('SZHY10001');
    expect(await page.inputValue(field('password'))).toBe('Merchant#2026');
    expect(await page.locator('atrium-login').count()).toBe(1);
    const kept = await page.evaluate(() =>
      [document.querySelector('main'), document.querySelector('atrium-login')].map(
        (node) => (node as unknown as { parsed?: boolean }).parsed === true,
      ),
    );
    expect(kept).toEqual([true, true]);
    // The live box's state holds the values: signing in uses them.
    await page.click('atrium-login button[type=submit]');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    expect(errors).toEqual([]);
  });

  it('keeps the focus and the caret where the reader left them', async () => {
    const page = await browser.newPage();
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    await page.fill(field('account'), 'SZHY1000');
    release();
    await expect.poll(() => liveBox(page)).toBe(true);
    await page.keyboard.type('1');
    expect(await page.inputValue(field('account'))).toBe('SZHY10001');
  });

  it('sends a login asked for before the scripts ran once they have, never in the address', async () => {
    const page = await browser.newPage();
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    await page.fill(field('account'), 'SZHY10001');
    await page.fill(field('password'), 'Merchant#2026');
    // The browser does not send the drawn form itself: every address the page ever had is
    // checked below, so none carries the password.
    await page.press(field('password'), 'Enter');
    expect(page.url()).toBe(`${baseUrl()}/fvue/login`);
    release();
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    expect(addresses.filter((address) => address.includes('Merchant'))).toEqual([]);
  });

  it('holds a login sent from the live box until the page around it listens', async () => {
    const page = await browser.newPage();
    // The login element's script arrives, the host page's entry does not yet.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/elements/portal.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    await expect.poll(() => liveBox(page)).toBe(true);
    await page.fill(field('account'), 'SZHY10001');
    await page.fill(field('password'), 'Merchant#2026');
    // Held, the form's submit stops in the page's own script (scripts/prerender/page-script.js)
    // and never reaches the form, where the login element would send it. A click's submit is
    // dispatched within the click, so when the click is done the form has heard it or never will.
    await page.locator('atrium-login form').evaluate((form) => {
      form.addEventListener('submit', () => form.setAttribute('data-heard', ''));
    });
    await page.click('atrium-login button[type=submit]');
    expect(await page.locator('atrium-login form').getAttribute('data-heard')).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('currentUser'))).toBeNull();
    release();
    await page.waitForURL(`${baseUrl()}/fvue/home`);
  });

  it("is drawn in the reader's language from the first paint", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    const placeholder = page.locator(field('account'));
    await expect.poll(() => placeholder.getAttribute('placeholder')).toBe('Enter your account');
    expect(await page.textContent('[role=tablist]')).toContain('Sign in');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    expect(await page.title()).toBe('Sign in - Haiya Enterprise Portal');
    release();
    await expect.poll(() => liveBox(page)).toBe(true);
    expect(await placeholder.getAttribute('placeholder')).toBe('Enter your account');
    expect(await page.locator('atrium-login').count()).toBe(1);
  });

  it('shows the live box of a reader already signed in', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await page.fill(field('account'), 'SZHY10001');
    await page.fill(field('password'), 'Merchant#2026');
    await page.click('atrium-login button[type=submit]');
    await page.waitForURL(`${baseUrl()}/fvue/home`);
    await page.goto(`${baseUrl()}/fvue/login`);
    await expect.poll(() => page.locator('atrium-login [data-state=signed-in]').count()).toBe(1);
    expect(await page.locator(field('account')).count()).toBe(0);
  });

  it("opens the login box's own tab clicked before the scripts ran", async () => {
    const page = await browser.newPage();
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    await page.click('atrium-login [role=tab]:has-text("验证码登录")');
    expect(await page.locator(field('mobile')).count()).toBe(0);
    release();
    await expect.poll(() => page.locator(field('mobile')).count()).toBe(1);
    expect(
      await page.getAttribute('atrium-login [role=tab]:has-text("验证码登录")', 'aria-selected'),
    ).toBe('true');
  });

  it('opens a tab clicked and switches to a language chosen before the scripts ran', async () => {
    const page = await browser.newPage();
    const release = await holdScripts(page);
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    await page.click('[role=tab]:has-text("供应商报名")');
    await page.selectOption('[data-control=language]', 'en-US');
    release();
    await expect.poll(() => page.locator('atrium-signup button[type=submit]').count()).toBe(1);
    await expect
      .poll(() => page.locator('.card > div > [role=tablist] [role=tab]').allTextContents())
      .toEqual(['Sign in', 'Supplier sign-up', 'Announcements', 'About us']);
    expect(
      await page.getAttribute('[role=tab]:has-text("Supplier sign-up")', 'aria-selected'),
    ).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-US');
  });

  it('starts its scripts one chunk per task, so a key typed meanwhile waits for one chunk, not all', async () => {
    const page = await browser.newPage();
    await browser.browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    });
    await page.goto(`${baseUrl()}/fvue/login`, { waitUntil: 'commit' });
    await page.waitForFunction(ownedByReact, liveLoginBox, { polling: 'raf' });
    const trace = JSON.parse((await browser.browser.stopTracing()).toString()) as {
      traceEvents: { name: string; tid: number; ts: number; dur?: number }[];
    };
    // The chunks the page names for preloading (the live page names more as it loads pages).
    const html = await (await fetch(`${baseUrl()}/fvue/login`)).text();
    const preloaded = html.match(/rel="modulepreload"/g)?.length ?? 0;
    expect(preloaded).toBeGreaterThan(2);
    // The main thread's tasks that evaluated a module: about one per preloaded chunk and the
    // entry (a chunk another one needs runs with it); run as one module graph, they were one.
    const evaluations = trace.traceEvents.filter((event) => event.name === 'v8.evaluateModule');
    const tasks = trace.traceEvents.filter(
      (event) => event.name === 'RunTask' && event.tid === evaluations[0]?.tid && event.dur,
    );
    const evaluatingTasks = new Set(
      evaluations.map((event) =>
        tasks.find((task) => task.ts <= event.ts && event.ts < task.ts + task.dur!),
      ),
    );
    expect(evaluatingTasks.size).toBeGreaterThanOrEqual(Math.ceil(preloaded / 2));
  });

  it('goes to a page asked for while React takes the drawn page over, without a hydration error', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // React starts hydrating by listening on its container: in that same task, before any of
    // its rendering, the reader follows a link (pushState and popstate, as the router does).
    await page.addInitScript(() => {
      const listen = EventTarget.prototype.addEventListener;
      let moved = false;
      EventTarget.prototype.addEventListener = function (...args) {
        if (!moved && this instanceof HTMLElement && this.id === 'portal') {
          moved = true;
          queueMicrotask(() => {
            history.pushState(null, '', '/fvue/resetPwdView');
            dispatchEvent(new PopStateEvent('popstate'));
            document.documentElement.dataset.movedWhileHydrating = String(
              !('live' in this.dataset),
            );
          });
        }
        return listen.apply(this, args);
      };
    });
    await page.goto(`${baseUrl()}/fvue/login`);
    await page.waitForSelector('atrium-reset-password', { state: 'attached' });
    expect(await page.getAttribute('html', 'data-moved-while-hydrating')).toBe('true');
    expect(page.url()).toBe(`${baseUrl()}/fvue/resetPwdView`);
    await page.waitForSelector('#portal[data-live]', { state: 'attached' });
    expect(errors).toEqual([]);
  });
});
