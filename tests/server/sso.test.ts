import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casUser, ssoSettings } from '../../server/domain/sso';
import { oneDatabase, startTestServer, type TestServer } from './harness';

/**
 * Single sign-on against a stand-in CAS server (a third party we do not run). Like a real
 * one, it issues each ticket to one service and validates it only for that service: ST-good
 * and ST-stranger to this portal (store01, and an account we do not have), ST-other-app to
 * another application of the realm (as admin).
 */
const success = (user: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
const failure =
  '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>';
const portalService = 'http://portal.test/fvue/home';
const otherApp = 'http://other-app.test/';

describe('casUser', () => {
  it('reads the user of a success answer and nothing of a failure', () => {
    expect(casUser(success('store01'))).toBe('store01');
    expect(casUser(failure)).toBeNull();
    expect(casUser('not xml')).toBeNull();
  });
});

describe('single-sign-on settings', () => {
  it("refuse to start without the portal's own service address, or with a bad one", () => {
    for (const service of [undefined, '', 'portal.test/fvue', 'javascript:alert(1)'])
      expect(() =>
        ssoSettings({ SSO_URL: 'http://cas.test/cas', SSO_SERVICE_URL: service }),
      ).toThrow(/SSO_SERVICE_URL/);
    expect(
      ssoSettings({ SSO_URL: 'http://cas.test/cas/', SSO_SERVICE_URL: portalService }),
    ).toEqual({
      url: 'http://cas.test/cas',
      logoutUrl: 'http://cas.test/cas/logout',
      service: portalService,
    });
  });
});

describe.each(oneDatabase)('single sign-on on %s', (kind) => {
  let cas: Server;
  let server: TestServer;
  const seen: string[] = [];
  const issuedTo: Record<string, { service: string; user: string }> = {
    'ST-good': { service: portalService, user: 'store01' },
    'ST-stranger': { service: portalService, user: 'nobody-here' },
    'ST-other-app': { service: otherApp, user: 'admin' },
  };

  beforeAll(async () => {
    cas = createServer((request, response) => {
      const url = new URL(request.url!, 'http://cas');
      const service = url.searchParams.get('service') ?? '';
      seen.push(service);
      const ticket = issuedTo[url.searchParams.get('ticket') ?? ''];
      response.setHeader('Content-Type', 'application/xml');
      response.end(ticket && ticket.service === service ? success(ticket.user) : failure);
    });
    await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
    process.env.SSO_URL = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
    process.env.SSO_SERVICE_URL = portalService;
    server = await startTestServer(kind);
    delete process.env.SSO_URL;
    delete process.env.SSO_SERVICE_URL;
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => cas.close(() => resolve()));
  });

  const auth = (ticket: string, service = portalService) =>
    server.app.inject({
      method: 'GET',
      url: `/uc/sso/auth?ticket=${ticket}&service=${encodeURIComponent(service)}`,
    });

  it('says that single sign-on is on, and sends visitors to sign in for the portal itself', async () => {
    const info = (await server.app.inject({ method: 'GET', url: '/uc/sso/info' })).json();
    expect(info).toMatchObject({ enable: true });
    const login = new URL(info.ssoUrl);
    expect(login.pathname).toBe('/cas/login');
    expect(login.searchParams.get('service')).toBe(portalService);
  });

  it('exchanges a good ticket for a session of the account it names, validated for the portal', async () => {
    const response = await auth('ST-good');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ account: 'store01', loginStatus: 1 });
    expect(seen.at(-1)).toBe(portalService);
    const refresh = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: { authorization: `Bearer ${response.json().token}` },
    });
    expect(refresh.statusCode).toBe(200);
    // The service a caller names is not what the ticket is checked for: ours is.
    for (const url of [
      '/uc/sso/auth?ticket=ST-good',
      `/uc/sso/auth?ticket=ST-good&service=${encodeURIComponent(otherApp)}`,
    ]) {
      const again = await server.app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(200);
      expect(seen.at(-1)).toBe(portalService);
    }
  });

  it('refuses a ticket the CAS server issued to another application, whatever service is named', async () => {
    for (const service of [otherApp, portalService]) {
      const response = await auth('ST-other-app', service);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('单点登录票据无效或已过期，请重新登录');
      expect(response.json().token).toBeUndefined();
      expect(seen.at(-1)).toBe(portalService);
    }
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
