import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process';
import { useBrowser } from './support';

/**
 * Single sign-on in the browser: a portal whose server has SSO_URL set sends visitors to the
 * CAS server and takes the ticket it hands back. The CAS server is a stand-in (a third party
 * we do not run): its login page signs everyone in as store01 at once, and it validates the
 * tickets it gave out.
 */
const casAnswer = (user: string | null) =>
  user
    ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
    : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>';

describe('single sign-on in the browser', () => {
  const browser = useBrowser();
  let cas: Server;
  let portal: ServerProcess;
  const issued = new Set<string>();
  const logins: string[] = [];

  beforeAll(async () => {
    cas = createServer((request, response) => {
      const url = new URL(request.url!, 'http://cas');
      const service = url.searchParams.get('service') ?? '';
      if (url.pathname === '/cas/login') {
        logins.push(service);
        const ticket = `ST-${issued.size + 1}`;
        issued.add(ticket);
        const back = new URL(service);
        back.searchParams.set('ticket', ticket);
        response.writeHead(302, { Location: back.toString() }).end();
        return;
      }
      const ticket = url.searchParams.get('ticket') ?? '';
      response.setHeader('Content-Type', 'application/xml');
      // A ticket is good once, as CAS says.
      response.end(casAnswer(issued.delete(ticket) ? 'store01' : null));
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    portal = await startServerProcess({
      SSO_URL: `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`,
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
    // The CAS server was asked for the page the visitor wanted, without any ticket in it.
    expect(logins.at(-1)).toBe(`${portal.baseUrl}/fvue/home`);
  });

  it('takes a used ticket for none: back to the CAS server, then in with a fresh one', async () => {
    const page = await browser.newPage();
    const before = logins.length;
    await page.goto(`${portal.baseUrl}/fvue/v-flow/v-todo?ticket=ST-used`);
    await page.waitForSelector('atrium-task-list');
    expect(page.url()).toBe(`${portal.baseUrl}/fvue/v-flow/v-todo`);
    expect(await account(page)).toBe('store01');
    expect(logins.slice(before)).toEqual([`${portal.baseUrl}/fvue/v-flow/v-todo`]);
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
