import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { baseUrl } from './support';

/**
 * Bare HTML pages for one element each, as a third-party site would write them: one script
 * tag per element, nothing else. `thirdParty` pages are served from another origin (the
 * embedded case); `sameOrigin` pages are answered at the Atrium server's own origin by the
 * browser's request interception (the host portal's case).
 */
export function barePage(body: string, elements: string[], lang = 'zh-CN'): string {
  const scripts = elements
    .map((name) => `<script type="module" src="${baseUrl()}/elements/${name}.js"></script>`)
    .join('\n');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Bare page</title></head>
    <body style="margin:24px;font-family:sans-serif">${body}${scripts}</body></html>`;
}

/** A server on another origin that answers each path with the page registered for it. */
export function useThirdPartySite() {
  const pages = new Map<string, string>();
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const html = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
      response.statusCode = html ? 200 : 404;
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(html ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    /** Registers a page and answers its address. */
    page(path: string, body: string, elements: string[]): string {
      pages.set(path, barePage(body, elements));
      return origin + path;
    },
  };
}

/** Opens a bare page at the Atrium origin (same origin as the API, like the host portal). */
export async function openSameOrigin(
  page: Page,
  path: string,
  body: string,
  elements: string[],
  lang?: string,
): Promise<void> {
  const url = `${baseUrl()}/e2e-bare${path}`;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: barePage(body, elements, lang),
    }),
  );
  await page.goto(url);
}

export interface ApiSession {
  token: string;
  account: string;
  username: string;
  userId: string;
}

/** Signs in through the API (POST /uc/auth). */
export async function apiLogin(account: string, password: string): Promise<ApiSession> {
  const response = await fetch(`${baseUrl()}/uc/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account, password }),
  });
  const answer = (await response.json()) as ApiSession & { message?: string };
  if (!response.ok || !answer.token) throw new Error(`login ${account}: ${answer.message}`);
  return answer;
}

/**
 * Gives the page's elements that session, as the login element would have stored it
 * (sessionStorage `currentUser`), before any script of the page runs; given a browser
 * context, every page of it.
 */
export async function useSession(page: Page | BrowserContext, session: ApiSession): Promise<void> {
  await page.addInitScript(
    (user) => {
      if (window !== window.top) return;
      sessionStorage.setItem('currentUser', JSON.stringify({ ...user, loginTime: Date.now() }));
    },
    {
      token: session.token,
      account: session.account,
      username: session.username,
      userId: session.userId,
      loginStatus: 1,
      expiration: 0,
    },
  );
}

/** Text of the first element matching `selector` inside an element's shadow root. */
export function shadowText(page: Page, selector: string): Promise<string | null> {
  return page
    .locator(selector)
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);
}
