import { describe, expect, it } from 'vitest';
import { oneDatabase, type TestServer } from './harness';
import {
  seededToday,
  caller,
  literal,
  type Row,
  rows,
  scopeRuleOf,
  shiftDate,
  shiftMonth,
  withFinanceServer,
} from './finance-support';

/**
 * The filter rules of spec section 5, the default windows of section 9, paging, sorting and
 * the 400 answers for malformed descriptors. Expected counts come from independent SQL
 * (strpos for "contains", so LIKE escaping is not used to check itself).
 */
const lists = [
  { query: 'statement.lyfyjsd', table: 'joint_fee_notices', brand: 'brand', month: 'month' },
  { query: 'statement.yjfytzd', table: 'advance_notices', brand: 'brand', month: 'month' },
  { query: 'statement.zlfymxd', table: 'lease_fee_notices', brand: 'brand', month: 'month' },
  { query: 'statement.fkqkd', table: 'settlement_statements', brand: 'brand', month: 'month' },
  { query: 'sales.monthly', table: 'brand_monthly_sales', brand: 'brand', month: null },
  { query: 'contract.list', table: 'contract_prints', brand: 'brand', month: null },
  { query: 'overdue.list', table: 'dunning_notices', brand: 'brand', month: null },
];

const count = async (server: TestServer, table: string, where: string) =>
  (
    await rows<{ n: number }>(server.db, `select count(*)::int as n from ${table} t where ${where}`)
  )[0]!.n;

const containsOracle = (column: string, text: string) =>
  `strpos(lower(t.${column}), lower(${literal(text)})) > 0`;

