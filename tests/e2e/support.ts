import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, vi } from 'vitest';
import { demoPasswords, demoUsers } from '../../server/db/seed/people';
import { liveStreamPath } from '../../src/core/live/events';

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

/**
 * The browser the tests drive: `CHROMIUM_PATH` when set, else Chromium's headless shell
 * (Debian's chromium-headless-shell, what Playwright itself runs headless), else the full
 * Chromium. The shell is the same Blink without the full browser's own work around the pages:
 * the same browser files took 40 % less CPU in it (docs/testing.md). It has no PDF viewer, so
 * a PDF it opens is saved rather than shown.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/**
 * One Chromium for all the browser files of a worker: the files share their worker (the e2e
 * project's `isolate: false`), and each launch cost 0.6 s and 0.8 CPU-seconds. A file's
 * contexts are its own and closed when it ends; a browser that went away is launched again.
 */
let shared: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const current = await (shared ??= launch());
  if (current.isConnected()) return current;
  shared = launch();
  return shared;
}

/** What a browser context is made with. */
export interface ContextOptions {
  locale?: string;
  acceptDownloads?: boolean;
  /** For tools that inject their own script and styles (axe). */
  bypassCSP?: boolean;
  /** A phone: its screen size, touch and a mobile viewport. */
  phone?: { width: number; height: number };
  /**
   * Kept until the file ends, for a context that several tests share (a pool of tabs, a tab
   * opened lazily and reused). Without it, a context a test opens is closed when it ends.
   */
  shared?: boolean;
}

/**
 * The worker's browser for a test file. `newContext` is one user's browser (its own storage): a file
 * that signs in once opens its pages there; `newPage` is a page in a context of its own.
 *
 * A context opened in a test is closed when no test is running any more (at once in a file
 * whose tests run one at a time): a page left open keeps its timers, animations and live
 * stream busy through every later test of the file, and Chromium's work is what the browser
 * files wait on (docs/testing.md). Contexts opened in a `beforeAll`, or marked `shared`,
 * last until the file ends.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // The server's Content-Security-Policy must never block what the pages do.
  const blocked: string[] = [];
  // Nor may a page throw: an element that crashed draws nothing, and a walk over it passes.
  // The tests' own init scripts cannot reach storage in opaque documents (about:blank):
  // those are theirs, not the page's.
  const thrown: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => {
      if (error.message.includes('Access is denied for this document')) return;
      console.error('page error:', error.message);
      thrown.push(`${page.url()}: ${error.message}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        blocked.push(`${page.url()}: ${message.text()}`);
      }
    });
  };
  let testContexts: BrowserContext[] = [];
  let running = 0;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  // Registered before the file's own hooks: this runs first before a test and last after it.
  beforeEach(() => {
    running += 1;
  });
  afterEach(async () => {
    running -= 1;
    if (running > 0) return;
    const ended = testContexts;
    testContexts = [];
    await Promise.all(ended.map((context) => context.close()));
  });
  afterAll(async () => {
    await Promise.all([...contexts, ...testContexts].map((context) => context.close()));
    expect(blocked, 'Content-Security-Policy violations').toEqual([]);
    expect(thrown, 'uncaught errors in the pages').toEqual([]);
  });
  const newContext = async (options: ContextOptions = {}): Promise<BrowserContext> => {
    const context = await browser.newContext({
      locale: options.locale ?? 'zh-CN',
      acceptDownloads: options.acceptDownloads ?? true,
      bypassCSP: options.bypassCSP ?? false,
      ...(options.phone && { viewport: options.phone, hasTouch: true, isMobile: true }),
    });
    if (running > 0 && !options.shared) testContexts.push(context);
    else contexts.push(context);
    context.on('page', watch);
    return context;
  };
  return {
    newContext,
    async newPage(options: ContextOptions = {}): Promise<Page> {
      return (await newContext(options)).newPage();
    },
    get browser() {
      return browser;
    },
  };
}

/**
 * A few pages that concurrent tests borrow in turn, so that no two tests drive one page at
 * once and none pays for a page of its own (`make` opens one when all are busy, up to `size`).
 */
