import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signToken } from '../../server/domain/tokens';
import { bearer, oneDatabase, login, type TestServer } from './harness';
import { fingerprint, rows, withFinanceServer } from './finance-support';

/**
 * Who may read a print view: a session, or a signed print link bound to its user, its kind
 * and its exact document (or batch query), with an expiry. Without either: 401 for every
 * kind; a link never opens another document; scope is the lists' scope, computed for the
 * link's user; bad input is refused in the caller's language and changes nothing.
 */
const base = '/bpm-runtime/bpm/atriumScript';
/** Links of this file's server live this long (PRINT_LINK_TTL_SECONDS). */
const ttlSeconds = 6;

/** One document of each kind (undefined when the unit has none of that kind). */
type Documents = Record<(typeof kinds)[number], Record<string, string>>;

const kinds = ['fkqkd', 'kpqrd', 'yjftzd', 'lyfyjsd', 'zlfymxd', 'shcjftzd'] as const;

const batchDescriptors = {
  yjftzd: { query: 'statement.yjfytzd', filters: {} },
  lyfyjsd: { query: 'statement.lyfyjsd', filters: {} },
  zlfymxd: { query: 'statement.zlfymxd', filters: {} },
  shcjftzd: { query: 'overdue.list', filters: {} },
};

function open(app: FastifyInstance, path: string, payload: object, token?: string, lang = 'zh-CN') {
  return app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    payload,
    headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
  });
}

/** One document of each kind belonging to a merchant unit, as the print routes name them. */
async function documentsOf(server: TestServer, unit: string): Promise<Documents> {
  const first = async (text: string) => (await rows<Record<string, string>>(server.db, text))[0]!;
  const notice = (table: string, key: string) =>
    first(`select contract_no as "${key}", to_char(month, 'YYYY-MM') as "NY" from ${table}
           where merchant_code = '${unit}' order by month desc, id limit 1`);
  return {
    fkqkd: await first(`select record_no as "JLBH", accounting_mode as "HSFS"
      from settlement_statements where merchant_code = '${unit}' order by month desc, id limit 1`),
    kpqrd: await first(`select t.record_no as "JLBH", t.accounting_mode as "HSFS"
      from settlement_statements t join invoice_confirmations c on c.statement_id = t.id
      where t.merchant_code = '${unit}' order by t.month desc, t.id limit 1`),
    yjftzd: await notice('advance_notices', 'DJBH'),
    lyfyjsd: await notice('joint_fee_notices', 'DJBH'),
    zlfymxd: await notice('lease_fee_notices', 'HTH'),
    shcjftzd: await first(`select id as "ID" from dunning_notices
      where merchant_code = '${unit}' order by cutoff_date desc, id limit 1`),
  };
}

