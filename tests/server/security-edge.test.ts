import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { localStorage } from '../../server/domain/storage';
import { cspNoncePlaceholder } from '../../server/lib/csp-nonce';
import { loggerOptions } from '../../server/lib/logging';
import { fingerprint, rows } from './finance-support';
import { bearer, oneDatabase, login, startTestServer, type TestServer } from './harness';

/**
 * Issue 9, items 12-14 and 16: bytes no route should see, secrets in logs, security headers,
 * and the mobile-code call's query-only shape. Each request is what an attacker would send.
 */
const badCharacters = '请求中含有不允许的字符（NUL 或无效的 Unicode 字符）';
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
/** JSON text nested `depth` objects deep (built as text: JSON.stringify would overflow). */
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

describe.each(oneDatabase)('the edge on %s', (kind) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = {
      merchant: await login(server.app, 'SZHY10001', 'Merchant#2026'),
      staff: await login(server.app, 'emp01', 'Staff#2026'),
      admin: await login(server.app, 'admin', 'Atrium#2026'),
    };
  });
  afterAll(() => server.close());

  const send = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    token: string | null = tokens.merchant!,
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  it('12. refuses a NUL in any query or body field with 400, and changes nothing', async () => {
    const nul = '\u0000';
    const before = await fingerprint(server.db);
    const finance = '/bpm-runtime/bpm/atriumScript';
    const cases: [string, 'GET' | 'POST', string, unknown?, (string | null)?][] = [
      ['news id', 'GET', '/portal/portalNewsNotice/v1/getNewsById?id=1%00'],
      ['news class', 'GET', '/portal/portalNewsNotice/v1/getNews?classifyId=all%00'],
      ['file id', 'GET', '/portal/system/file/v1/downloadFile?fileId=17%00'],
      ['file type id', 'POST', '/portal/bpm/aliasScript/v1/execute/FileType?id=1%00', {}],
      ['file infos', 'POST', '/portal/system/file/v1/getFileInfos', { ids: `a${nul}` }],
      ['login name', 'POST', '/uc/auth', { username: `SZHY10001${nul}`, password: 'x' }, null],
      ['login password', 'POST', '/uc/auth', { username: 'SZHY10001', password: `a${nul}` }, null],
      ['mobile', 'POST', `/bpm-runtime/api/user/v1/user/getMobileCode?mobile=1380000000%00`, undefined, null],
      ['mobile code', 'POST', `/bpm-runtime/api/user/v1/user/getMobileTokenByUserUserName?mobile=13800000001`, { code: `12${nul}` }, null],
      ['ticket', 'POST', `/bpm-runtime/api/user/v1/user/getTokenByUserUserName?username=SZHY10001`, { ticket: `t${nul}` }, null],
      ['old password', 'POST', '/uc/api/user/v1/user/changUserPsd', { oldPwd: `a${nul}`, newPwd: 'New#20270' }],
      ['new password', 'POST', '/uc/api/user/v1/user/changUserPsd', { oldPwd: 'Merchant#2026', newPwd: `New#2027${nul}` }],
      ['account detail', 'GET', '/uc/api/user/v1/user/getDetailByAccountOrId?account=SZHY10001%00'],
      ['sign-up name', 'POST', '/bpm-runtime/bpm/haiyaapi/SavePpbmb', { fdmc: 'S01', xm: `张${nul}`, lxfs: '13800000009', xqmj: '50', xqwz: '', pppl: '', zw: '', bz: '' }, null],
      ['sign-up remark', 'POST', '/bpm-runtime/bpm/haiyaapi/SavePpbmb', { fdmc: 'S01', xm: '张', lxfs: '13800000009', xqmj: '50', xqwz: '', pppl: '', zw: '', bz: `x${nul}` }, null],
      ['query param (base64)', 'GET', `${finance}/executeSql?param=${encodeURIComponent(base64({ query: 'statement.fkqkd', filters: { brand: `a${nul}` } }))}`],
      ['query param (raw)', 'GET', `${finance}/executeSql?param=abc%00`],
      ['print view', 'POST', `${finance}/printView/shcjftzd`, { ID: `1${nul}` }],
      ['print link', 'POST', `${finance}/printLink`, { kind: 'shcjftzd', params: { ID: `1${nul}` } }],
      ['print batch', 'POST', `${finance}/printBatch/shcjftzd`, { descriptor: { query: 'overdue.list', filters: { brand: `x${nul}` } } }],
      ['settlement search', 'GET', `${finance}/searchDJH?DJBH=JS%00`],
      ['custom query alias', 'POST', '/form/form/customQuery/v1/getByAlias?alias=storeList%00'],
      ['custom query data', 'POST', '/form/form/customQuery/v1/doQuery?alias=storeList', { storeName: `a${nul}` }],
      ['flow start data', 'POST', '/bpm-runtime/runtime/instance/v1/start', { flowKey: 'leave', data: base64({ reason: `x${nul}` }) }, tokens.staff],
      ['flow start subject', 'POST', '/bpm-runtime/runtime/instance/v1/start', { flowKey: 'leave', subject: `s${nul}`, data: base64({}) }, tokens.staff],
      ['a key', 'POST', '/portal/system/file/v1/getFileInfos', { ids: 'a', [`k${nul}`]: 1 }],
      ['outbox filter', 'GET', '/dev/sms-outbox?format=json&mobile=138%00', undefined, tokens.admin],
    ]; // prettier-ignore
    for (const [name, method, url, payload, token] of cases) {
      const response = await send(method, url, payload, token === undefined ? undefined : token);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(response.json().message, name).toBe(badCharacters);
    }
    expect(cases.length).toBeGreaterThanOrEqual(27);
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('12. refuses lone surrogates in a form field and in a query', async () => {
    const signup = await server.app.inject({
      method: 'POST',
      url: '/bpm-runtime/bpm/haiyaapi/SavePpbmb',
      headers: { 'content-type': 'application/json' },
      // JSON escapes make a lone high surrogate, as a broken client can send it.
      payload:
        '{"fdmc":"S01","xm":"\\ud800","lxfs":"13800000009","xqmj":"50","xqwz":"","pppl":"","zw":"","bz":""}',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().message).toBe(badCharacters);
    // UTF-8 cannot carry a lone surrogate: its bytes in a URL decode to U+FFFD, never a 500.
    const news = await send('GET', '/portal/portalNewsNotice/v1/getNews?classifyId=%ED%A0%80');
    expect(news.statusCode).toBeLessThan(500);
    const english = await server.app.inject({
      method: 'POST',
      url: '/uc/auth',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"username":"a\\udc00","password":"x"}',
    });
    expect(english.json().message).toBe(
      'The request contains characters that are not allowed (NUL or invalid Unicode)',
    );
  });

  it('12. refuses JSON nested 5,000 deep, in a body and in a base64 parameter', async () => {
    const before = await fingerprint(server.db);
    const raw = (url: string, payload: string, token = tokens.merchant!) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
    const batch = await raw(
      '/bpm-runtime/bpm/atriumScript/printBatch/shcjftzd',
      `{"descriptor":{"query":"overdue.list","filters":${deepJson(5000)}}}`,
    );
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe('请求数据嵌套过深（最多 64 层）');
    const param = Buffer.from(`{"query":"statement.fkqkd","filters":${deepJson(5000)}}`).toString(
      'base64',
    );
    const query = await send(
      'GET',
      `/bpm-runtime/bpm/atriumScript/executeSql?param=${encodeURIComponent(param)}`,
    );
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('请求数据嵌套过深（最多 64 层）');
    const start = await raw(
      '/bpm-runtime/runtime/instance/v1/start',
      JSON.stringify({ flowKey: 'leave', data: Buffer.from(deepJson(5000)).toString('base64') }),
      tokens.staff,
    );
    expect(start.statusCode).toBe(400);
    expect(start.json().message).toBe('请求数据嵌套过深（最多 64 层）');
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('names nobody as the leader when ?leaderId= comes twice or not as text, never a 500', async () => {
    // A route that reads the leader without declaring it: the repeated parameter arrives as a
    // list. It answers as for the caller alone, whoever the leaders named.
    const url =
      '/bpm-runtime/runtime/customsign/v1/getParallelRevokeTasks?taskId=1700000025000000010';
    const alone = await send('GET', url, undefined, tokens.staff);
    for (const extra of ['&leaderId=a&leaderId=b', '&leaderId=0', '&leaderId=', '&leaderId[x]=1']) {
      const answer = await send('GET', `${url}${extra}`, undefined, tokens.staff);
      expect(answer.statusCode, extra).toBe(alone.statusCode);
      expect(answer.body, extra).toBe(alone.body);
    }
    expect(alone.statusCode).toBeLessThan(500);
  });

  it('16. takes the mobile code from the query string, as the original client sends it', async () => {
    const mobile = '13800000001';
    await server.app.inject({
      method: 'POST',
      url: `/bpm-runtime/api/user/v1/user/getMobileCode?mobile=${mobile}`,
    });
    const [message] = await rows<{ body: string }>(
      server.db,
      `select body from sms_outbox where mobile = '${mobile}' order by id desc limit 1`,
    );
    const code = /验证码为(\d{4})/.exec(message!.body)![1]!;
    const verify = (headers: Record<string, string>, payload?: string) =>
      server.app.inject({
        method: 'POST',
        url: `/bpm-runtime/api/user/v1/user/getMobileTokenByUserUserName?mobile=${mobile}&code=${code}`,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
    // A JSON content type with no body, and a JSON null: both are "no body", not 400.
    const empty = await verify({ 'content-type': 'application/json' });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().value.accounts.map((a: { account: string }) => a.account)).toContain(
      'SZHY10001',
    );
    const missing = await server.app.inject({
      method: 'POST',
      url: `/bpm-runtime/api/user/v1/user/getMobileTokenByUserUserName?mobile=${mobile}`,
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).not.toMatch(/body must be object/);
  });
});

describe.each(oneDatabase)('log lines and headers on %s', (kind) => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'atrium-static-'));
    mkdirSync(join(staticDir, 'fvue'));
    writeFileSync(
      join(staticDir, 'fvue', 'index.html'),
      `<!doctype html><meta property="csp-nonce" nonce="${cspNoncePlaceholder}"><style nonce="${cspNoncePlaceholder}">body{}</style><div id="portal"></div>`,
    );
    mkdirSync(join(staticDir, 'guides'));
    writeFileSync(join(staticDir, 'guides', 'hours.html'), '<!doctype html><p>营业时间</p>');
    server = await startTestServer(kind, {
      STATIC_DIR: staticDir,
      FRAME_ANCESTORS: 'https://cms.example.com',
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('13. never writes a token, code, ticket or password to the log', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-log-')),
      JWT_SECRET: 'test-secret-for-atrium-tests-only',
    });
    const app = await buildApp(
      { config, db: server.db, storage: localStorage(join(config.dataDir, 'files')) },
      { logger: { ...loggerOptions('info'), stream } },
    );
    try {
      const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2VjcmV0LXNpZ25hdHVyZQ';
      await app.inject(`/fvue/ht?token=${jwt}&tab=1`);
      await app.inject('/uc/sso/auth?ticket=ST-12345-secret&code=4821&service=x');
      await app.inject(`/portal/system/file/v1/downloadFile?fileId=1&printToken=${jwt}`);
      await app.inject({
        method: 'POST',
        url: '/uc/auth?password=Leaked%231',
        payload: { username: 'SZHY10001', password: 'Merchant#2026' },
      });
      expect(logged).toContain('/fvue/ht?token=[redacted]&tab=1');
      for (const secret of [jwt, 'ST-12345-secret', 'Leaked', 'Merchant#2026']) {
        expect(logged, secret).not.toContain(secret);
      }
      // The code as a number of its own: its four digits can turn up inside a log line's
      // millisecond timestamp, which is no leak.
      expect(logged.match(/\d+/g), 'the mobile code').not.toContain('4821');
    } finally {
      await app.close();
    }
  });

  it('14. sends security headers, a fresh CSP nonce on the portal page, and frame-ancestors', async () => {
    const first = await server.app.inject('/fvue/login');
    const second = await server.app.inject('/fvue/login');
    const policy = String(first.headers['content-security-policy']);
    const nonce = /style-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(first.body).toContain(`<style nonce="${nonce}">`);
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(first.body).not.toContain(cspNoncePlaceholder);
    expect(second.headers['content-security-policy']).not.toContain(nonce);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'self' https:\/\/cms\.example\.com/);
    // Error answers carry them too: the set copied to each reply survives the error handler.
    const signedOut = await server.app.inject('/uc/api/user/v1/user/getUser');
    const missing = await server.app.inject('/no/such/page');
    expect([signedOut.statusCode, missing.statusCode]).toEqual([401, 404]);
    for (const response of [
      first,
      await server.app.inject('/portal/portalNewsNotice/v1/getNews'),
      signedOut,
      missing,
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toMatch(/object-src 'none'/);
    }
    // A JSON answer needs no nonce (its policy is the same every time, built once).
    const json = await server.app.inject('/portal/portalNewsNotice/v1/getNews');
    expect(json.headers['content-security-policy']).not.toMatch(/nonce-/);
    // The API stays callable from pages on other origins (elements are embedded anywhere).
    const embedded = await server.app.inject({
      url: '/portal/portalNewsNotice/v1/getNews',
      headers: { origin: 'https://cms.example.com' },
    });
    expect(embedded.headers['access-control-allow-origin']).toBe('https://cms.example.com');
    expect(embedded.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Public content pages are framed by the news element on any site; the portal is not.
    const guide = await server.app.inject('/guides/hours.html');
    expect(guide.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(guide.headers['x-frame-options']).toBeUndefined();
    expect(first.headers['x-frame-options']).toBeUndefined();
  });
});