export function pagePool<T>(make: () => Promise<T>, size: number) {
  const idle: T[] = [];
  const waiting: ((item: T) => void)[] = [];
  let made = 0;
  const borrow = async (): Promise<T> => {
    if (idle.length > 0) return idle.pop()!;
    if (made < size) {
      made += 1;
      return make();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const giveBack = (item: T) => {
    const next = waiting.shift();
    if (next) next(item);
    else idle.push(item);
  };
  return {
    async use<R>(work: (item: T) => Promise<R>): Promise<R> {
      const item = await borrow();
      try {
        return await work(item);
      } finally {
        giveBack(item);
      }
    },
  };
}

/** A loading state anywhere, in the page or in any shadow root. */
export function loadingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    while (roots.length) {
      const root = roots.pop()!;
      if (root.querySelector('[data-state=loading]')) return true;
      for (const element of root.querySelectorAll('*'))
        if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    return false;
  });
}

/**
 * Follows a page's requests; the answer waits until the page has loaded its data: nothing in
 * flight for 200 ms and no loading state on screen. A page still busy after 5 s (a slow
 * list) is taken as it is rather than waited for forever. The page's live stream is open as
 * long as the page (docs/live.md): it is not a load, and never counts. (Playwright's
 * 'networkidle' waits for it too, so tests use this instead.)
 */
export function settler(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (request) => {
    if (request.url().endsWith(liveStreamPath)) return;
    inFlight.add(request);
    changed = Date.now();
  });
  const end = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const quiet = async () =>
    inFlight.size === 0 && Date.now() - changed > 200 && !(await loadingShown(page));
  // Quiet for 200 ms with nothing loading on screen, at most 5 s: a slow list is audited as
  // it stands rather than waited for without end.
  return () =>
    vi
      .waitFor(
        async () => {
          if (!(await quiet())) throw new Error('still loading');
        },
        { timeout: 5000, interval: 50 },
      )
      .catch(() => undefined);
}

/** A layout shift of a page's load and the boxes that moved (before → after, x,y w×h). */
export interface LayoutShift {
  value: number;
  moved: string[];
}

/**
 * Follows the layout shifts of the page's next load (Lighthouse's measure: none caused by
 * the reader), with the processor slowed `cpuSlowdown` times as Lighthouse's phone does, so
 * a frame drawn before its data or its measures shows on any machine. Call before loading;
 * the answer reads the shifts so far.
 */
export async function watchLayoutShifts(
  page: Page,
  cpuSlowdown = 4,
): Promise<() => Promise<{ total: number; shifts: LayoutShift[] }>> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    Object.assign(window, { layoutShifts: shifts });
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            moved: entry.sources.map(
              (source) => `${box(source.previousRect)} → ${box(source.currentRect)}`,
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return async () => {
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts,
    );
    return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
  };
}

/**
 * What a page of the host shows, so that routes showing the same page are checked once: the
 * frame around it, and its element with the attributes that shape it (not the record or the
 * filter it shows). A 404 page is one kind whatever its address.
 */
export function pageKind(page: Page): Promise<string> {
  return page.evaluate(() => {
    const frame = ['atrium-top-bar', 'atrium-side-menu']
      .filter((tag) => document.querySelector(tag))
      .join('+');
    if (/^(404|.*Not Found)/i.test(document.querySelector('h1')?.textContent ?? ''))
      return `${frame} 404`;
    const identities = new Set(
      'def-key def-id inst-id task-id org-id org-name news-id file-id item-id draft-id copy-inst-id notice-id leader-id src classify-id type search'.split(
        ' ',
      ),
    );
    const element = document.querySelector('[data-page]') ?? document.querySelector('main > *');
    const attributes = element
      ? [...element.attributes]
          .filter((attribute) => !identities.has(attribute.name))
          .map((attribute) => `${attribute.name}=${attribute.value}`)
          .sort()
          .join(' ')
      : '';
    return `${frame} ${element?.tagName.toLowerCase() ?? document.body.innerHTML.slice(0, 60)} ${attributes}`;
  });
}

