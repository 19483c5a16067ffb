import { beforeAll, describe, expect, it } from 'vitest';
import { chartIds } from '../../server/db/seed/shell/charts';
import { databaseKinds, login, withServer } from './harness';
import { as, tokenOf } from './shell-support';

type Call = ReturnType<typeof as>;
const base = '/form/form/customChart/v1';
const sales = chartIds.monthlySales;

describe.each(databaseKinds)('custom charts on %s', (kind) => {
  const server = withServer(kind);
  let admin: Call;
  let emp01: Call;
  let merchant: Call;
  let english: Call;
  beforeAll(async () => {
    admin = as(server.app, await tokenOf(server.app, 'admin'));
    merchant = as(server.app, await tokenOf(server.app, 'SZHY10001'));
    const token = await login(server.app, 'emp01', 'Staff#2026');
    emp01 = as(server.app, token);
    english = as(server.app, token, 'en-US');
  });

  const data = (call: Call, body: Record<string, unknown>) =>
    call('POST', `${base}/getChartData`, { id: sales, ...body });

  it('describes a chart in the caller language; unknown and malformed ids fail cleanly', async () => {
    const zh = await emp01('GET', `${base}/get/${sales}`);
    expect(zh.status).toBe(200);
    expect(zh.body).toMatchObject({ name: '门店月度销售', style: 1, xaxisField: 'month' });
    expect(zh.body.conditionfield.map((f: { condition: string }) => f.condition)).toEqual([
      'LK',
      'BETWEEN',
      'GE',
    ]);
    const en = await english('GET', `${base}/get/${sales}`);
    expect(en.body.name).toBe('Monthly sales per store');
    expect(en.body.conditionfield[0].comment).toBe('Store');
    const missing = await emp01('GET', `${base}/get/999`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ state: false, message: '图表不存在' });
    for (const bad of ["1'%20or%201=1", '%00', 'a'.repeat(65)]) {
      const answer = await emp01('GET', `${base}/get/${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body.state).toBe(false);
    }
    expect((await as(server.app, null)('GET', `${base}/get/${sales}`)).status).toBe(401);
    expect((await as(server.app, null)('POST', `${base}/getChartData`, { id: sales })).status).toBe(
      401,
    );
  });

  it('pages the rows with 10/20/50/100 and refuses other sizes', async () => {
    const first = await data(emp01, { pageBean: { page: 1, pageSize: 10 } });
    expect(first.status).toBe(200);
    expect(first.body.rows).toHaveLength(10);
    expect(first.body.total).toBeGreaterThan(20);
    expect(typeof first.body.rows[0].amount).toBe('number');
    const second = await data(emp01, { pageBean: { page: 2, pageSize: 10 } });
    expect(second.body.rows[0]).not.toEqual(first.body.rows[0]);
    const wide = await data(emp01, { pageBean: { page: 1, pageSize: 50 } });
    expect(wide.body.rows.slice(10, 20)).toEqual(second.body.rows);
    const odd = await data(emp01, { pageBean: { page: 1, pageSize: 30 } });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toBe('每页条数只能是 10、20、50 或 100');
  });

  it('applies each condition code and ignores empty values', async () => {
    const all = (await data(admin, { pageBean: { pageSize: 100 } })).body;
    const store = all.rows[0].store as string;
    const eq = await data(admin, {
      pageBean: { pageSize: 100 },
      querys: [{ property: 'store', value: store, operation: 'LK' }],
    });
    expect(eq.body.total).toBeGreaterThan(0);
    expect(eq.body.total).toBeLessThan(all.total);
    expect(eq.body.rows.every((row: { store: string }) => row.store === store)).toBe(true);
    // Part of a name finds the store; LIKE's own characters are plain text.
    const part = await data(admin, {
      pageBean: { pageSize: 100 },
      querys: [{ property: 'store', value: '宝安' }],
    });
    expect(part.body.total).toBeGreaterThan(0);
    expect(part.body.rows.every((row: { store: string }) => row.store.includes('宝安'))).toBe(true);
    for (const wild of ['%', '_', '\\']) {
      const literal = await data(admin, { querys: [{ property: 'store', value: wild }] });
      expect(literal.status).toBe(200);
      expect(literal.body.total).toBe(0);
    }
    const months = all.rows.map((row: { month: string }) => row.month).sort();
    // A month range picks whole months, its ends included.
    const [first, second] = [months[0], months.find((month: string) => month > months[0])];
    const between = await data(admin, {
      querys: [{ property: 'month', value: [first, second], operation: 'BETWEEN' }],
    });
    const picked = between.body.rows.map((row: { month: string }) => row.month);
    expect(new Set(picked)).toEqual(new Set([first, second]));
    const ignored = await data(admin, {
      querys: [
        { property: 'store', value: '' },
        { property: 'month', value: ['', ''] },
        { property: 'amount', value: null },
      ],
    });
    expect(ignored.body.total).toBe(all.total);
    const top = Math.max(...all.rows.map((row: { amount: number }) => row.amount));
    const ge = await data(admin, { querys: [{ property: 'amount', value: top, operation: 'GE' }] });
    expect(ge.body.total).toBe(1);
    const flows = await admin('POST', `${base}/getChartData`, {
      id: chartIds.tasksByFlow,
      querys: [{ property: 'flow', value: '请假', operation: 'LK' }],
    });
    expect(flows.status).toBe(200);
    expect(flows.body.rows.every((row: { flow: string }) => row.flow.includes('请假'))).toBe(true);
    const overdue = await admin('POST', `${base}/getChartData`, {
      id: chartIds.overdueByFloor,
      querys: [{ property: 'store', value: [store, 'nowhere'], operation: 'IN' }],
    });
    expect(overdue.status).toBe(200);
    expect(overdue.body.rows.every((row: { store: string }) => row.store === store)).toBe(true);
  });

  it('refuses bad conditions and sorters with a message, and runs no SQL from them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ querys: [{ property: 'nope', value: 'x' }] }, '图表没有查询条件“nope”'],
      [{ querys: [{ property: 'store', value: 'x', operation: 'EQ' }] }, '查询条件“门店”的值无效'],
      [{ querys: [{ property: 'amount', value: 'abc' }] }, '查询条件“销售额不低于”的值无效'],
      [{ querys: [{ property: 'month', value: ['2026-13', ''] }] }, '查询条件“月份”的值无效'],
      [{ querys: [{ property: 'month', value: ['', '2026-02-01'] }] }, '查询条件“月份”的值无效'],
      [{ querys: [{ property: 'month', value: 'x' }] }, '查询条件“月份”的值无效'],
      [{ querys: [{ property: 'monthStart', value: 'x' }] }, '图表没有查询条件“monthStart”'],
      [
        { sorter: [{ property: 'amount; drop table stores', direction: 'ASC' }] },
        '不能按“amount; drop table stores”排序',
      ],
      [{ sorter: [{ property: 'amount', direction: 'DOWN' }] }, '不能按“amount”排序'],
    ];
    for (const [body, message] of cases) {
      const answer = await data(emp01, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const injected = await data(admin, {
      querys: [{ property: 'store', value: "x' or '1'='1" }],
    });
    expect(injected.status).toBe(200);
    expect(injected.body.total).toBe(0);
    const like = await admin('POST', `${base}/getChartData`, {
      id: chartIds.tasksByFlow,
      querys: [{ property: 'flow', value: '%' }],
    });
    expect(like.body.total).toBe(0);
    const nul = await data(admin, { querys: [{ property: 'store', value: 'a\u0000b' }] });
    expect(nul.status).toBe(400);
    const deep = await data(admin, { querys: [{ property: 'store', value: [[[['x']]]] }] });
    expect(deep.status).toBe(400);
    const english400 = await english('POST', `${base}/getChartData`, {
      id: sales,
      querys: [{ property: 'amount', value: 'abc' }],
    });
    expect(english400.body.message).toBe(
      'The value of the condition "Sales at least" is not valid',
    );
    const stores = await server.db.selectFrom('stores').select('code').execute();
    expect(stores.length).toBeGreaterThan(0);
  });

  it('scopes rows to the caller: a merchant sees only their own sales and arrears', async () => {
    const sum = (rows: { amount?: number; total?: number }[], field: 'amount' | 'total') =>
      Math.round(rows.reduce((acc, row) => acc + (row[field] ?? 0), 0) * 100) / 100;
    const own = await data(merchant, { pageBean: { pageSize: 100 } });
    expect(own.status).toBe(200);
    const expected = await server.db
      .selectFrom('brand_monthly_sales')
      .select((eb) => eb.fn.sum<number | string>('sales_amount').as('total'))
      .where('merchant_code', '=', '10001')
      .executeTakeFirstOrThrow();
    expect(sum(own.body.rows, 'amount')).toBeCloseTo(Number(expected.total), 1);
    const everyone = await data(admin, { pageBean: { pageSize: 100 } });
    expect(sum(everyone.body.rows, 'amount')).toBeGreaterThan(sum(own.body.rows, 'amount'));
    const arrears = await merchant('POST', `${base}/getChartData`, {
      id: chartIds.overdueByFloor,
      pageBean: { pageSize: 100 },
    });
    const owed = await server.db
      .selectFrom('dunning_notices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('merchant_code', '=', '10001')
      .executeTakeFirstOrThrow();
    const notices = arrears.body.rows.reduce(
      (acc: number, row: { notices: number }) => acc + row.notices,
      0,
    );
    expect(notices).toBe(Number(owed.n));
    // The store condition offers the stores of the caller's rows to pick, no other's.
    const storeChoices = async (call: Call) => {
      const chart = await call('GET', `${base}/get/${chartIds.overdueByFloor}`);
      const field = chart.body.conditionfield.find(
        (item: { field: string }) => item.field === 'store',
      );
      return field.choices as string[];
    };
    const ownStores = [...new Set(arrears.body.rows.map((row: { store: string }) => row.store))];
    expect((await storeChoices(merchant)).sort()).toEqual([...ownStores].sort());
    // Every role alike: the choices are the stores of the rows that caller reads.
    for (const account of ['store01', 'acct01', 'SZHY10002']) {
      const reader = as(server.app, await tokenOf(server.app, account));
      const rows = await reader('POST', `${base}/getChartData`, {
        id: chartIds.overdueByFloor,
        pageBean: { pageSize: 100 },
      });
      const stores = [...new Set(rows.body.rows.map((row: { store: string }) => row.store))];
      expect((await storeChoices(reader)).sort(), account).toEqual([...stores].sort());
    }
    const allStores = await storeChoices(admin);
    expect(allStores.length).toBeGreaterThan(ownStores.length);
    expect(allStores).toEqual(expect.arrayContaining(ownStores));
    // In English, the stores are named in English (the finance lists' names), and picked so.
    const englishStores = await storeChoices(english);
    expect(englishStores.length).toBe(allStores.length);
    expect(englishStores.filter((name) => /[\u4e00-\u9fff]/.test(name))).toEqual([]);
    const picked = await english('POST', `${base}/getChartData`, {
      id: chartIds.overdueByFloor,
      querys: [{ property: 'store', value: [englishStores[0]], operation: 'IN' }],
    });
    expect(picked.body.total).toBeGreaterThan(0);
    expect(picked.body.rows.every((row: { store: string }) => row.store === englishStores[0])).toBe(
      true,
    );
    // Fields other than a text IN offer none (the sales chart's store is typed, in part).
    const salesChart = await merchant('GET', `${base}/get/${sales}`);
    expect(salesChart.body.conditionfield.some((item: object) => 'choices' in item)).toBe(false);
    // A merchant reads no flow's tasks; emp01 fewer than the admin.
    const tasks = (call: Call) =>
      call('POST', `${base}/getChartData`, {
        id: chartIds.tasksByFlow,
        pageBean: { pageSize: 100 },
      });
    const taskTotal = (rows: { openTasks: number; doneTasks: number }[]) =>
      rows.reduce((acc, row) => acc + row.openTasks + row.doneTasks, 0);
    expect((await tasks(merchant)).body.total).toBe(0);
    const mine = taskTotal((await tasks(emp01)).body.rows);
    expect(mine).toBeGreaterThan(0);
    expect(taskTotal((await tasks(admin)).body.rows)).toBeGreaterThan(mine);
  });

  it('answers ECharts data: series per store for the line, name/value pairs for the pie', async () => {
    const line = await emp01('POST', `${base}/getEchartData`, { id: sales });
    expect(line.status).toBe(200);
    const value = line.body.value;
    expect(value.style).toBe(1);
    expect(value.rows).toBeGreaterThan(20);
    expect(value.series.length).toBe(value.legend.length);
    expect(value.series[0].data).toHaveLength(value.xAxis.length);
    // A series per store, of sales amounts (not of the month or store labels).
    const stores = await server.db.selectFrom('stores').select('name').execute();
    expect(value.legend.every((name: string) => stores.some((s) => s.name === name))).toBe(true);
    const drawn = value.series.flatMap((series: { data: number[] }) => series.data);
    expect(drawn.some((amount: number) => amount > 0)).toBe(true);
    const bars = await emp01('POST', `${base}/getEchartData`, { id: chartIds.tasksByFlow });
    expect(bars.body.value.legend).toEqual(['待办任务', '已办任务']);
    expect(bars.body.value.xAxis).toContain('请假申请');
    // Flow names in the reader's language (issue 13 item 10), Chinese where a flow has none.
    const englishBars = await english('POST', `${base}/getEchartData`, {
      id: chartIds.tasksByFlow,
    });
    expect(englishBars.body.value.xAxis).toContain('Leave request');
    expect(englishBars.body.value.xAxis.join(' ')).not.toMatch(/[\u3400-\u9fff]/);
    const pie = await admin('POST', `${base}/getEchartData`, { id: chartIds.overdueByFloor });
    expect(pie.body.value.style).toBe(3);
    expect(pie.body.value.series[0].data[0]).toEqual({
      name: expect.any(String),
      value: expect.any(Number),
    });
    expect(pie.body.value.series[0].name).toBe('欠费金额');
    expect(pie.body.value.series[0].data[0].value).toBeGreaterThan(0);
  });

  it('exports the data tab as CSV and XLSX, and holds up under 30 requests at once', async () => {
    const csv = await emp01('POST', `${base}/export`, { id: sales, format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.raw.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toContain('销售额');
    expect(lines.length - 1).toBe(Number(csv.headers['x-total-count']));
    const xlsx = await emp01('POST', `${base}/export`, { id: sales, format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
    const bad = await emp01('POST', `${base}/export`, { id: sales, format: 'pdf' });
    expect(bad.status).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => data(emp01, { pageBean: { pageSize: 10 } })),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body)))).toHaveProperty('size', 1);
  });

  it('limits exports to 10 a minute per user, as the finance lists do', async () => {
    const exports = await Promise.all(
      Array.from({ length: 12 }, () =>
        admin('POST', `${base}/export`, { id: sales, format: 'csv' }),
      ),
    );
    const statuses = exports.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    // Another user's exports are their own.
    expect((await merchant('POST', `${base}/export`, { id: sales, format: 'csv' })).status).toBe(
      200,
    );
  });
});
