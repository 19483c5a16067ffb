// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '../../../src/core/config';
import { ApiError, http, httpClient, requestTimeoutMs } from '../../../src/core/http';
import { setLanguage } from '../../../src/core/language';
import { navigation } from '../../../src/core/navigation';
import { $notices } from '../../../src/core/notices';
import { $actingFor, $session, signIn, signOut } from '../../../src/core/session';

/**
 * The request layer against a stand-in for an existing deployment of the platform (a third
 * party we do not run): it answers the platform's envelopes and failures, including the Java
 * null-pointer leak Atrium's own server never produces.
 */
let platform: Server;
let seen: IncomingMessage | undefined;
const answers: Record<string, { status: number; body: unknown }> = {
  '/portal/ok': { status: 200, body: { state: true, value: 42 } },
  '/portal/refused': { status: 200, body: { state: false, message: '流程定义不存在' } },
  '/portal/npe': {
    status: 500,
    body: { state: false, message: 'java.lang.NullPointerException at Foo.bar' },
  },
  '/portal/boom': { status: 500, body: { state: false, message: '数据库连接失败' } },
  '/portal/expired': { status: 401, body: { state: false, message: '' } },
  '/portal/bare': { status: 200, body: { rows: [1, 2], total: 2, page: 1, pageSize: 10 } },
};

beforeAll(async () => {
  platform = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', '*');
    if (request.method === 'OPTIONS') return response.end();
    seen = request;
    const answer = answers[request.url!.split('?')[0]!] ?? {
      status: 404,
      body: { state: false, message: 'nope' },
    };
    response.statusCode = answer.status;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  configure({
    apiOrigin: `http://127.0.0.1:${(platform.address() as AddressInfo).port}`,
    tenantCode: 'hy',
    loginUrl: '/fvue/login',
  });
});
afterAll(() => new Promise<void>((resolve) => platform.close(() => resolve())));

beforeEach(() => {
  $notices.set([]);
  $actingFor.set(null);
  setLanguage('zh-CN');
  signIn({
    token: 'tok-1',
    account: 'admin',
    username: 'A',
    userId: '1',
    loginStatus: 1,
    expiration: 0,
    loginTime: Date.now(),
  });
});

const lastNotice = () => $notices.get().at(-1)?.text;