describe.each(oneDatabase)('finance filters on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);

  const as = (account: string, language?: string) => caller(server.app, tokens[account]!, language);
  const admin = () => as('admin');
  /** Only the total matters in some checks. */
  const one = { page: 1, pageSize: 1 };

  const today = seededToday();
  const month = today.slice(0, 7);

  it("shows SZHY10001 rows in every page's default window, and keeps others outside it", async () => {
    const statementWindow = { startMonth: shiftMonth(month, -2), endMonth: shiftMonth(month, 1) };
    const windows: [string, Record<string, string>, string, string][] = [
      ['statement.lyfyjsd', statementWindow, 'joint_fee_notices', 'month'],
      ['statement.yjfytzd', statementWindow, 'advance_notices', 'month'],
      ['statement.zlfymxd', statementWindow, 'lease_fee_notices', 'month'],
      ['statement.fkqkd', statementWindow, 'settlement_statements', 'month'],
      [
        'sales.monthly',
        { startDate: shiftDate(today, -1), endDate: today },
        'brand_monthly_sales',
        'settle_date',
      ],
      [
        'contract.list',
        { startMonth: shiftMonth(month, -12), endMonth: month },
        'contract_prints',
        'created_at',
      ],
    ];
    for (const [query, filters, table, column] of windows) {
      const all = await as('SZHY10001').query({ query });
      const inWindow = await as('SZHY10001').query({ query, filters });
      expect(inWindow.status).toBe(200);
      expect(inWindow.body.total, query).toBeGreaterThan(0);
      expect(all.body.total, query).toBeGreaterThan(inWindow.body.total);
      const bounds =
        column === 'created_at'
          ? `(t.created_at at time zone 'Asia/Shanghai')::date between ${literal(`${filters.startMonth}-01`)}::date and (${literal(`${filters.endMonth}-01`)}::date + interval '1 month' - interval '1 day')`
          : column === 'month'
            ? `t.month between ${literal(`${filters.startMonth}-01`)}::date and ${literal(`${filters.endMonth}-01`)}::date`
            : `t.settle_date between ${literal(filters.startDate!)}::date and ${literal(filters.endDate!)}::date`;
      const scope = scopeRuleOf(query).SZHY10001!;
      expect(inWindow.body.total, query).toBe(await count(server, table, `${scope} and ${bounds}`));
    }
    // The overdue page has no window: it loads every visible row, latest cut-off first.
    const overdue = await as('SZHY10001').query({ query: 'overdue.list' });
    const dates = overdue.body.result.map((row) => String(row.F_JZRQ));
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("names each row's store in the reader's language, on every list", async () => {
    const stores = await rows<{ name: string; name_en: string }>(
      server.db,
      'select name, name_en from stores',
    );
    const english = new Map(stores.map((store) => [store.name, store.name_en]));
    for (const list of lists) {
      const column = list.query === 'contract.list' ? 'F_MD' : 'FDMC';
      const page = { page: 1, pageSize: 20 };
      const chinese = (await admin().query({ query: list.query, page })).body.result;
      const inEnglish = (await as('admin', 'en-US').query({ query: list.query, page })).body.result;
      expect(chinese.length, list.query).toBeGreaterThan(0);
      expect(
        inEnglish.map((row: Row) => row[column]),
        list.query,
      ).toEqual(chinese.map((row: Row) => english.get(String(row[column]))));
    }
  });

  it('ignores empty and whitespace-only text and a range with one end', async () => {
    for (const list of lists) {
      const all = (await admin().query({ query: list.query, page: one })).body.total;
      for (const blank of ['', '   ', ' \t ', '\u3000\u3000']) {
        const answer = await admin().query({
          query: list.query,
          filters: { brand: blank },
          page: one,
        });
        expect(answer.status).toBe(200);
        expect(answer.body.total, `${list.query} ${JSON.stringify(blank)}`).toBe(all);
      }
      const ends =
        list.query === 'sales.monthly'
          ? [{ startDate: '2099-01-01' }, { endDate: '1999-01-01' }]
          : list.query === 'overdue.list'
            ? []
            : [{ startMonth: '2099-01' }, { endMonth: '1999-01' }];
      for (const filters of ends) {
        const answer = await admin().query({ query: list.query, filters, page: one });
        expect(answer.body.total, `${list.query} ${JSON.stringify(filters)}`).toBe(all);
      }
      if (ends.length) {
        const both = await admin().query({
          query: list.query,
          filters: { ...ends[0], ...ends[1] },
          page: one,
        });
        expect(both.body.total).toBe(0);
      }
    }
  });

  it('matches text as a substring, case-insensitively, on every list', async () => {
    for (const list of lists) {
      for (const text of ['人坊', 'tea_time', '悦', 'HT-2024-S0']) {
        const filters = text.startsWith('HT') ? { contract: text } : { brand: text };
        const column = text.startsWith('HT')
          ? list.table === 'brand_monthly_sales'
            ? 'contract_label'
            : 'contract_no'
          : list.brand;
        const answer = await admin().query({ query: list.query, filters });
        expect(answer.body.total, `${list.query} ${text}`).toBe(
          await count(server, list.table, containsOracle(column, text)),
        );
      }
    }
    const some = await admin().query({
      query: 'statement.lyfyjsd',
      filters: { merchant: '丽人坊' },
    });
    expect(some.body.total).toBeGreaterThan(0);
    expect(some.body.result.every((row) => String(row.SHMC).includes('丽人坊'))).toBe(true);
  });

  it('treats %, _ and \\ in the text as plain characters', async () => {
    // A notice whose brand holds a backslash (no seeded name does).
    await rows(
      server.db,
      String.raw`insert into joint_fee_notices
        select (jsonb_populate_record(null::joint_fee_notices, to_jsonb(n) ||
          '{"id": "TEST-BACKSLASH", "contract_no": "HT-TEST-0001", "brand": "A\\B 潮牌"}'::jsonb)).*
        from joint_fee_notices n order by n.id limit 1`,
    );
    try {
      for (const list of lists) {
        for (const text of ['%', '_', '\\', '100%', 'a_T', '%纯', 'A\\B', '\\%', '%_%']) {
          const answer = await admin().query({ query: list.query, filters: { brand: text } });
          expect(answer.status, `${list.query} ${text}`).toBe(200);
          expect(answer.body.total, `${list.query} ${text}`).toBe(
            await count(server, list.table, containsOracle(list.brand, text)),
          );
        }
      }
      // 100%纯棉 is a lease brand, Tea_Time a joint-operation one.
      const percent = await admin().query({ query: 'statement.zlfymxd', filters: { brand: '%' } });
      const all = await admin().query({ query: 'statement.zlfymxd' });
      expect(percent.body.total).toBeGreaterThan(0);
      expect(percent.body.total).toBeLessThan(all.body.total);
      expect(new Set(percent.body.result.map((row) => row.PP))).toEqual(new Set(['100%纯棉']));
      const underscore = await admin().query({
        query: 'statement.lyfyjsd',
        filters: { brand: '_' },
      });
      expect(new Set(underscore.body.result.map((row) => row.PP))).toEqual(new Set(['Tea_Time']));
      const backslash = await admin().query({
        query: 'statement.lyfyjsd',
        filters: { brand: '\\' },
      });
      expect(backslash.body.result.map((row) => row.ID)).toEqual(['TEST-BACKSLASH']);
    } finally {
      await rows(server.db, `delete from joint_fee_notices where id = 'TEST-BACKSLASH'`);
    }
  });

  it('filters by store code exactly and by month and date ranges inclusively', async () => {
    const s03 = await admin().query({ query: 'statement.fkqkd', filters: { store: 'S03' } });
    expect(s03.body.total).toBe(
      await count(server, 'settlement_statements', "t.store_code = 'S03'"),
    );
    expect(new Set(s03.body.result.map((row) => row.STORE_CODE))).toEqual(new Set(['S03']));
    expect(
      (await admin().query({ query: 'statement.fkqkd', filters: { store: 'S0' } })).body.total,
    ).toBe(0);
    const range = { startMonth: shiftMonth(month, -3), endMonth: shiftMonth(month, -2) };
    const notices = await admin().query({ query: 'statement.yjfytzd', filters: range });
    expect(new Set(notices.body.result.map((row) => row.NY))).toEqual(
      new Set([range.startMonth, range.endMonth]),
    );
    const sales = await admin().query({
      query: 'sales.monthly',
      filters: { startDate: `${shiftMonth(month, -2)}-01`, endDate: `${shiftMonth(month, -1)}-01` },
    });
    const lastDay = (
      await rows<{ d: string }>(
        server.db,
        `select (${literal(`${shiftMonth(month, -2)}-01`)}::date + interval '1 month' - interval '1 day')::date::text as d`,
      )
    )[0]!.d;
    expect(new Set(sales.body.result.map((row) => row.RQ))).toEqual(new Set([lastDay]));
  });

  it('sums the sales summary over every filtered row, not just the page', async () => {
    const filters = { brand: '丽人坊' };
    const page = await admin().query({
      query: 'sales.monthly',
      filters,
      page: { page: 1, pageSize: 1 },
    });
    const [expected] = await rows<Record<string, number>>(
      server.db,
      `select sum(quantity)::int as "XSSL", sum(sales_amount)::float8 as "XSJE",
         sum(discount_amount)::float8 as "ZKJE", sum(promotion_amount)::float8 as "YHJE"
       from brand_monthly_sales t where ${containsOracle('brand', '丽人坊')}`,
    );
    expect(page.body.result).toHaveLength(1);
    expect(page.body.summary!.XSSL).toBe(expected!.XSSL);
    for (const field of ['XSJE', 'ZKJE', 'YHJE']) {
      expect(page.body.summary![field]).toBeCloseTo(expected![field]!, 2);
    }
  });

  it('pages through the same order and answers the full total on every page', async () => {
    const all = (await admin().query({ query: 'statement.lyfyjsd' })).body;
    expect(all.page).toBe(1);
    expect(all.pageSize).toBe(10_000);
    for (const page of [1, 2, 5]) {
      const { body } = await admin().query({
        query: 'statement.lyfyjsd',
        page: { page, pageSize: 7 },
      });
      expect(body).toMatchObject({ total: all.total, page, pageSize: 7 });
      expect(body.result.map((row) => row.ID)).toEqual(
        all.result.slice((page - 1) * 7, page * 7).map((row) => row.ID),
      );
    }
    const beyond = await admin().query({
      query: 'statement.lyfyjsd',
      page: { page: 100_000, pageSize: 50 },
    });
    expect(beyond.body).toMatchObject({ total: all.total, result: [] });
    // Default order: month descending, then contract number.
    const keys = all.result.map((row) => `${row.NY}`);
    expect([...keys].sort().reverse()).toEqual(keys);
  });

  it('answers at most 10,000 rows without a page, with the full total', async () => {
    await rows(
      server.db,
      `insert into dunning_notices
        select (jsonb_populate_record(null::dunning_notices,
          to_jsonb(n) || jsonb_build_object('id', 'CAP-' || g))).*
        from (select * from dunning_notices order by id limit 1) n, generate_series(1, 10005) g`,
    );
    try {
      const expected = await count(server, 'dunning_notices', 'true');
      const { body } = await admin().query({ query: 'overdue.list' });
      expect(body.total).toBe(expected);
      expect(expected).toBeGreaterThan(10_005);
      expect(body.result).toHaveLength(10_000);
    } finally {
      await rows(server.db, `delete from dunning_notices where id like 'CAP-%'`);
    }
  });

  it('sorts only by whitelisted fields, in the direction asked', async () => {
    const byAmount = await admin().query({
      query: 'sales.monthly',
      sort: [{ field: 'XSJE', direction: 'desc' }],
      page: { page: 1, pageSize: 50 },
    });
    const amounts = byAmount.body.result.map((row) => Number(row.XSJE));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const [top] = await rows<{ v: number }>(
      server.db,
      'select max(sales_amount)::float8 as v from brand_monthly_sales',
    );
    expect(amounts[0]).toBeCloseTo(top!.v, 2);
    const byContract = await admin().query({
      query: 'statement.fkqkd',
      sort: [
        { field: 'HTH', direction: 'asc' },
        { field: 'YEARMONTH', direction: 'desc' },
      ],
      page: { page: 1, pageSize: 60 },
    });
    const pairs = byContract.body.result.map((row: Row) => [
      String(row.HTH),
      String(row.YEARMONTH),
    ]);
    const sorted = [...pairs].sort((a, b) =>
      a[0]! === b[0]! ? b[1]!.localeCompare(a[1]!) : a[0]! < b[0]! ? -1 : 1,
    );
    expect(pairs).toEqual(sorted);

    const refused: [unknown, string][] = [
      [
        [{ field: 'password_hash', direction: 'asc' }],
        '查询 statement.fkqkd 不能按字段“password_hash”排序',
      ],
      [
        [{ field: 'HTH; drop table users', direction: 'asc' }],
        '查询 statement.fkqkd 不能按字段“HTH; drop table users”排序',
      ],
      [[{ field: 'HTH', direction: 'DESC' }], 'direction'],
      [[{ field: 'HTH', direction: 'asc', nulls: 'first' }], 'direction'],
      [{ field: 'HTH' }, 'direction'],
      [Array.from({ length: 4 }, () => ({ field: 'HTH', direction: 'asc' })), '最多 3 项'],
    ];
    for (const [sort, message] of refused) {
      const answer = await admin().query({ query: 'statement.fkqkd', sort });
      expect(answer.status).toBe(400);
      expect(answer.body.state).toBe(false);
      expect(answer.body.message).toContain(message);
    }
  });

  it('refuses malformed filters and pages with a message naming them, in both languages', async () => {
    const cases: [unknown, string, string][] = [
      [
        { startMonth: '2026-13' },
        '“开始月份”（startMonth）应为 YYYY-MM 格式的月份',
        '"start month" (startMonth) must be a month as YYYY-MM',
      ],
      [
        { endMonth: '2026/01' },
        '“结束月份”（endMonth）应为 YYYY-MM 格式的月份',
        '"end month" (endMonth) must be a month as YYYY-MM',
      ],
      [
        { store: 'S01; drop table users' },
        '“门店”（store）应为编码，如 S01',
        '"store" (store) must be a code such as S01',
      ],
      [
        { contract: 12345 },
        '筛选条件“合同号”（contract）应为文本',
        'The filter "contract number" (contract) must be text',
      ],
      [
        { brand: ['a'] },
        '筛选条件“品牌”（brand）应为文本',
        'The filter "brand" (brand) must be text',
      ],
      [
        { merchant: { $ne: '' } },
        '筛选条件“商户名称”（merchant）应为文本',
        'The filter "merchant name" (merchant) must be text',
      ],
      [
        { brand: 'x'.repeat(101) },
        '筛选条件“品牌”（brand）不能超过 100 个字符',
        'The filter "brand" (brand) may not be longer than 100 characters',
      ],
      [
        { brand: 'a\u0007b' },
        '筛选条件“品牌”（brand）包含不允许的字符',
        'The filter "brand" (brand) contains characters that are not allowed',
      ],
      [{ password: 'x' }, '不支持的筛选条件“password”', 'Unsupported filter "password"'],
      [['brand'], '筛选条件 filters 应为 JSON 对象', 'The filters must be a JSON object'],
    ];
    for (const [filters, zh, en] of cases) {
      const descriptor = { query: 'statement.lyfyjsd', filters };
      const chinese = await admin().query(descriptor);
      expect(chinese.status).toBe(400);
      expect(chinese.body).toEqual({ state: false, message: zh });
      const english = await as('admin', 'en-US').query(descriptor);
      expect(english.body.message).toBe(en);
    }
    const bad = async (descriptor: unknown) => (await admin().query(descriptor)).body.message;
    expect(
      await bad({
        query: 'sales.monthly',
        filters: { startDate: '2026-02-30', endDate: '2026-03-01' },
      }),
    ).toBe('“开始日期”（startDate）应为 YYYY-MM-DD 格式的有效日期');
    expect(await bad({ query: 'sales.daily', filters: {} })).toBe('缺少“销售记录”（salesId）');
    expect(await bad({ query: 'sales.daily', filters: { salesId: "1' or '1'='1" } })).toBe(
      '“销售记录”（salesId）应为记录编号',
    );
    expect(await bad({ query: 'sales.monthly', filters: { merchant: 'x' } })).toBe(
      '不支持的筛选条件“merchant”',
    );
    for (const page of [
      { page: 0, pageSize: 10 },
      { page: 1, pageSize: 10_001 },
      { page: 1.5, pageSize: 10 },
      { page: '1', pageSize: 10 },
      { page: 1 },
      [1, 10],
    ]) {
      const answer = await admin().query({ query: 'statement.lyfyjsd', page });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('pageSize');
    }
  });
});