/** Goes to a host route without reloading (the host's router listens to popstate). */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate(async (target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
    // Two frames: the router has drawn the new page (or its loading state), not the old one.
    for (let frame = 0; frame < 2; frame += 1)
      await new Promise((resolve) => requestAnimationFrame(resolve));
  }, `/fvue${path}`);
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

/**
 * The rows a table shows once it has its answer (cell texts by column key), from its shadow
 * root. A busy table shows the last answer under a veil while the next one comes: those rows
 * are not the answer to what was asked, so they are read only when `veiled` asks for them
 * (a test that polls for a sorted page must not take the old page for it).
 */
export async function tableRows(
  page: Page,
  host: string,
  { veiled = false }: { veiled?: boolean } = {},
): Promise<Record<string, string>[]> {
  const table = veiled ? 'table' : 'table:not([aria-busy=true])';
  return page
    .locator(host)
    .evaluate(
      (element, selector) =>
        [...(element.shadowRoot ?? element).querySelectorAll(selector)].map((row) =>
          Object.fromEntries(
            [...row.querySelectorAll('td[data-column]')].map((cell) => [
              cell.getAttribute('data-column'),
              cell.textContent ?? '',
            ]),
          ),
        ),
      `${table} tbody tr[data-row]:not([data-pending])`,
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

/** A demo account's password as the seed sets it; the workflow staff all have Staff#2026. */
export function passwordOf(account: string): string {
  const user = demoUsers.find((candidate) => candidate.account === account);
  return user ? demoPasswords[user.password] : demoPasswords.staff;
}

/** A demo account's token, signed in through the API. */
export const tokenOf = (account: string): Promise<string> => apiToken(account, passwordOf(account));

/**
 * Opens a route of the host page (`/fvue` + path), with a session token handed over in the
 * URL when one is given, as a page that links to the portal does.
 */
export async function open(page: Page, path: string, token?: string): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${baseUrl()}/fvue${path}${token ? `${separator}token=${token}` : ''}`);
}

/**
 * Opens a route as a demo account, in a language: the language is kept before any script of
 * the page runs (localStorage `lang`), as the language switcher keeps it.
 */
export async function openAs(
  page: Page,
  path: string,
  account: string,
  language?: 'zh-CN' | 'en-US',
): Promise<void> {
  if (language) await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  await open(page, path, await tokenOf(account));
}

/** A call to the API with a token, answering the status and the JSON body. */
export async function api<T = unknown>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(baseUrl() + path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A call to the API with a token, answering the JSON body. */
export async function call<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return (await api<T>(token, method, path, body)).body;
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

/** The carousel's visible buttons: their sizes, and how far the row runs past the carousel. */
export function carouselButtons(page: Page) {
  return page.locator('atrium-news-carousel [part=carousel]').evaluate((frame) => {
    const edge = frame.getBoundingClientRect();
    const shown = [...frame.querySelectorAll<HTMLElement>('.controls button')].filter(
      (button) => button.offsetParent !== null,
    );
    return {
      sizes: shown.map((button) => [button.offsetWidth, button.offsetHeight]),
      past: Math.max(...shown.map((button) => button.getBoundingClientRect().right - edge.right)),
    };
  });
}

/**
 * The page's headings in reading order, shadow roots included, as `level text`; and those
 * that skip a level (an h3 straight after an h1), which screen-reader users navigate by.
 */
export async function skippedHeadings(page: Page): Promise<string[]> {
  const headings = await page.evaluate(() => {
    const found: [number, string][] = [];
    const walk = (root: Node) => {
      for (const node of root.childNodes) {
        if (!(node instanceof HTMLElement)) continue;
        // Parts not displayed are not read (a visually hidden h1 is).
        if (getComputedStyle(node).display === 'none') continue;
        const level = /^H([1-6])$/.exec(node.tagName)?.[1];
        if (level) found.push([Number(level), (node.textContent ?? '').trim().slice(0, 30)]);
        if (node.shadowRoot) walk(node.shadowRoot);
        walk(node);
      }
    };
    walk(document.body);
    return found;
  });
  return headings
    .filter(([level], i) => level > (i === 0 ? 1 : headings[i - 1]![0]) + 1)
    .map(([level, text]) => `h${level} ${text}`);
}
