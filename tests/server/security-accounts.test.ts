import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneRateLimits } from '../../server/domain/rate-limit';
import { rows } from './finance-support';
import { bearer, databaseKinds, login, startTestServer, type TestServer } from './harness';
import { listenLocally, signInFrom, wire } from './security-support';

/**
 * Issue 9, items 1-6: taking over or locking out accounts, as an outsider or a signed-in
 * merchant would try it. Real HTTP from real source addresses where the rule is about
 * addresses (127.0.0.0/8 is loopback).
 */
const mobile = '13800000001';
const codePath = '/bpm-runtime/api/user/v1/user/getMobileCode';
const verifyPath = '/bpm-runtime/api/user/v1/user/getMobileTokenByUserUserName';
const statementQuery = `/bpm-runtime/bpm/atriumScript/executeSql?param=${Buffer.from(
  JSON.stringify({ query: 'statement.fkqkd', filters: {} }),
).toString('base64')}`;

describe.each(databaseKinds)('accounts under attack on %s', (kind) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await listenLocally(server.app);
  });
  afterAll(() => server.close());

  const requestCode = (from = '127.0.0.1') =>
    wire(`${base}${codePath}?mobile=${mobile}`, { from, method: 'POST' });

  it('1. keeps the SMS outbox from anyone but an administrator, and from other origins', async () => {
    expect((await requestCode()).status).toBe(200);
    const outbox = `${base}/dev/sms-outbox?format=json&mobile=${mobile}`;
    const anonymous = await wire(outbox, { headers: { origin: 'https://evil.example' } });
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toMatch(/验证码为\d{4}/);
    expect(anonymous.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await wire(outbox, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const merchant = await login(server.app, 'SZHY10002', 'Merchant#2026');
    expect((await wire(outbox, { headers: bearer(merchant) })).status).toBe(403);
    const admin = await login(server.app, 'admin', 'Atrium#2026');
    const read = await wire(outbox, { headers: bearer(admin) });
    expect(read.status).toBe(200);
    const code = /验证码为(\d{4})/.exec(read.body[0].text)![1]!;
    // The database keeps a keyed hash of the code, never the code itself.
    const stored = await rows<Record<string, unknown>>(
      server.db,
      `select * from mobile_codes where mobile = '${mobile}'`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
  });

  it('2. believes X-Forwarded-For only from a configured proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await wire(`${base}/uc/auth`, {
        from: '127.0.0.2',
        headers: { 'x-forwarded-for': `10.9.${i}.${i}` },
        json: { username: 'SZHY10003', password: `wrong-${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    const spoofed = await rows(server.db, `select key from rate_limits where key like '%10.9.%'`);
    expect(spoofed).toEqual([]);
  });

  it('1. sends codes through an HTTP gateway, with the outbox gone', async () => {
    const gateway = await standInGateway();
    const viaGateway = await startTestServer(kind, {
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: `${gateway.url}/send`,
      SMS_GATEWAY_KEY: 'gateway-key-1',
      SMS_TEMPLATE: 'SMS_LOGIN_CODE',
    });
    try {
      const app = viaGateway.app;
      const sent = await app.inject({ method: 'POST', url: `${codePath}?mobile=${mobile}` });
      expect(sent.statusCode).toBe(200);
      expect(gateway.received).toHaveLength(1);
      const message = gateway.received[0]!;
      expect(message.authorization).toBe('Bearer gateway-key-1');
      expect(message.body).toMatchObject({
        mobile,
        template: 'SMS_LOGIN_CODE',
        params: { code: expect.stringMatching(/^\d{4}$/), minutes: 5 },
      });
      expect(message.body.text).toContain(message.body.params.code);
      expect(await rows(viaGateway.db, 'select * from sms_outbox')).toEqual([]);
      const admin = await login(app, 'admin', 'Atrium#2026');
      const outbox = await app.inject({
        url: '/dev/sms-outbox?format=json',
        headers: bearer(admin),
      });
      expect(outbox.statusCode).toBe(404);
      // The code the phone received signs in.
      const verified = await app.inject({
        method: 'POST',
        url: `${verifyPath}?mobile=${mobile}`,
        payload: { code: message.body.params.code },
      });
      expect(verified.statusCode).toBe(200);

      // A gateway that refuses: a clear message, and the failed send neither starts the
      // cooldown nor counts against the day.
      gateway.status = 500;
      await rows(
        viaGateway.db,
        `update mobile_codes set sent_at = sent_at - interval '61 seconds'`,
      );
      const failed = await app.inject({ method: 'POST', url: `${codePath}?mobile=${mobile}` });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toBe('短信发送失败，请稍后再试');
      gateway.status = 200;
      const retried = await app.inject({ method: 'POST', url: `${codePath}?mobile=${mobile}` });
      expect(retried.statusCode).toBe(200);
      const [quota] = await rows<{ hits: number }>(
        viaGateway.db,
        `select hits from rate_limits where key = 'code:mobile:${mobile}'`,
      );
      expect(Number(quota!.hits)).toBe(2);
    } finally {
      await viaGateway.close();
      gateway.server.close();
    }
  });

  // Each test uses its own source addresses: limits per address must not leak between them.
  it('3. never locks the owner out: failures elsewhere do not stop the right password', async () => {
    // Ten failures from two addresses: both are shut out for this account...
    for (const from of ['127.0.0.12', '127.0.0.13']) {
      for (let i = 0; i < 5; i++) {
        expect((await signInFrom(base, from, 'SZHY10001', `guess-${i}`)).status).toBe(400);
      }
      expect((await signInFrom(base, from, 'SZHY10001', 'Merchant#2026')).status).toBe(429);
    }
    // ...the owner, from an address with no failures, signs in...
    expect((await signInFrom(base, '127.0.0.14', 'SZHY10001', 'Merchant#2026')).status).toBe(200);
    // ...while with the account under attack, a new address gets one guess, not more.
    expect((await signInFrom(base, '127.0.0.15', 'SZHY10001', 'guess-x')).status).toBe(400);
    expect((await signInFrom(base, '127.0.0.15', 'SZHY10001', 'guess-y')).status).toBe(429);
  });

  it('3. counts failures only: right passwords never lock anyone', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await signInFrom(base, '127.0.0.6', 'contract01', 'Staff#2026')).status).toBe(200);
    }
  });

  it('3. limits one address spraying many accounts, and 100 guesses at once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await signInFrom(base, '127.0.0.7', `nobody${i}`, 'Guess#2026')).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signInFrom(base, '127.0.0.8', 'acct01', `g${i}`)),
    );
    const wrong = burst.filter((answer) => answer.status === 400).length;
    expect(wrong).toBeLessThanOrEqual(5);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(100 - wrong);
  });

  it('3. limits guessing the old password through a stolen session', async () => {
    const token = await login(server.app, 'mgr02', 'Staff#2026');
    const change = (oldPwd: string) =>
      server.app.inject({
        method: 'POST',
        url: '/uc/api/user/v1/user/changUserPsd',
        headers: bearer(token),
        payload: { oldPwd, newPwd: 'Changed#2027' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(`guess-${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const locked = await change('Staff#2026');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^操作过于频繁，请\d+秒后再试$/);
  });

  it('4. refused code requests do not use up the owner’s daily codes', async () => {
    const other = '13800000002';
    const ask = () => server.app.inject({ method: 'POST', url: `${codePath}?mobile=${other}` });
    expect((await ask()).statusCode).toBe(200);
    for (let i = 0; i < 12; i++) {
      const refused = await ask();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).not.toMatch(/操作过于频繁/);
    }
    const [quota] = await rows<{ hits: number }>(
      server.db,
      `select hits from rate_limits where key = 'code:mobile:${other}'`,
    );
    expect(Number(quota!.hits)).toBe(1);
    // A minute later the owner gets a new code.
    await rows(server.db, `update mobile_codes set sent_at = sent_at - interval '61 seconds'`);
    expect((await ask()).statusCode).toBe(200);
  });

  it('5. a password change ends every other session of the user', async () => {
    const first = await login(server.app, 'SZHY10002', 'Merchant#2026');
    const second = await login(server.app, 'SZHY10002', 'Merchant#2026');
    const read = (token: string) =>
      server.app.inject({ url: statementQuery, headers: bearer(token) });
    expect((await read(second)).statusCode).toBe(200);
    const changed = await server.app.inject({
      method: 'POST',
      url: '/uc/api/user/v1/user/changUserPsd',
      headers: bearer(first),
      payload: { oldPwd: 'Merchant#2026', newPwd: 'Merchant#2027' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await read(second)).statusCode).toBe(401);
    expect((await read(first)).statusCode).toBe(200);
  });

  it('6. a print link ends with the session that made it', async () => {
    const token = await login(server.app, 'SZHY10001', 'Merchant#2026');
    const [notice] = await rows<{ id: string }>(
      server.db,
      `select id as "ID" from dunning_notices where merchant_code = '10001' limit 1`,
    );
    const printBase = '/bpm-runtime/bpm/atriumScript';
    const made = await server.app.inject({
      method: 'POST',
      url: `${printBase}/printLink`,
      headers: bearer(token),
      payload: { kind: 'shcjftzd', params: notice },
    });
    const printToken = made.json().value.printToken as string;
    const open = () =>
      server.app.inject({
        method: 'POST',
        url: `${printBase}/printView/shcjftzd`,
        headers: bearer(printToken),
        payload: notice,
      });
    expect((await open()).statusCode).toBe(200);
    const out = await server.app.inject({
      method: 'POST',
      url: '/uc/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    const after = await open();
    expect(after.statusCode).toBe(401);
  });

  it('2. prunes rate-limit windows that have ended', async () => {
    const now = Date.now();
    await rows(
      server.db,
      `insert into rate_limits (key, window_start, expires_at, hits) values
         ('test:ended', now() - interval '10 minutes', now() - interval '5 minutes', 3),
         ('test:live', now() - interval '1 minute', now() + interval '4 minutes', 3)`,
    );
    await pruneRateLimits(server.db, now);
    const left = await rows<{ key: string }>(
      server.db,
      `select key from rate_limits where key like 'test:%' order by key`,
    );
    expect(left.map((row) => row.key)).toEqual(['test:live']);
  });
});

describe.each(databaseKinds)('a trusted proxy on %s', (kind) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: '127.0.0.3' });
    base = await listenLocally(server.app);
  });
  afterAll(() => server.close());

  it("2. takes the client address from the named proxy's X-Forwarded-For only", async () => {
    const attempt = (from: string, forwarded: string) =>
      wire(`${base}/uc/auth`, {
        from,
        headers: { 'x-forwarded-for': forwarded },
        json: { username: 'SZHY10003', password: 'wrong' },
      });
    await attempt('127.0.0.3', '10.20.30.40');
    await attempt('127.0.0.2', '10.50.60.70');
    const keys = (await rows<{ key: string }>(server.db, `select key from rate_limits`)).map(
      (row) => row.key,
    );
    expect(keys).toContain('login:ip:10.20.30.40');
    expect(keys).toContain('login:ip:127.0.0.2');
    expect(keys.some((key) => key.includes('10.50.60.70'))).toBe(false);
  });
});

/** A stand-in for an SMS gateway we do not run: records what it is sent. */
async function standInGateway() {
  const state = {
    status: 200,
    received: [] as { authorization: string | undefined; body: Record<string, any> }[], // eslint-disable-line @typescript-eslint/no-explicit-any
    server: null as unknown as Server,
    url: '',
  };
  state.server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.status === 200) {
        state.received.push({
          authorization: request.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
      }
      response.statusCode = state.status;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}
