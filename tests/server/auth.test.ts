import { describe, expect, it } from 'vitest';
import { bearer, login, oneDatabase, withServer } from './harness';

// One database: sign-in answers, messages and session rules, one request at a time
// (docs/testing.md).
describe.each(oneDatabase)('password sign-in on %s', (kind) => {
  const server = withServer(kind);

  const auth = (username: string, password: string, language = 'zh-CN') =>
    server.app.inject({
      method: 'POST',
      url: '/uc/auth',
      headers: { 'accept-language': language },
      payload: { username, password },
    });

  it('answers the platform login shape for a merchant', async () => {
    const response = await auth('SZHY10001', 'Merchant#2026');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      account: 'SZHY10001',
      username: '深圳市丽人坊化妆品有限公司',
      loginStatus: 1,
      expiration: expect.any(Number),
      userAttrs: { tenantId: expect.any(String) },
    });
    expect(body.token.split('.')).toHaveLength(3);
  });

  it('gives the same message for a wrong password and an unknown account', async () => {
    const wrong = await auth('SZHY10002', 'wrong-password');
    const unknown = await auth('SZHY99999', 'wrong-password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ state: false, message: '账号或密码错误' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('speaks English when asked', async () => {
    const response = await auth('SZHY10002', 'nope', 'en-US,en;q=0.9');
    expect(response.json().message).toBe('Wrong account or password');
  });

  it('checks the form on the server with the spec messages', async () => {
    expect((await auth('', 'x')).json().message).toBe('请输入账号');
    expect((await auth('a', 'x')).json().message).toBe('账号格式不符合规范');
    expect((await auth('bad account!', 'x')).json().message).toBe('账号格式不符合规范');
    expect((await auth('SZHY10001', '')).json().message).toBe('请输入密码');
  });

  it('tells a disabled account so, but only with the right password', async () => {
    await server.db
      .updateTable('users')
      .set({ status: 0 })
      .where('account', '=', 'acct01')
      .execute();
    try {
      const wrongPassword = await auth('acct01', 'not-it');
      expect(wrongPassword.json().message).toBe('账号或密码错误');
      const rightPassword = await auth('acct01', 'Staff#2026');
      expect(rightPassword.statusCode).toBe(403);
      expect(rightPassword.json().message).toBe('账号被禁用或离职');
    } finally {
      await server.db
        .updateTable('users')
        .set({ status: 1 })
        .where('account', '=', 'acct01')
        .execute();
    }
  });

  it('reports login status 0 for an account that must change its password, and allows only that', async () => {
    const response = await auth('newhire', 'Temp#2026');
    expect(response.json().loginStatus).toBe(0);
    const token = response.json().token as string;
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/bpm-runtime/message/SaveNewsItem',
      headers: bearer(token),
      payload: { ggbm: 'x' },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('请先修改密码');
    const refresh = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: bearer(token),
    });
    expect(refresh.statusCode).toBe(200);
  });

  it('refreshes a token and retires the old one', async () => {
    const token = await login(server.app, 'store01', 'Staff#2026');
    const refreshed = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: bearer(token),
    });
    expect(refreshed.statusCode).toBe(200);
    const again = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
    const next = refreshed.json().token as string;
    expect(
      (await server.app.inject({ method: 'GET', url: '/uc/refresh', headers: bearer(next) }))
        .statusCode,
    ).toBe(200);
  });

  it('ends a session on logout', async () => {
    const token = await login(server.app, 'contract01', 'Staff#2026');
    const out = await server.app.inject({
      method: 'POST',
      url: '/uc/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    const after = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('rejects forged, missing and idle tokens with 401', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/uc/refresh' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ state: false, message: '请先登录' });
    const forged = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: bearer('a.b.c'),
    });
    expect(forged.statusCode).toBe(401);
    const token = await login(server.app, 'SZHY10002', 'Merchant#2026');
    // Idle for longer than the default 30 minutes.
    await server.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .where(
        'user_id',
        '=',
        (
          await server.db
            .selectFrom('users')
            .select('id')
            .where('account', '=', 'SZHY10002')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const idle = await server.app.inject({
      method: 'GET',
      url: '/uc/refresh',
      headers: bearer(token),
    });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe('登录超时');
  });

  it('rate-limits guessing one account from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await auth('SZHY10003', `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 5).every((status) => status === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    const limited = await auth('SZHY10003', 'Merchant#2026');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json().message).toMatch(/^操作过于频繁，请\d+秒后再试$/);
  });
});