describe.each(oneDatabase)('print access on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind, {
    PRINT_LINK_TTL_SECONDS: String(ttlSeconds),
  });
  let own: Documents;
  let foreign: Documents;
  beforeAll(async () => {
    own = await documentsOf(server, '10001');
    foreign = await documentsOf(server, '10002');
  });

  const link = async (account: string, body: object) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${base}/printLink`,
      payload: body,
      headers: bearer(tokens[account]!),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 401 with a clear message to a request with neither a session nor a print link', async () => {
    const before = await fingerprint(server.db);
    for (const printKind of kinds) {
      for (const [lang, message] of [
        ['zh-CN', '请先登录或使用有效的打印链接'],
        ['en-US', 'Please sign in or use a valid print link'],
      ]) {
        const response = await open(
          server.app,
          `printView/${printKind}`,
          own[printKind],
          undefined,
          lang,
        );
        expect(response.statusCode, printKind).toBe(401);
        expect(response.json()).toEqual({ state: false, message });
      }
      // A token that is neither a session nor a link (garbage, or signed with another key).
      const forged = await signToken(
        new TextEncoder().encode('another-secret'),
        'print',
        {
          sub: 'x',
          grant: { kind: printKind, params: own[printKind] },
        },
        600,
      );
      for (const token of ['not-a-token', forged]) {
        const response = await open(server.app, `printView/${printKind}`, own[printKind], token);
        expect(response.statusCode, `${printKind} ${token.slice(0, 10)}`).toBe(401);
      }
    }
    for (const [batch, descriptor] of Object.entries(batchDescriptors)) {
      const response = await open(server.app, `printBatch/${batch}`, { descriptor });
      expect(response.statusCode, batch).toBe(401);
      expect(response.json().message).toBe('请先登录或使用有效的打印链接');
    }
    // Nothing was confirmed or marked viewed by the refused requests.
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('opens each kind with a session, and with a signed link made for exactly that document', async () => {
    for (const printKind of kinds) {
      const bySession = await open(
        server.app,
        `printView/${printKind}`,
        own[printKind],
        tokens.SZHY10001,
      );
      expect(bySession.statusCode, `${printKind} by session`).toBe(200);
      const made = await link('SZHY10001', { kind: printKind, params: own[printKind] });
      expect(made.status, printKind).toBe(200);
      const { printToken, expiresAt } = made.body.value;
      const lifetime = (Date.parse(expiresAt) - Date.now()) / 1000;
      expect(lifetime).toBeGreaterThan(ttlSeconds - 3);
      expect(lifetime).toBeLessThanOrEqual(ttlSeconds);
      const byLink = await open(server.app, `printView/${printKind}`, own[printKind], printToken);
      expect(byLink.statusCode, `${printKind} by link`).toBe(200);
      // The first open confirmed or marked it: both answers show that same stored state.
      expect(byLink.json().value).toEqual(bySession.json().value);
    }
  });

  it('refuses a link for one document on another document, another kind or another batch query', async () => {
    const made = await link('SZHY10001', { kind: 'yjftzd', params: own.yjftzd });
    const token = made.body.value.printToken as string;
    const otherMonth = (
      await rows<{ ny: string }>(
        server.db,
        `select to_char(month, 'YYYY-MM') as ny from advance_notices where merchant_code = '10001'
         and contract_no = '${own.yjftzd.DJBH}' and month <> '${own.yjftzd.NY}-01' limit 1`,
      )
    )[0]!.ny;
    const refused = [
      ['printView/yjftzd', { DJBH: own.yjftzd.DJBH, NY: otherMonth }],
      ['printView/yjftzd', foreign.yjftzd],
      ['printView/lyfyjsd', { DJBH: own.yjftzd.DJBH, NY: own.yjftzd.NY }],
      ['printBatch/yjftzd', { descriptor: batchDescriptors.yjftzd }],
    ] as const;
    for (const [path, payload] of refused) {
      const response = await open(server.app, path, payload, token);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(403);
      expect(response.json().message).toBe('此打印链接不能打开该单据');
    }
    const batch = await link('SZHY10001', {
      kind: 'shcjftzd_all',
      descriptor: { query: 'overdue.list', filters: { contract: own.lyfyjsd.DJBH } },
    });
    const batchToken = batch.body.value.printToken as string;
    // The link carries its query: an embedded view sends none, a wider one is refused.
    const withOwn = await open(server.app, 'printBatch/shcjftzd', {}, batchToken);
    expect(withOwn.statusCode).toBe(200);
    const wider = await open(
      server.app,
      'printBatch/shcjftzd',
      { descriptor: { query: 'overdue.list', filters: {} } },
      batchToken,
    );
    expect(wider.statusCode).toBe(403);
    const single = await open(server.app, 'printView/shcjftzd', own.shcjftzd, batchToken);
    expect(single.statusCode).toBe(403);
    // A link's content cannot be edited: the signature no longer matches.
    const [head, , signature] = token.split('.');
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    payload.grant.params = foreign.yjftzd;
    const edited = `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    const tampered = await open(server.app, 'printView/yjftzd', foreign.yjftzd, edited);
    expect(tampered.statusCode).toBe(401);
  });

  it('refuses an expired link with its own message', async () => {
    const made = await link('SZHY10001', { kind: 'shcjftzd', params: own.shcjftzd });
    const token = made.body.value.printToken as string;
    expect((await open(server.app, 'printView/shcjftzd', own.shcjftzd, token)).statusCode).toBe(
      200,
    );
    // The clock moves past the link's lifetime instead of the test waiting it out. Only Date
    // is faked, and it goes on running: the server's timers and the database are untouched.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + (ttlSeconds + 1) * 1000);
      for (const [lang, message] of [
        ['zh-CN', '打印链接已过期，请回到列表重新打开打印页面'],
        ['en-US', 'This print link has expired. Open the print view again from the list.'],
      ]) {
        const response = await open(server.app, 'printView/shcjftzd', own.shcjftzd, token, lang);
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(message);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps each merchant to their own documents, whatever they send or sign', async () => {
    for (const printKind of kinds) {
      // Another merchant's document: 404 as for one that does not exist, and no link for it.
      const direct = await open(
        server.app,
        `printView/${printKind}`,
        own[printKind],
        tokens.SZHY10002,
      );
      expect(direct.statusCode, `${printKind} direct`).toBe(404);
      const made = await link('SZHY10002', { kind: printKind, params: own[printKind] });
      expect(made.status, `${printKind} link`).toBe(404);
      // Their own link, pointed at the other merchant's document (SZHY10002 trades only
      // under lease contracts: no joint notice, no invoicing confirmation of theirs).
      if (!foreign[printKind]) continue;
      const ownLink = await link('SZHY10002', { kind: printKind, params: foreign[printKind] });
      expect(ownLink.status, `${printKind} own link`).toBe(200);
      const forged = await open(
        server.app,
        `printView/${printKind}`,
        own[printKind],
        ownLink.body.value.printToken,
      );
      expect(forged.statusCode, `${printKind} forged`).toBe(403);
    }
    // A batch with a filter naming the other merchant still holds only the caller's rows.
    for (const [batch, descriptor] of Object.entries(batchDescriptors)) {
      const response = await open(
        server.app,
        `printBatch/${batch}`,
        { descriptor },
        tokens.SZHY10002,
      );
      expect(response.statusCode).toBe(200);
      const units = new Set(
        response.json().value.rows.map((row: Record<string, string>) => row.WLDW ?? row.F_GYSDM),
      );
      // (No joint-operation notices at all for this lease-only merchant.)
      expect([...units], batch).toEqual(batch === 'lyfyjsd' ? [] : ['10002']);
      const named = await open(
        server.app,
        `printBatch/${batch}`,
        { descriptor: { ...descriptor, filters: { merchant: '丽人坊' } } },
        tokens.SZHY10002,
      );
      expect(named.json().value.rows, batch).toEqual([]);
    }
  });

  it('refuses the link of a user who can no longer sign in, and a link cannot make links', async () => {
    const made = await link('SZHY10002', { kind: 'shcjftzd', params: foreign.shcjftzd });
    const token = made.body.value.printToken as string;
    const minted = await server.app.inject({
      method: 'POST',
      url: `${base}/printLink`,
      payload: { kind: 'shcjftzd', params: foreign.shcjftzd },
      headers: bearer(token),
    });
    expect(minted.statusCode).toBe(401);
    await rows(server.db, `update users set status = 0 where account = 'SZHY10002'`);
    try {
      const response = await open(server.app, 'printView/shcjftzd', foreign.shcjftzd, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(
        '打印链接已失效：其登录已退出，或账号已停用、需要修改密码。请从列表重新打开',
      );
    } finally {
      await rows(server.db, `update users set status = 1 where account = 'SZHY10002'`);
    }
  });

  it('refuses a user who must change the password, even with a session', async () => {
    const token = await login(server.app, 'newhire', 'Temp#2026');
    const response = await open(server.app, 'printView/shcjftzd', own.shcjftzd, token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('请先修改密码');
  });

  it("refuses bad input in the caller's language and changes nothing", async () => {
    const before = await fingerprint(server.db);
    const cases: [string, object, string, string][] = [
      ['printView/fkqkd', {}, '缺少“记录编号”（JLBH）', 'record number'],
      ['printView/yjftzd', { DJBH: own.yjftzd.DJBH, NY: '2026-13' }, '“年月”（NY）应为 YYYY-MM 格式的月份', 'month'],
      ['printView/zlfymxd', { NY: own.zlfymxd.NY }, '缺少“合同号”（HTH）', 'contract number'],
      ['printView/shcjftzd', { ID: "1' or '1'='1" }, '“通知书编号”（ID）应为记录编号', 'notice id'],
      ['printView/lyfyjsd', { DJBH: 'a\u0007b', NY: own.lyfyjsd.NY }, '筛选条件“合同号”（DJBH）包含不允许的字符', 'DJBH'],
      ['printBatch/yjftzd', { descriptor: { query: 'overdue.list', filters: {} } }, '批量打印只能使用查询“statement.yjfytzd”', 'statement.yjfytzd'],
      ['printBatch/shcjftzd', { descriptor: { query: 'overdue.list', sql: 'select 1' } }, '不接受 SQL 语句，请在查询描述中使用命名查询（query）', 'SQL'],
      ['printBatch/shcjftzd', { descriptor: { query: 'overdue.list', filters: { password: 'x' } } }, '不支持的筛选条件“password”', 'password'],
      ['printBatch/lyfyjsd', {}, '批量打印缺少查询条件（descriptor）', 'descriptor'],
    ]; // prettier-ignore
    for (const [path, payload, zh, en] of cases) {
      const response = await open(server.app, path, payload, tokens.admin);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toEqual({ state: false, message: zh });
      const english = await open(server.app, path, payload, tokens.admin, 'en-US');
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toContain(en);
    }
    const unknownKind = await link('admin', { kind: 'print_all', params: {} });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.message).toBe('不支持的打印类型：print_all');
    expect(await fingerprint(server.db)).toEqual(before);
  });
});
