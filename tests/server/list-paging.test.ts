import { beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../server/app';
import { namedQueries } from '../../server/domain/finance/registry';
import { forgetEstimates } from '../../server/lib/estimate-memo';
import { bearer, databaseKinds, login, oneDatabase } from './harness';
import {
  caller,
  type ListAnswer,
  rows,
  scopeRuleOf,
  statementRule,
  withFinanceServer,
} from './finance-support';

/**
 * Issue 11: a list read to its last row page by page (after the cursor of the page before,
 * as the elements scroll) in every sort order it offers, no row twice or missing; jumps by
 * offset land on the same rows; the count modes; forged and foreign cursors are refused.
 * The oracle is independent SQL: the rows of the caller's scope, in the documented order
 * (the sort column, then the id in the same direction).
 */
interface ListCase {
  query: string;
  table: string;
  id: string;
  /** Field to the column the oracle sorts by. */
  columns: Record<string, string>;
}

const statement = (query: string, table: string, extra: Record<string, string>): ListCase => ({
  query,
  table,
  id: 'ID',
  columns: {
    ID: 'id',
    STORE_CODE: 'store_code',
    FDMC: 'store_code',
    HTH: 'contract_no',
    WLDW: 'merchant_code',
    NY: 'month',
    SHMC: 'merchant_name',
    ...extra,
  },
});

const fees = {
  PP: 'brand',
  YSXSE: 'sales_amount',
  KPJE: 'invoice_amount',
  WYGLF: 'property_fee',
  TGF: 'promotion_fee',
  SF: 'water_fee',
  DF: 'electricity_fee',
  YSXJ: 'cash_due',
  CONFIRM_DATE: 'confirm_date',
};

const lists: ListCase[] = [
  statement('statement.lyfyjsd', 'joint_fee_notices', { ...fees, FYHJ: 'fee_total' }),
  statement('statement.zlfymxd', 'lease_fee_notices', { ...fees, ZJHJ: 'fee_total' }),
  statement('statement.yjfytzd', 'advance_notices', {
    JYPP: 'brand',
    JZMJ: 'building_area',
    BDZJ: 'guaranteed_rent',
    WYGLF: 'property_fee',
    XCTGF: 'promotion_fee',
    KKHJ: 'deduction_total',
    CONFIRM_DATE: 'confirm_date',
  }),
  (() => {
    const { NY: _month, SHMC: _merchant, ...columns } = statement('x', 'x', {}).columns;
    return {
      query: 'statement.fkqkd',
      table: 'settlement_statements',
      id: 'ID',
      columns: {
        ...columns,
        JLBH: 'record_no',
        HSFS: 'accounting_mode',
        YEARMONTH: 'month',
        WLDW_NAME: 'merchant_name',
        PP: 'brand',
        JSJE: 'settle_amount',
        KKJE: 'fee_deductions',
        FKJE: 'pay_amount',
      },
    };
  })(),
  {
    query: 'sales.monthly',
    table: 'brand_monthly_sales',
    id: 'ID',
    columns: {
      ID: 'id',
      STORE_CODE: 'store_code',
      FDMC: 'store_code',
      HTH: 'contract_label',
      NAME: 'brand',
      WLDW_NAME: 'merchant_name',
      WLDW: 'merchant_code',
      RQ: 'settle_date',
      XSSL: 'quantity',
      XSJE: 'sales_amount',
      ZKJE: 'discount_amount',
      YHJE: 'promotion_amount',
    },
  },
  {
    query: 'contract.list',
    table: 'contract_prints',
    id: 'ID_',
    columns: {
      ID_: 'id',
      F_MD: 'store_code',
      F_MDID: 'store_code',
      F_GYSMC: 'merchant_name',
      F_PPMC: 'brand',
      F_HTH: 'contract_no',
      F_LXR: 'contact_name',
      F_ZSRY: 'liaison_name',
      F_CJSJ: 'created_at',
    },
  },
  {
    query: 'overdue.list',
    table: 'dunning_notices',
    id: 'ID_',
    columns: {
      ID_: 'id',
      FDMC: 'store_code',
      STORE_CODE: 'store_code',
      F_PPMC: 'brand',
      F_GYSMC: 'merchant_name',
      F_LC: 'floor',
      F_HTH: 'contract_no',
      F_JZRQ: 'cutoff_date',
      F_QKWYJHJ: 'total',
    },
  },
];

/** Who reads each list: the designated user (everything) and a scoped reader. */
const scopedReader: Record<string, string> = {
  statement: 'acct01',
  // A merchant's own claims: an accountant sees none.
  'statement.fkqkd': 'SZHY10001',
  sales: 'SZHY10001',
  contract: 'SZHY10001',
  overdue: 'acct01',
};
const scopeOf = (query: string) => {
  const account = scopedReader[query] ?? scopedReader[query.split('.')[0]!]!;
  return { account, rule: scopeRuleOf(query)[account]! };
};

const pageSize = 97;

/**
 * Reading every list to its end in every order checks the order our SQL gives, which the
 * engine decides alike on both databases (docs/testing.md, "One database or both"): it runs
 * on one. Counts, estimates and cursors run on both.
 */
const readsEveryOrder = (kind: string) => kind === oneDatabase[0];

describe.each(databaseKinds)('list paging on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);

  const as = (account: string) => caller(server.app, tokens[account]!);
  /** The app over a database that shows `seen` the first row of every result it reads. */
  const recordingApp = (seen: (first: Record<string, unknown>) => void) => {
    const recorder: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const first = args.result.rows[0];
        if (first) seen(first as Record<string, unknown>);
        return args.result;
      },
    };
    return buildApp({ ...server.app.deps, db: server.db.withPlugin(recorder) }, { logger: false });
  };

  /** Every row by scrolling: page 1, then always after the last page's cursor. */
  async function readAll(account: string, query: string, sort: object[]) {
    const seen: string[] = [];
    let after: string | undefined;
    let total: number | null = null;
    for (let page = 1; page < 1000; page++) {
      const { status, body } = await as(account).query({
        query,
        sort,
        page: { page, pageSize },
        count: page === 1 ? 'exact' : 'none',
        ...(after ? { after } : {}),
      });
      expect(status, JSON.stringify(body)).toBe(200);
      if (page === 1) total = body.total;
      else expect(body.total).toBeNull();
      const answer = body as ListAnswer & { next?: string };
      seen.push(...answer.result.map((row) => String(row.ID ?? row.ID_)));
      if (!answer.next) {
        expect(answer.result.length).toBeLessThan(pageSize + 1);
        break;
      }
      expect(answer.result).toHaveLength(pageSize);
      after = answer.next;
    }
    return { seen, total };
  }

  const oracle = (list: ListCase, rule: string, column: string, direction: string) =>
    rows<{ id: string }>(
      server.db,
      `select t.id from ${list.table} t where ${rule}
        order by t.${column} ${direction}, t.id ${direction}`,
    ).then((found) => found.map((row) => row.id));

  it('offers exactly the sorts the oracle knows (so none goes untested)', () => {
    for (const list of lists) {
      expect([...namedQueries.get(list.query)!.sortable].sort()).toEqual(
        Object.keys(list.columns).sort(),
      );
    }
  });

  for (const list of readsEveryOrder(kind) ? lists : []) {
    it(`reads ${list.query} to its last row in every sort order, for everything and for a scope`, async () => {
      const readers = [{ account: 'admin', rule: 'true' }, scopeOf(list.query)];
      for (const reader of readers) {
        const expectedCount = (await oracle(list, reader.rule, 'id', 'asc')).length;
        expect(expectedCount).toBeGreaterThan(0);
        for (const [field, column] of Object.entries(list.columns)) {
          for (const direction of ['asc', 'desc']) {
            const { seen, total } = await readAll(reader.account, list.query, [
              { field, direction },
            ]);
            const label = `${list.query} ${reader.account} ${field} ${direction}`;
            expect(total, label).toBe(expectedCount);
            expect(new Set(seen).size, `${label}: a row twice`).toBe(seen.length);
            expect(seen, label).toEqual(await oracle(list, reader.rule, column, direction));
          }
        }
      }
    });
  }

  it('reads the default order (several terms) by cursor and by offset alike', async () => {
    const { seen } = await readAll('admin', 'statement.lyfyjsd', []);
    const expected = await rows<{ id: string }>(
      server.db,
      'select id from joint_fee_notices order by month desc, contract_no, id',
    );
    expect(seen).toEqual(expected.map((row) => row.id));
    for (const page of [1, 3, 7]) {
      const { body } = await as('admin').query({
        query: 'statement.lyfyjsd',
        page: { page, pageSize },
        count: 'none',
      });
      expect(body.result.map((row) => row.ID)).toEqual(
        seen.slice((page - 1) * pageSize, page * pageSize),
      );
    }
  });

  it('counts exactly, up to a bound with a labelled estimate past it, or not at all', async () => {
    const exact = (await as('admin').query({ query: 'overdue.list', count: 'exact' })).body;
    const estimate = (await as('admin').query({ query: 'overdue.list', count: 'estimate' })).body;
    expect(estimate).toMatchObject({ total: exact.total });
    expect(estimate).not.toHaveProperty('estimated');
    const none = (await as('admin').query({ query: 'overdue.list', count: 'none' })).body;
    expect(none.total).toBeNull();
    await rows(
      server.db,
      `insert into dunning_notices
        select (jsonb_populate_record(null::dunning_notices,
          to_jsonb(n) || jsonb_build_object('id', 'EST-' || g))).*
        from (select * from dunning_notices order by id limit 1) n, generate_series(1, 10005) g`,
    );
    try {
      await rows(server.db, 'analyze dunning_notices');
      const big = (
        await as('admin').query({
          query: 'overdue.list',
          page: { page: 1, pageSize: 50 },
          count: 'estimate',
        })
      ).body as ListAnswer & { estimated?: boolean };
      expect(big.estimated).toBe(true);
      expect(big.total).toBeGreaterThan(1_000);
      const counted = (await as('admin').query({ query: 'overdue.list', count: 'exact' })).body;
      expect(counted.total).toBe(exact.total + 10_005);
    } finally {
      await rows(server.db, `delete from dunning_notices where id like 'EST-%'`);
    }
  });

  it("keeps a large list's estimate briefly for the very same query, and no one else's", async () => {
    // What the server ran, seen on its results: a bounded count (n) or an EXPLAIN.
    const ran: string[] = [];
    const app = await recordingApp((first) => {
      if ('n' in first) ran.push('count');
      if ('QUERY PLAN' in first) ran.push('explain');
    });
    await rows(
      server.db,
      `insert into dunning_notices
        select (jsonb_populate_record(null::dunning_notices,
          to_jsonb(n) || jsonb_build_object('id', 'MEMO-' || g))).*
        from (select * from dunning_notices order by id limit 1) n, generate_series(1, 1505) g`,
    );
    // The test before left an estimate of its own larger list, as a server would keep it.
    forgetEstimates();
    try {
      await rows(server.db, 'analyze dunning_notices');
      const firstPage = (account: string, pageSize = 50) =>
        caller(app, tokens[account]!).query({
          query: 'overdue.list',
          page: { page: 1, pageSize },
          count: 'estimate',
        });
      const first = (await firstPage('admin')).body as ListAnswer & { estimated?: boolean };
      expect([first.estimated, ran]).toEqual([true, ['count', 'explain']]);
      const again = (await firstPage('admin')).body as ListAnswer & { estimated?: boolean };
      expect([again.estimated, again.total, ran]).toEqual([
        true,
        first.total,
        ['count', 'explain'],
      ]);
      // Another page size is the same rows: still remembered. Another caller's scope is not.
      await firstPage('admin', 20);
      expect(ran).toHaveLength(2);
      await firstPage('acct01', 1);
      expect(ran.length).toBeGreaterThan(2);
      // The exact count asked for next is counted, never remembered.
      const exact = (await as('admin').query({ query: 'overdue.list', count: 'exact' })).body;
      expect(exact.total).toBeGreaterThan(1_505);
    } finally {
      forgetEstimates();
      await app.close();
      await rows(server.db, `delete from dunning_notices where id like 'MEMO-%'`);
    }
  });

  it('counts no further when the first page holds every row, and counts a full one', async () => {
    // What the server read, seen on its results: a count answers one row of __total (exact)
    // or n (bounded).
    const counts: string[] = [];
    const app = await recordingApp((first) => {
      if ('__total' in first || 'n' in first) counts.push(Object.keys(first)[0]!);
    });
    try {
      const merchant = caller(app, tokens.SZHY10001!);
      const [oracle] = await rows<{ n: number | string }>(
        server.db,
        `select count(*) as n from joint_fee_notices t where ${statementRule.SZHY10001}`,
      );
      const total = Number(oracle!.n);
      expect(total).toBeGreaterThan(2);
      const read = async (pageSize: number, page = 1, count = 'exact') =>
        (await merchant.query({ query: 'statement.lyfyjsd', page: { page, pageSize }, count }))
          .body;

      const whole = await read(total + 1);
      expect([whole.result.length, whole.total, counts]).toEqual([total, total, []]);
      const full = await read(2);
      expect([full.result.length, full.total, counts]).toEqual([2, total, ['__total']]);
      const bounded = await read(2, 1, 'estimate');
      expect([bounded.total, counts]).toEqual([total, ['__total', 'n']]);
      // A later page (by offset) is counted with it, short or not.
      const last = await read(total - 1, 2);
      expect([last.result.length, last.total, counts.length]).toEqual([1, total, 3]);
      // Lists with sums are summed over every row, however few.
      const sales = (
        await merchant.query({ query: 'sales.monthly', page: { page: 1, pageSize: 500 } })
      ).body;
      expect(sales.summary).toBeDefined();
      expect(counts).toHaveLength(4);
    } finally {
      await app.close();
    }
  });

  it('refuses forged, altered and foreign cursors, and a cursor without a page', async () => {
    const first = (
      await as('admin').query({
        query: 'statement.lyfyjsd',
        page: { page: 1, pageSize: 5 },
      })
    ).body as ListAnswer & { next: string };
    const [body, signature] = first.next.split('.') as [string, string];
    const values = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[];
    const altered = Buffer.from(JSON.stringify(['9999-01-01', ...values.slice(1)])).toString(
      'base64url',
    );
    const attempts: unknown[] = [
      `${altered}.${signature}`,
      `${body}.${'A'.repeat(signature.length)}`,
      `${body}`,
      `${body}.${signature}.x`,
      'x'.repeat(5000),
      `\u0007.${signature}`,
      42,
      { body },
    ];
    for (const after of attempts) {
      for (const language of ['zh-CN', 'en-US']) {
        const answer = await caller(server.app, tokens.admin!, language).query({
          query: 'statement.lyfyjsd',
          page: { page: 2, pageSize: 5 },
          after,
        });
        expect(answer.status, String(after)).toBe(400);
        expect(answer.body.message).toMatch(language === 'zh-CN' ? /游标/ : /cursor/);
      }
    }
    // The same cursor under another order, or another query, is refused too.
    for (const descriptor of [
      { query: 'statement.lyfyjsd', sort: [{ field: 'KPJE', direction: 'asc' }] },
      { query: 'statement.zlfymxd' },
    ]) {
      const answer = await as('admin').query({
        ...descriptor,
        page: { page: 2, pageSize: 5 },
        after: first.next,
      });
      expect(answer.status).toBe(400);
    }
    const noPage = await as('admin').query({ query: 'statement.lyfyjsd', after: first.next });
    expect(noPage.status).toBe(400);
    const badCount = await as('admin').query({ query: 'statement.lyfyjsd', count: 'all' });
    expect(badCount.status).toBe(400);
  });

  it("keeps a merchant within their unit even after another reader's cursor", async () => {
    const adminPage = (
      await as('admin').query({
        query: 'statement.lyfyjsd',
        page: { page: 1, pageSize: 5 },
      })
    ).body as ListAnswer & { next: string };
    const { status, body } = await as('SZHY10001').query({
      query: 'statement.lyfyjsd',
      page: { page: 2, pageSize: 500 },
      after: adminPage.next,
    });
    expect(status).toBe(200);
    expect(body.result.length).toBeGreaterThan(0);
    expect(body.result.every((row) => row.WLDW === '10001')).toBe(true);
  });
});

