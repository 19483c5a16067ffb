import { describe, expect, it } from 'vitest';
import { bearer, login, oneDatabase, withServer } from './harness';

// One database: the password policy and its messages (docs/testing.md).
describe.each(oneDatabase)('password change on %s', (kind) => {
  const server = withServer(kind);

  const change = (token: string, oldPwd: string, newPwd: string) =>
    server.app.inject({
      method: 'POST',
      url: '/uc/api/user/v1/user/changUserPsd',
      headers: bearer(token),
      payload: { oldPwd, newPwd },
    });

  it('serves the default policy', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/uc/pwdStrategy/v1/getDefault',
    });
    expect(response.json()).toEqual({
      state: true,
      message: '',
      value: { enable: true, pwdRule: 3, pwdLength: 8 },
    });
  });

  it('enforces the policy on the server and changes nothing on failure', async () => {
    const token = (
      await server.app.inject({
        method: 'POST',
        url: '/uc/auth',
        payload: { username: 'newhire', password: 'Temp#2026' },
      })
    ).json().token as string;
    expect((await change(token, 'Temp#2026', 'short1!')).json().message).toBe(
      '新密码长度至少为8位',
    );
    expect((await change(token, 'Temp#2026', 'lettersonly!')).json().message).toBe(
      '新密码必须包含数字、字母和特殊字符',
    );
    expect((await change(token, 'Temp#2026', 'letters123')).json().message).toBe(
      '新密码必须包含数字、字母和特殊字符',
    );
    expect((await change(token, 'wrong-old', 'Newhire#2027')).json().message).toBe('旧密码不正确');
    // Still the old password, still must change.
    const again = await server.app.inject({
      method: 'POST',
      url: '/uc/auth',
      payload: { username: 'newhire', password: 'Temp#2026' },
    });
    expect(again.json().loginStatus).toBe(0);
  });

  it('sets a new password that then signs in with status 1', async () => {
    const token = (
      await server.app.inject({
        method: 'POST',
        url: '/uc/auth',
        payload: { username: 'newhire', password: 'Temp#2026' },
      })
    ).json().token as string;
    const done = await change(token, 'Temp#2026', 'Newhire#2027');
    expect(done.json()).toEqual({ state: true, message: '密码修改成功' });
    const old = await server.app.inject({
      method: 'POST',
      url: '/uc/auth',
      payload: { username: 'newhire', password: 'Temp#2026' },
    });
    expect(old.statusCode).toBe(400);
    const fresh = await server.app.inject({
      method: 'POST',
      url: '/uc/auth',
      payload: { username: 'newhire', password: 'Newhire#2027' },
    });
    expect(fresh.json().loginStatus).toBe(1);
    expect(await login(server.app, 'newhire', 'Newhire#2027')).toBeTruthy();
  });
});
