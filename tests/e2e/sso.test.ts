import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from './server-process';
import { useBrowser } from './support';

/**
 * Single sign-on in the browser: a portal whose server has SSO_URL set sends visitors to the
 * CAS server and takes the ticket it hands back. The CAS server is a stand-in (a third party
 * we do not run): its login page signs everyone in as store01 at once, and it validates the
 * tickets it gave out, each for the service it was issued to, as CAS does. The portal always
 * signs in for its one configured service address (SSO_SERVICE_URL) and then shows the page
 * the visitor wanted.
 */
const casAnswer = (user: string | null) =>
  user
    ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
    : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>';

describe('single sign-on in the browser', () => {
  const browser = useBrowser();
  let cas: Server;
  let portal: ServerProcess;
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
    const port = await freePort();
    service = `http://127.0.0.1:${port}/fvue/home`;
    portal = await startServerProcess({
      PORT: String(port),
      SSO_URL: `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`,
      SSO_SERVICE_URL: service,
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await new Promise<void>((resolve) => cas.close(() => resolve()));
  });

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
});
