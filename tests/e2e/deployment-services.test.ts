import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from './server-process';
import { useBrowser } from './support';
import { seededFileIds } from '../../server/db/seed/ids';

/**
 * A portal wired to the services a real deployment has, each a stand-in on an origin of its
 * own (third parties we do not run), with one portal server for them all.
 *
 * Single sign-on: a portal whose server has SSO_URL set sends visitors to the CAS server and
 * takes the ticket it hands back. The CAS stand-in's login page signs everyone in as store01
 * at once, and it validates the tickets it gave out, each for the service it was issued to,
 * as CAS does. The portal always signs in for its one configured service address
 * (SSO_SERVICE_URL) and then shows the page the visitor wanted.
 *
 * Document preview: DOC_PREVIEW_URL names a kkFileView-like service on another host
 * (127.0.0.2). The page asks it to fetch the file (`/doc/upload` with the user's token and the
 * file's address, answered with a uuid) and opens `/view/{uuid}`; the page's own policy must
 * let it ask.
 */
const casAnswer = (user: string | null) =>
  user
    ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
    : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>';

describe('a deployment with single sign-on and a document-preview service', () => {
  const browser = useBrowser();
  let cas: Server;
  let preview: Server;
  let portal: ServerProcess;
  /** uuid -> the size of the file the preview service fetched for it. */
  const fetched = new Map<string, number>();
  /** Ticket -> the service it was issued to. */
  const issued = new Map<string, string>();
  const logins: string[] = [];
  let service = '';

  beforeAll(async () => {
    cas = createServer((request, response) => {
      const url = new URL(request.url!, 'http://cas');
      const service = url.searchParams.get('service') ?? '';
      if (url.pathname === '/cas/login') {
        logins.push(service);
        const ticket = `ST-${logins.length}`;
        issued.set(ticket, service);
        const back = new URL(service);
        back.searchParams.set('ticket', ticket);
        response.writeHead(302, { Location: back.toString() }).end();
        return;
      }
      const ticket = url.searchParams.get('ticket') ?? '';
      const issuedTo = issued.get(ticket);
      response.setHeader('Content-Type', 'application/xml');
      // A ticket is good once, and for the service it was issued to, as CAS says.
      response.end(casAnswer(issued.delete(ticket) && issuedTo === service ? 'store01' : null));
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    preview = createServer((request, response) => void previewService(request, response));
    await new Promise<void>((resolve) => preview.listen(0, '127.0.0.2', resolve));
    const port = await freePort();
    service = `http://127.0.0.1:${port}/fvue/home`;
    portal = await startServerProcess({
      PORT: String(port),
      SSO_URL: `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`,
      SSO_SERVICE_URL: service,
      DOC_PREVIEW_URL: `http://127.0.0.2:${(preview.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await new Promise<void>((resolve) => cas.close(() => resolve()));
    await new Promise<void>((resolve) => preview.close(() => resolve()));
  });

  /** The preview stand-in: fetches the file as the real service does, with the token given. */
  async function previewService(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url!, 'http://preview');
    // It answers pages of the portal's origin only, as a deployment sets it up.
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '');
    response.setHeader('Access-Control-Allow-Headers', '*');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    if (url.pathname === '/doc/upload') {
      const file = await fetch(url.searchParams.get('url')!, {
        headers: { Authorization: `Bearer ${url.searchParams.get('token')}` },
      });
      if (!file.ok) return response.writeHead(502).end();
      const uuid = `doc-${fetched.size + 1}`;
      fetched.set(uuid, (await file.arrayBuffer()).byteLength);
      return response.writeHead(200, { 'Content-Type': 'text/plain' }).end(uuid);
    }
    const uuid = /^\/view\/(.+)$/.exec(url.pathname)?.[1];
    const size = uuid === undefined ? undefined : fetched.get(uuid);
    if (size === undefined) return response.writeHead(404).end();
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(`<title>preview</title><p id="size">${size}</p>`);
  }

  const account = (page: Page) =>
    page.evaluate(() => {
      const stored = sessionStorage.getItem('currentUser');
      return stored ? (JSON.parse(stored) as { account: string }).account : null;
    });

  it('sends a visitor to the CAS server and signs them in with the ticket it hands back', async () => {
    const page = await browser.newPage();
    await page.goto(`${portal.baseUrl}/fvue/home`);
    await page.waitForURL(`${portal.baseUrl}/fvue/home`);
    await page.waitForSelector('atrium-home');
    expect(await account(page)).toBe('store01');
    // The CAS server was asked for the portal's configured service, nothing else.
    expect(logins.at(-1)).toBe(service);
  });

  it('brings a visitor back to the page they asked for, after signing in for the one service', async () => {
    const page = await browser.newPage();
    const before = logins.length;
    await page.goto(`${portal.baseUrl}/fvue/v-flow/v-todo`);
    await page.waitForSelector('atrium-task-list');
    expect(page.url()).toBe(`${portal.baseUrl}/fvue/v-flow/v-todo`);
    expect(await account(page)).toBe('store01');
    expect(logins.slice(before)).toEqual([service]);
  });

  it('takes a used ticket for none: back to the CAS server, then in with a fresh one', async () => {
    const page = await browser.newPage();
    const before = logins.length;
    await page.goto(`${portal.baseUrl}/fvue/v-flow/v-todo?ticket=ST-used`);
    await page.waitForSelector('atrium-task-list');
    expect(page.url()).toBe(`${portal.baseUrl}/fvue/v-flow/v-todo`);
    expect(await account(page)).toBe('store01');
    expect(logins.slice(before)).toEqual([service]);
  });

  it('still shows its own login page to whoever opens it', async () => {
    const page = await browser.newPage();
    const before = logins.length;
    await page.goto(`${portal.baseUrl}/fvue/login`);
    await page.waitForSelector('atrium-login');
    expect(page.url()).toBe(`${portal.baseUrl}/fvue/login`);
    expect(logins.length).toBe(before);
    // The other tabs' elements arrive after the login box.
    await page.waitForFunction(() =>
      ['atrium-signup', 'atrium-news', 'atrium-about'].every((tag) => customElements.get(tag)),
    );
  });

  it('previews an office file in the preview service on another host, not a download', async () => {
    const page = await browser.newPage();
    await page.goto(`${portal.baseUrl}/fvue/news/1700000006000000001`);
    const fees = `atrium-news-viewer li[data-file-id="${seededFileIds.feeTable}"]`;
    await page.waitForSelector(fees);
    const [view] = await Promise.all([
      page.waitForEvent('popup'),
      page.click(`${fees} [data-action=preview]`),
    ]);
    await view.waitForLoadState();
    expect(view.url()).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/view\/doc-\d+$/);
    // The service fetched the whole file with the user's token.
    expect(await view.textContent('#size')).toBe('6685');
  });
});
