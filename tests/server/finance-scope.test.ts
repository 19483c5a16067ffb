import { describe, expect, it } from 'vitest';
import { oneDatabase } from './harness';
import {
  caller,
  contractRule,
  ids,
  overdueRule,
  type Row,
  rows,
  salesRule,
  paymentRequestRule,
  statementRule,
  testAccounts,
  withFinanceServer,
} from './finance-support';

/**
 * Every named query, as every demo user: exactly the rows spec section 6 lets them see. The
 * expectation is independent SQL over the tables, written from the spec's rules and the
 * demo users' roles (people.ts), never the code under test.
 */
const lists = [
  { query: 'statement.lyfyjsd', table: 'joint_fee_notices', id: 'ID', rule: statementRule },
  { query: 'statement.yjfytzd', table: 'advance_notices', id: 'ID', rule: statementRule },
  { query: 'statement.zlfymxd', table: 'lease_fee_notices', id: 'ID', rule: statementRule },
  {
    query: 'statement.fkqkd',
    table: 'settlement_statements',
    id: 'ID',
    rule: paymentRequestRule,
  },
  { query: 'sales.monthly', table: 'brand_monthly_sales', id: 'ID', rule: salesRule },
  { query: 'contract.list', table: 'contract_prints', id: 'ID_', rule: contractRule },
  { query: 'overdue.list', table: 'dunning_notices', id: 'ID_', rule: overdueRule },
];

/** Who must see something on each list (so the equality checks are never trivially empty). */
const mustSee: Record<string, string[]> = {
  'statement.lyfyjsd': ['admin', 'SZHY10001', 'acct01'],
  'statement.yjfytzd': ['admin', 'SZHY10001', 'SZHY10002', 'acct01'],
  'statement.zlfymxd': ['admin', 'SZHY10001', 'SZHY10002', 'acct01'],
  'statement.fkqkd': ['admin', 'SZHY10001', 'SZHY10002'],
  'sales.monthly': ['admin', 'SZHY10001', 'SZHY10002'],
  'contract.list': ['admin', 'SZHY10001', 'SZHY10002', 'store01', 'contract01'],
  'overdue.list': ['admin', 'SZHY10001', 'SZHY10002', 'acct01'],
};

describe.each(oneDatabase)('finance scope on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);

  const as = (account: string, language?: string) => caller(server.app, tokens[account]!, language);

  for (const list of lists) {
    for (const account of testAccounts) {
      it(`${list.query} as ${account}: exactly the rows the spec allows`, async () => {
        const expected = await ids(
          server.db,
          `select t.id from ${list.table} t where ${list.rule[account]}`,
        );
        const { status, body } = await as(account).query({ query: list.query });
        expect(status).toBe(200);
        expect(body.total).toBe(expected.length);
        expect(body.result.map((row) => String(row[list.id])).sort()).toEqual(expected);
        if (mustSee[list.query]!.includes(account)) expect(expected.length).toBeGreaterThan(0);
        else expect(expected).toEqual([]);
      });
    }
  }

  it('never shows a merchant another unit, whatever they filter on', async () => {
    const [other] = await rows<{ contract_no: string; merchant_name: string }>(
      server.db,
      `select contract_no, merchant_name from settlement_statements
       where merchant_code = '10002' order by id limit 1`,
    );
    for (const list of lists) {
      for (const filters of [
        { contract: other!.contract_no },
        { merchant: other!.merchant_name },
        { brand: '悦茶' },
      ]) {
        // The sales list has no merchant filter.
        if (list.query === 'sales.monthly' && 'merchant' in filters) continue;
        const { status, body } = await as('SZHY10001').query({ query: list.query, filters });
        expect(status).toBe(200);
        expect(body.total).toBe(0);
        expect(body.result).toEqual([]);
      }
    }
    // Admin does see them, so the filters themselves match.
    const admin = await as('admin').query({
      query: 'statement.fkqkd',
      filters: { contract: other!.contract_no },
    });
    expect(admin.body.result.map((row: Row) => row.WLDW)).toContain('10002');
  });

  it('answers the daily detail only of a monthly row the caller may see', async () => {
    const withDetail = async (where: string) =>
      (
        await rows<{ id: string; n: number }>(
          server.db,
          `select m.id, count(*)::int as n from brand_monthly_sales m
           join product_daily_sales d on d.sales_id = m.id
           where ${where} group by m.id order by m.id limit 1`,
        )
      )[0]!;
    const own = await withDetail("m.merchant_code = '10001' and m.store_code = 'S01'");
    const other = await withDetail("m.merchant_code = '10002'");
    const daily = (account: string, salesId: string) =>
      as(account).query({ query: 'sales.daily', filters: { salesId } });
    expect((await daily('SZHY10001', own.id)).body.total).toBe(own.n);
    expect(own.n).toBeGreaterThan(0);
    expect((await daily('SZHY10001', other.id)).body).toMatchObject({ total: 0, result: [] });
    expect((await daily('SZHY10002', other.id)).body.total).toBe(other.n);
    expect((await daily('admin', other.id)).body.total).toBe(other.n);
    // The store role sees no sales, not even of its own stores.
    expect((await daily('store01', own.id)).body.total).toBe(0);
    expect((await daily('acct01', own.id)).body.total).toBe(0);
  });

  it('tells the contract list who may add and edit', async () => {
    const permissions: Record<string, boolean> = {};
    for (const account of testAccounts) {
      const { body } = await as(account).query({
        query: 'contract.list',
        page: { page: 1, pageSize: 1 },
      });
      expect(body.permissions?.canAdd).toBe(body.permissions?.canEdit);
      permissions[account] = body.permissions!.canEdit;
    }
    expect(permissions).toEqual({
      admin: false,
      SZHY10001: false,
      SZHY10002: false,
      store01: true,
      contract01: true,
      acct01: false,
    });
  });

  it('answers 401 to a caller without a session, and changes nothing', async () => {
    for (const url of [
      '/bpm-runtime/bpm/atriumScript/executeSql?param=e30=',
      '/bpm-runtime/bpm/atriumScript/searchDJH?DJBH=JS1',
      '/bpm-runtime/bpm/atriumScript/searchFPQRD?DJBH=JS1',
      '/bpm-runtime/bpm/atriumScript/searchLYJKD?GHDWDM=10001&DJBH=HT&NY=2026-01',
      '/bpm-runtime/bpm/atriumScript/searchZLTZD?GHDWDM=10001&DJBH=HT&NY=2026-01',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ state: false, message: '请先登录' });
    }
    const invoices = await server.app.inject({
      method: 'POST',
      url: '/bpm-runtime/bpm/haiyaapi/getKpmxqk',
      payload: { ghdwdm: '10001', kpny: '2026-01', hth: 'HT' },
    });
    expect(invoices.statusCode).toBe(401);
    const forged = await server.app.inject({
      method: 'GET',
      url: '/bpm-runtime/bpm/atriumScript/executeSql?param=e30=',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
