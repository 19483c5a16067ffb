import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support';

/**
 * A third-party page on another origin with nothing but one script tag and one element:
 * no host portal, no bundler. The element must talk to the Atrium server it came from.
 */
describe('one element on a bare page of another site', () => {
  const browser = useBrowser();
  let thirdParty: Server;
  let origin: string;

  beforeAll(async () => {
    thirdParty = createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html><head><meta charset="utf-8"><title>Mall CMS</title></head>
        <body><h1>Merchant corner</h1>
        <atrium-login style="max-width:360px" hide-mobile></atrium-login>
        <script type="module" src="${baseUrl()}/elements/login.js"></script>
        <script>document.addEventListener('atrium-login', (e) => { document.body.dataset.loggedIn = e.detail.user.account; });</script>
        </body></html>`);
    });
    await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(thirdParty.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => thirdParty.close(() => resolve())));

  it('logs in and shows who is signed in', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForSelector('atrium-login input[name=account]');
    // hide-mobile is a boolean attribute: present means true, so there is one tab only.
    expect(await page.locator('atrium-login [role=tab]').count()).toBe(1);
    await page.fill('atrium-login input[name=account]', 'SZHY10002');
    await page.fill('atrium-login input[name=password]', 'Merchant#2026');
    await page.click('atrium-login button[type=submit]');
    await page.waitForSelector('atrium-login [data-state=signed-in]');
    expect(await page.textContent('atrium-login [data-state=signed-in]')).toContain(
      '广州市悦茶餐饮管理有限公司',
    );
    expect(await page.getAttribute('body', 'data-logged-in')).toBe('SZHY10002');
    // The page stayed where it was: no redirect attribute, nobody navigated.
    expect(page.url()).toBe(`${origin}/`);
  });

  it('fits a statement list into the grid or flex track it is given, however wide its table', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${origin}/`);
    await page.fill('atrium-login input[name=account]', 'SZHY10001');
    await page.fill('atrium-login input[name=password]', 'Merchant#2026');
    await page.click('atrium-login button[type=submit]');
    await page.waitForSelector('atrium-login [data-state=signed-in]');
    for (const layout of ['display:grid;grid-template-columns:1fr 300px', 'display:flex']) {
      await page.evaluate(
        ({ layout, script }) => {
          document.querySelector('[data-layout]')?.remove();
          const box = document.createElement('div');
          box.dataset.layout = layout;
          box.style.cssText = `${layout};gap:16px`;
          box.innerHTML =
            '<atrium-statement-list kind="lyfyjsd"></atrium-statement-list><aside style="flex:0 0 300px">Side</aside>';
          document.body.append(box);
          if (!document.querySelector(`script[src="${script}"]`)) {
            const tag = document.createElement('script');
            tag.type = 'module';
            tag.src = script;
            document.head.append(tag);
          }
        },
        { layout, script: `${baseUrl()}/elements/statement-list.js` },
      );
      await page.waitForSelector('atrium-statement-list td[data-column=HTH]');
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        list: document.querySelector('atrium-statement-list')!.getBoundingClientRect().right,
        view: innerWidth,
      }));
      expect(fit.page, layout).toBeLessThanOrEqual(fit.view);
      expect(fit.list, layout).toBeLessThanOrEqual(fit.view - 300);
    }
    await page.close();
  });

  it("sets its text in the reader's language's fonts, unless the page names its own", async () => {
    const fontOf = async (language: string, pageStyle?: string) => {
      const page = await browser.newPage();
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await page.goto(`${origin}/`);
      await page.waitForSelector('atrium-login input[name=account]');
      if (pageStyle) await page.addStyleTag({ content: pageStyle });
      return page.evaluate(
        () => getComputedStyle(document.querySelector('atrium-login')!).fontFamily,
      );
    };
    // Chinese punctuation is full width in a Chinese font; English starts with the system's
    // Latin face, and falls back to the Chinese fonts for Chinese names.
    expect(await fontOf('zh-CN')).toMatch(/^"PingFang SC", "Microsoft YaHei"/);
    const english = await fontOf('en-US');
    expect(english).toMatch(/^-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC"/);
    expect(await fontOf('en-US', 'atrium-login { --atrium-font-family: Georgia, serif; }')).toBe(
      'Georgia, serif',
    );
  });

  it('styles live in the shadow root, not in the page head', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForSelector('atrium-login input[name=account]');
    const headStyles = await page.evaluate(() => document.head.querySelectorAll('style').length);
    const shadowRules = await page.evaluate(() =>
      [...document.querySelector('atrium-login')!.shadowRoot!.querySelectorAll('style')].reduce(
        (count, style) => count + (style.sheet?.cssRules.length ?? 0),
        0,
      ),
    );
    expect(headStyles).toBe(0);
    expect(shadowRules).toBeGreaterThan(10);
  });
});

describe('a statement list on a bare page of another site', () => {
  const browser = useBrowser();
  let thirdParty: Server;
  let origin: string;

  beforeAll(async () => {
    thirdParty = createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html><head><meta charset="utf-8"><title>Merchant corner</title></head>
        <body><atrium-login hide-mobile></atrium-login>
        <atrium-statement-list kind="lyfyjsd" table-height="400"></atrium-statement-list>
        <script type="module" src="${baseUrl()}/elements/login.js"></script>
        <script type="module" src="${baseUrl()}/elements/statement-list.js"></script>
        </body></html>`);
    });
    await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(thirdParty.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => thirdParty.close(() => resolve())));

  it('stays on the page before login, then shows the merchant rows after it', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    // Asked before anyone signed in, the list says it could not load (and offers Retry).
    await page.waitForSelector('atrium-statement-list [data-failed] [data-action=retry]');
    expect(page.url()).toBe(`${origin}/`);
    await page.fill('atrium-login input[name=account]', 'SZHY10001');
    await page.fill('atrium-login input[name=password]', 'Merchant#2026');
    await page.click('atrium-login button[type=submit]');
    await expect
      .poll(async () =>
        Number(await page.locator('atrium-statement-list [data-count]').getAttribute('data-count')),
      )
      .toBeGreaterThan(0);
    const names = await page
      .locator('atrium-statement-list td[data-column=SHMC]')
      .allTextContents();
    expect(new Set(names)).toEqual(new Set(['深圳市丽人坊化妆品有限公司']));
  });
});
