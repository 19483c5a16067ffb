import { describe, expect, it } from 'vitest';
import { oneDatabase, withServer } from './harness';

// One database: the code rules and their messages, one request at a time (docs/testing.md).
describe.each(oneDatabase)('mobile-code sign-in on %s', (kind) => {
  const server = withServer(kind);

  const requestCode = (mobile: string) =>
    server.app.inject({
      method: 'POST',
      url: `/bpm-runtime/api/user/v1/user/getMobileCode?mobile=${mobile}`,
    });
  const verify = (mobile: string, code: string) =>
    server.app.inject({
      method: 'POST',
      url: `/bpm-runtime/api/user/v1/user/getMobileTokenByUserUserName?mobile=${mobile}`,
      payload: { code },
    });
  const tokenFor = (username: string, ticket: string) =>
    server.app.inject({
      method: 'POST',
      url: `/bpm-runtime/api/user/v1/user/getTokenByUserUserName?username=${username}`,
      payload: { ticket },
    });
  /** The code of the latest message to a mobile, read from the outbox as a user reads a phone. */
  const latestCode = async (mobile: string) => {
    const row = await server.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.body.match(/(\d{4})/)?.[1];
  };
  /** Lets the cooldown pass without waiting a minute. */
  const ageCodes = (mobile: string, seconds: number) =>
    server.db
      .updateTable('mobile_codes')
      .set({ sent_at: new Date(Date.now() - seconds * 1000) })
      .where('mobile', '=', mobile)
      .execute();

  it('refuses a malformed mobile number with the spec message', async () => {
    const response = await requestCode('12345');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('手机号码不合法，请重新输入。');
  });

  it('sends a 4-digit code, stores only its hash, and lists both accounts after verifying', async () => {
    const sent = await requestCode('13800000001');
    expect(sent.statusCode).toBe(200);
    const code = await latestCode('13800000001');
    expect(code).toMatch(/^\d{4}$/);
    const stored = await server.db
      .selectFrom('mobile_codes')
      .selectAll()
      .where('mobile', '=', '13800000001')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code!);
    const verified = await verify('13800000001', code!);
    expect(verified.statusCode).toBe(200);
    const { accounts, ticket } = verified.json().value;
    expect(accounts.map((a: { account: string }) => a.account)).toEqual(['SZHY10001', 'SZHY10003']);
    const token = await tokenFor('SZHY10003', ticket);
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ account: 'SZHY10003', loginStatus: 1 });
    // The ticket works once.
    expect((await tokenFor('SZHY10001', ticket)).statusCode).toBe(401);
  });

  it('enforces the 60 s cooldown with the spec message', async () => {
    await ageCodes('13800000001', 3600);
    expect((await requestCode('13800000001')).statusCode).toBe(200);
    const again = await requestCode('13800000001');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('验证码已经发送，请勿重复发送。');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(55);
    await ageCodes('13800000001', 61);
    expect((await requestCode('13800000001')).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    await ageCodes('13900000005', 3600);
    await requestCode('13900000005');
    const code = await latestCode('13900000005');
    await server.db
      .updateTable('mobile_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('mobile', '=', '13900000005')
      .execute();
    const response = await verify('13900000005', code!);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('验证码已过期，请重新获取。');
  });

  it('locks the code after five wrong tries, even for the right code', async () => {
    await ageCodes('13900000006', 3600);
    await requestCode('13900000006');
    const code = (await latestCode('13900000006'))!;
    const wrong = code === '0000' ? '0001' : '0000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await verify('13900000006', wrong)).json().message);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('验证码错误。'));
    expect(messages[4]).toBe('验证码错误次数过多，请重新获取。');
    const right = await verify('13900000006', code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('验证码错误次数过多，请重新获取。');
  });

  it('checks the code format and gives no token without a verified code', async () => {
    expect((await verify('13900000007', '')).json().message).toBe('验证码不合法，请重新输入。');
    expect((await verify('13900000007', 'abcd')).json().message).toBe('验证码不合法，请重新输入。');
    expect((await verify('13900000007', '1234')).json().message).toBe('验证码错误。');
    const noTicket = await tokenFor('acct01', 'not-a-ticket');
    expect(noTicket.statusCode).toBe(401);
    // A session token is not a ticket either.
    const session = await server.app.inject({
      method: 'POST',
      url: '/uc/auth',
      payload: { username: 'acct01', password: 'Staff#2026' },
    });
    expect((await tokenFor('acct01', session.json().token)).statusCode).toBe(401);
  });

  it('does not sign in to an account of another mobile with a valid ticket', async () => {
    await ageCodes('13900000008', 3600);
    await requestCode('13900000008');
    const verified = await verify('13900000008', (await latestCode('13900000008'))!);
    const { ticket } = verified.json().value;
    const other = await tokenFor('SZHY10001', ticket);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('该账号未绑定此手机号码');
  });

  it('answers an unknown mobile like a known one, but sends nothing', async () => {
    const response = await requestCode('13700000000');
    expect(response.statusCode).toBe(200);
    expect(await latestCode('13700000000')).toBeUndefined();
  });
});