describe('the request layer', () => {
  it('waits 100000 ms before giving up', () => {
    expect(requestTimeoutMs).toBe(100_000);
    expect(httpClient.defaults.timeout).toBe(100_000);
  });

  it('sends the language, the tenant and the bearer token', async () => {
    setLanguage('en-US');
    expect(await http.get('portal', '/ok')).toEqual({ state: true, value: 42 });
    expect(seen?.headers['accept-language']).toBe('en-US');
    expect(seen?.headers['tenant-code']).toBe('hy');
    expect(seen?.headers.authorization).toBe('Bearer tok-1');
  });

  it('omits the token on anonymous calls (the login call)', async () => {
    await http.post('portal', '/ok', {}, { anonymous: true });
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it('adds leaderId when acting for a leader', async () => {
    $actingFor.set('L-9');
    await http.get('portal', '/ok', { a: 1 });
    expect(seen?.url).toContain('leaderId=L-9');
    expect(seen?.url).toContain('a=1');
  });

  it('understands bare page lists', async () => {
    expect(await http.get('portal', '/bare')).toEqual({
      rows: [1, 2],
      total: 2,
      page: 1,
      pageSize: 10,
    });
  });

  it('shows the message of a {state:false} answer and rejects', async () => {
    await expect(http.get('portal', '/refused')).rejects.toThrow('流程定义不存在');
    expect(lastNotice()).toBe('流程定义不存在');
  });

  it('turns a null-pointer 500 into the friendly text, and shows other 500 messages as they are', async () => {
    await expect(http.get('portal', '/npe')).rejects.toThrow('系统检测到数据有误，请检查!');
    await expect(http.get('portal', '/boom')).rejects.toThrow('数据库连接失败');
    expect(lastNotice()).toBe('数据库连接失败');
  });

  it('keeps quiet when the caller shows the message itself', async () => {
    await expect(http.get('portal', '/refused', {}, { quiet: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect($notices.get()).toHaveLength(0);
  });

  it('on 401 clears the session and goes to login with a redirect; the message is 登录超时', async () => {
    history.pushState(null, '', '/fvue/home?tab=1');
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    await expect(http.get('portal', '/expired')).rejects.toThrow('登录超时');
    expect($session.get()).toBeNull();
    expect(sessionStorage.getItem('currentUser')).toBeNull();
    expect(assign).toHaveBeenCalledWith(
      `/fvue/login?redirect=${encodeURIComponent(location.pathname + location.search)}`,
    );
    assign.mockRestore();
  });

  it('goes to login once when the calls in flight are all refused, and again after a new sign-in', async () => {
    history.pushState(null, '', '/fvue/home');
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    // A second navigation would cut the first (the page then never arrives at the login page).
    const refused = Array.from({ length: 3 }, () => http.get('portal', '/expired'));
    for (const call of refused) await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledTimes(1);
    signIn({ token: 'tok-2', account: 'admin', username: 'A', userId: '1', loginStatus: 1, expiration: 0, loginTime: Date.now() }); // prettier-ignore
    await expect(http.get('portal', '/expired')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledTimes(2);
    assign.mockRestore();
  });

  it('stays on a page of the same site that is not the portal (a host page)', async () => {
    for (const page of ['/hosts/plain.html', '/fvue-lookalike/home', '/']) {
      history.pushState(null, '', page);
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      await expect(http.get('portal', '/expired')).rejects.toBeInstanceOf(ApiError);
      expect(assign, page).not.toHaveBeenCalled();
      assign.mockRestore();
    }
    history.pushState(null, '', '/fvue/home');
  });

  it('lets an embedding page handle the 401 itself', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const stop = (event: Event) => event.preventDefault();
    addEventListener('atrium-unauthorized', stop);
    await expect(http.get('portal', '/expired')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
    removeEventListener('atrium-unauthorized', stop);
    assign.mockRestore();
  });

  it('sends no call that needs a session while signed out, and every visitor call', async () => {
    signOut();
    history.pushState(null, '', '/fvue/home');
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    let heard = 0;
    const count = () => heard++;
    addEventListener('atrium-unauthorized', count);
    seen = undefined as IncomingMessage | undefined;
    await expect(http.get('portal', '/ok')).rejects.toThrow('请先登录');
    await expect(http.post('bpmRunTime', '/runtime/task/v1/getTodoList')).rejects.toMatchObject({
      status: 401,
    });
    // No request, no toast; quietly, as this page has had a session (its sign-out leads on).
    expect([seen, heard, $notices.get()]).toEqual([undefined, 0, []]);
    // A visitor call (the news list) and a call that names its own way in are sent.
    await expect(http.get('portal', '/portalNewsNotice/v1/getNews')).rejects.toThrow('nope');
    expect(seen?.url).toMatch(/^\/portal\/portalNewsNotice\/v1\/getNews/);
    await http.get('portal', '/ok', {}, { anonymous: true });
    await http.get('portal', '/ok', {}, { token: 'print-link' });
    expect(seen?.headers.authorization).toBe('Bearer print-link');
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
    removeEventListener('atrium-unauthorized', count);
  });

  it('rejects headers that are not a JSON object', async () => {
    await expect(http.get('portal', '/ok', {}, { headers: '{not json' })).rejects.toThrow(
      '请求头格式错误，应为 JSON 对象',
    );
    await expect(http.get('portal', '/ok', {}, { headers: '[1,2]' })).rejects.toThrow(
      '请求头格式错误',
    );
    await http.get('portal', '/ok', {}, { headers: '{"X-Extra":"yes"}' });
    expect(seen?.headers['x-extra']).toBe('yes');
  });

  it('reports a network failure in the user language', async () => {
    setLanguage('en-US');
    configure({ services: { form: 'http://127.0.0.1:1/form' } });
    await expect(http.get('form', '/x')).rejects.toThrow(
      'Network error, please check your connection and try again',
    );
  });
});
