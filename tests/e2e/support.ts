import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/** The flags this machine needs (no sandbox as root, no network chatter to Google). */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
}

/** One browser per test file; a fresh context (its own storage) per call of `newPage`. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // The server's Content-Security-Policy must never block what the pages do.
  const blocked: string[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser.close();
    expect(blocked, 'Content-Security-Policy violations').toEqual([]);
  });
  return {
    /** `bypassCSP` for tools that inject their own script and styles (axe). */
    async newPage(
      options: {
        locale?: string;
        acceptDownloads?: boolean;
        bypassCSP?: boolean;
        /** A phone: its screen size, touch and a mobile viewport. */
        phone?: { width: number; height: number };
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        locale: options.locale ?? 'zh-CN',
        acceptDownloads: options.acceptDownloads ?? true,
        bypassCSP: options.bypassCSP ?? false,
        ...(options.phone && { viewport: options.phone, hasTouch: true, isMobile: true }),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          blocked.push(`${page.url()}: ${message.text()}`);
        }
      });
      return page;
    },
    get browser() {
      return browser;
    },
  };
}

/** Signs in through the login page like a user would. */
export async function signIn(
  page: Page,
  account: string,
  password: string,
  path = '/fvue/login',
): Promise<void> {
  await page.goto(baseUrl() + path);
  await page.fill('atrium-login input[name=account]', account);
  await page.fill('atrium-login input[name=password]', password);
  await page.click('atrium-login button[type=submit]');
}

/** The newest text message to a mobile, as the outbox shows it to an administrator. */
export async function latestSms(mobile: string): Promise<string | undefined> {
  const token = await apiToken('admin', 'Atrium#2026');
  const response = await fetch(`${baseUrl()}/dev/sms-outbox?format=json&mobile=${mobile}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = (await response.json()) as { text: string }[];
  return rows[0]?.text;
}

/** The rows a table shows (cell texts by column key), read from an element's shadow root. */
export async function tableRows(page: Page, host: string): Promise<Record<string, string>[]> {
  return page
    .locator(host)
    .evaluate((element) =>
      [
        ...(element.shadowRoot ?? element).querySelectorAll(
          'tbody tr[data-row]:not([data-pending])',
        ),
      ].map((row) =>
        Object.fromEntries(
          [...row.querySelectorAll('td[data-column]')].map((cell) => [
            cell.getAttribute('data-column'),
            cell.textContent ?? '',
          ]),
        ),
      ),
    );
}

/** Signs in through the API and answers the token, for checks made beside the browser. */
export async function apiToken(account: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/uc/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account, password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A named query through the API, as the browser sends it. */
export async function namedQuery<Row = Record<string, unknown>>(token: string, descriptor: object) {
  const param = Buffer.from(JSON.stringify(descriptor), 'utf8').toString('base64');
  const response = await fetch(
    `${baseUrl()}/bpm-runtime/bpm/atriumScript/executeSql?param=${encodeURIComponent(param)}`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  return (await response.json()) as {
    result: Row[];
    total: number;
    summary?: Record<string, number>;
    permissions?: { canAdd: boolean; canEdit: boolean };
  };
}

/**
 * Presses a button of the task page: one of the first few in its action bar, or one under
 * 更多, opened first (issue 13: primary first, common next, the rest under 更多).
 */
export async function pressTask(page: Page, alias: string, host = 'atrium-task'): Promise<void> {
  await page.waitForSelector(
    `${host} [part=actions] [data-action=more-actions], ${host} [part=actions] [data-alias]`,
  );
  const shown = page.locator(`${host} [part=actions] > [data-alias=${alias}]`);
  if ((await shown.count()) === 0) await page.click(`${host} [data-action=more-actions]`);
  await page.click(`${host} [part=actions] [data-alias=${alias}]`);
}

/**
 * Picks people in a people picker (src/ui/people): types each account into its search box
 * and clicks that person's row. `picker` selects the picker (e.g. `[data-people=users]`).
 */
export async function pickPeople(page: Page, picker: string, accounts: string[]): Promise<void> {
  for (const account of accounts) {
    await page.fill(`${picker} input[role=combobox]`, account);
    await page.click(`${picker} [role=option][data-account="${account}"]`);
    await page.waitForSelector(`${picker} [data-person="${account}"]`);
  }
}

/** Pixels of a canvas that are drawn and not near-white (a chart or a page was painted). */
export function inkedPixels(page: Page, canvas: string): Promise<number> {
  return page
    .locator(canvas)
    .first()
    .evaluate((node) => {
      const element = node as HTMLCanvasElement;
      const { width, height } = element;
      const data = element.getContext('2d')!.getImageData(0, 0, width, height).data;
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) {
        const drawn = data[i + 3]! > 0;
        if (drawn && (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200)) inked++;
      }
      return inked;
    });
}

/** The page-wide toasts (one shadow root on <body>). */
export function toasts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...(document.querySelector('atrium-toasts')?.shadowRoot?.querySelectorAll('.toast .text') ??
        []),
    ].map((node) => node.textContent ?? ''),
  );
}

/**
 * A page-side test (pass it to `page.evaluate` or `page.waitForFunction`): whether React has
 * taken over a node, given by a selector and, inside that node's shadow root, another. The
 * login page arrives drawn (scripts/prerender.tsx): its nodes exist before any script runs,
 * and only React's own carry its fiber.
 */
export function ownedByReact([selector, inShadow]: [string, string?]): boolean {
  const host = document.querySelector(selector);
  const node = inShadow ? host?.shadowRoot?.querySelector(inShadow) : host;
  return Boolean(node && Object.keys(node).some((key) => key.startsWith('__reactFiber')));
}

/** The live login box (React's account field), not the one the page arrived drawn with. */
export const liveLoginBox: [string, string] = ['atrium-login', 'input[name=account]'];

/** Waits until the host page has taken over the drawn login page (its tabs then work). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(ownedByReact, ['main'] as [string]);
}