describe.each(databaseKinds)('workflow list paging on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);
  beforeAll(async () => {
    tokens.emp01 = await login(server.app, 'emp01', 'Staff#2026');
  });

  /** The seed's admin has rows in every list but one request; emp01 has several. */
  const readerOf = (path: string) => (path.endsWith('myRequest') ? 'emp01' : 'admin');
  const list = async (path: string, pageBean: object, sorter: object[] = []) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/bpm-runtime/runtime/${path}`,
      headers: bearer(tokens[readerOf(path)]!),
      payload: { pageBean, querys: [], sorter },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      rows: { id: string; recordId?: string }[];
      total: number;
      next?: string;
    }>();
  };
  const keyOf = (row: { id: string; recordId?: string }) => `${row.id}/${row.recordId ?? ''}`;

  /** Every row of a list in an order, each page read after the cursor of the one before. */
  const walk = async (path: string, sorter: object[], pageSize: number) => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 1; page <= 1000; page++) {
      const answer = await list(
        path,
        { page, pageSize, showTotal: false, ...(after ? { after } : {}) },
        sorter,
      );
      seen.push(...answer.rows.map(keyOf));
      if (!answer.next) return seen;
      expect(answer.rows.length).toBe(pageSize);
      after = answer.next;
    }
    throw new Error(`${path}: no end`);
  };

  const everyOrder = [
    ['task/v1/getTodoList', ['subject', 'createTime', 'creator']],
    ['instance/v1/getDoneInstList', ['subject', 'completeTime']],
    ['instance/v1/getDoneList', ['subject', 'completeTime', 'status']],
    ['instance/v1/myRequest', ['subject', 'createTime']],
  ] as const;
  for (const [path, sorts] of readsEveryOrder(kind) ? everyOrder : []) {
    it(`reads ${path} to its last row page by page, counted once`, async () => {
      const whole = await list(path, { page: 1, pageSize: 500, showTotal: true });
      expect(whole.rows.length, path).toBeGreaterThan(1);
      expect(whole.total).toBe(whole.rows.length);
      for (const property of sorts) {
        for (const direction of ['ASC', 'DESC']) {
          const seen: string[] = [];
          for (let page = 1; page <= whole.total; page++) {
            const answer = await list(path, { page, pageSize: 1, showTotal: page === 1 }, [
              { property, direction },
            ]);
            expect(answer.total).toBe(page === 1 ? whole.total : -1);
            seen.push(...answer.rows.map((row) => `${row.id}/${row.recordId ?? ''}`));
            if (answer.rows.length < 1) break;
          }
          expect(new Set(seen).size, `${path} ${property} ${direction}`).toBe(seen.length);
          expect([...seen].sort()).toEqual(whole.rows.map(keyOf).sort());
          // Scrolling on after each page's cursor meets the same rows in the same order.
          expect(await walk(path, [{ property, direction }], 2)).toEqual(seen);
        }
      }
      // The default order reads each branch from its index (ListSpec.bounded): the same rows
      // in the same order as the general query sorted by the same column.
      const byDefault = await walk(path, [], 3);
      expect(byDefault).toEqual(whole.rows.map(keyOf));
      const newest = sorts.includes('completeTime' as never) ? 'completeTime' : 'createTime';
      expect(byDefault).toEqual(await walk(path, [{ property: newest, direction: 'DESC' }], 3));
    });
  }

  it('refuses a cursor that was forged, altered, or given by another list or order', async () => {
    const first = await list('task/v1/getTodoList', { page: 1, pageSize: 1 });
    expect(first.next).toBeTruthy();
    const refused = async (path: string, after: string, sorter: object[] = []) => {
      const response = await server.app.inject({
        method: 'POST',
        url: `/bpm-runtime/runtime/${path}`,
        headers: bearer(tokens.admin!),
        payload: { pageBean: { page: 2, pageSize: 1, after }, querys: [], sorter },
      });
      expect(response.statusCode, `${path} ${after}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/游标/);
    };
    const [body, mac] = first.next!.split('.');
    const altered = Buffer.from(JSON.stringify(['2099-01-01 00:00:00+00', 'x'])).toString(
      'base64url',
    );
    await refused('task/v1/getTodoList', `${altered}.${mac}`);
    await refused('task/v1/getTodoList', `${body}.AAAA`);
    await refused('task/v1/getTodoList', 'not a cursor');
    await refused('task/v1/getDelegate', first.next!);
    await refused('task/v1/getTodoList', first.next!, [{ property: 'subject', direction: 'ASC' }]);
  });
});
