import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl } from './support';

/**
 * Issue 9, item 1, from outside, against the server as `npm start` runs it: request a login
 * code for someone else's mobile, then try every way to read it and sign in as them. Before
 * the fix, the SMS outbox answered anyone, from any origin, and this took over SZHY10002.
 */
const mobile = '13800000002';
const bpm = () => `${baseUrl()}/bpm-runtime/api/user/v1/user`;

async function post(url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('taking over an account through its mobile', () => {
  it('fails: the code cannot be read, guessed or exchanged by a stranger', async () => {
    expect((await post(`${bpm()}/getMobileCode?mobile=${mobile}`)).status).toBe(200);

    // The outbox, as a stranger on another site, and as another merchant.
    const stranger = await fetch(`${baseUrl()}/dev/sms-outbox?format=json&mobile=${mobile}`, {
      headers: { origin: 'https://attacker.example' },
    });
    expect(stranger.status).toBe(401);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect(await stranger.text()).not.toMatch(/验证码为\d{4}/);
    const merchant = await apiToken('SZHY10001', 'Merchant#2026');
    const asMerchant = await fetch(`${baseUrl()}/dev/sms-outbox?format=json&mobile=${mobile}`, {
      headers: { authorization: `Bearer ${merchant}` },
    });
    expect(asMerchant.status).toBe(403);
    // The page itself holds no messages.
    const page = await fetch(`${baseUrl()}/dev/sms-outbox`, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/验证码为\d{4}/);

    // Guessing: five wrong codes kill the code, so the right one no longer works either.
    for (let i = 0; i < 5; i++) {
      const guess = await post(`${bpm()}/getMobileTokenByUserUserName?mobile=${mobile}`, {
        code: String(1000 + i),
      });
      expect(guess.status).toBe(400);
    }
    const admin = await apiToken('admin', 'Atrium#2026');
    const outbox = (await (
      await fetch(`${baseUrl()}/dev/sms-outbox?format=json&mobile=${mobile}`, {
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as { text: string }[];
    const code = /验证码为(\d{4})/.exec(outbox[0]!.text)![1]!;
    const late = await post(`${bpm()}/getMobileTokenByUserUserName?mobile=${mobile}`, { code });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('验证码错误次数过多，请重新获取。');

    // Without a verified code there is no ticket, and a forged one signs nobody in.
    const forged = await post(`${bpm()}/getTokenByUserUserName?username=SZHY10002`, {
      ticket: 'eyJhbGciOiJIUzI1NiJ9.eyJtb2JpbGUiOiIxMzgwMDAwMDAwMiIsImNpZCI6MX0.x',
    });
    expect(forged.status).toBe(401);
  });
});
