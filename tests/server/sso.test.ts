import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casUser } from '../../server/domain/sso';
import { databaseKinds, startTestServer, type TestServer } from './harness';

/**
 * Single sign-on against a stand-in CAS server (a third party we do not run): it knows one
 * good ticket for store01 and one for an account we do not have.
 */
const success = (user: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
const failure =
  '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>';

describe('casUser', () => {
  it('reads the user of a success answer and nothing of a failure', () => {
    expect(casUser(success('store01'))).toBe('store01');
    expect(casUser(failure)).toBeNull();
    expect(casUser('not xml')).toBeNull();
  });
});

describe.each(databaseKinds)('single sign-on on %s', (kind) => {
  let cas: Server;
  let server: TestServer;
  const seen: string[] = [];

  beforeAll(async () => {
    cas = createServer((request, response) => {
      const url = new URL(request.url!, 'http://cas');
      seen.push(url.searchParams.get('service') ?? '');
      const ticket = url.searchParams.get('ticket');
      response.setHeader('Content-Type', 'application/xml');
      response.end(
        ticket === 'ST-good'
          ? success('store01')
          : ticket === 'ST-stranger'
            ? success('nobody-here')
            : failure,
      );
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    process.env.SSO_URL = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
    server = await startTestServer(kind);
    delete process.env.SSO_URL;
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => cas.close(() => resolve()));
  });

  const auth = (ticket: string) =>
    server.app.inject({
      method: 'GET',
      url: `/uc/sso/auth?ticket=${ticket}&service=${encodeURIComponent('http://portal/fvue/home')}`,
    });

  it('says that single sign-on is on, and where', async () => {
    const info = (await server.app.inject({ method: 'GET', url: '/uc/sso/info' })).json();
    expect(info).toMatchObject({ enable: true, ssoUrl: expect.stringMatching(/\/cas\/login$/) });
  });

  it('exchanges a good ticket for a session of the account it names, passing the service on', async () => {
    const response = await auth('ST-good');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ account: 'store01', loginStatus: 1 });
    expect(seen.at(-1)).toBe('http://portal/fvue/home');
    const refresh = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: { authorization: `Bearer ${response.json().token}` },
    });
    expect(refresh.statusCode).toBe(200);
  });

  it('refuses a bad ticket and a ticket for an unknown account', async () => {
    for (const ticket of ['ST-bad', 'ST-stranger']) {
      const response = await auth(ticket);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('单点登录票据无效或已过期，请重新登录');
    }
  });
});

describe('single sign-on switched off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('answers 503 and says so in /sso/info', async () => {
    expect(
      (await server.app.inject({ method: 'GET', url: '/uc/sso/auth?ticket=x&service=y' }))
        .statusCode,
    ).toBe(503);
    expect((await server.app.inject({ method: 'GET', url: '/uc/sso/info' })).json()).toEqual({
      enable: false,
      ssoUrl: '',
      ssoLogoutUrl: '',
    });
  });
});
