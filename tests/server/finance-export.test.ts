import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './harness';
import { bearer } from './harness';
import { encodeParam, literal, rows, statementRule, withFinanceServer } from './finance-support';

/**
 * Issue 11, exports: the server writes every row the filters select under the caller's
 * scope, in the order asked, as CSV or XLSX; the count is in the file name, the second
 * sheet and X-Total-Count. The oracle is independent SQL.
 */
const exportPath = '/bpm-runtime/bpm/atriumScript/exportSql';

const columns = [
  { field: 'index', title: '序号', kind: 'index' },
  { field: 'ID', title: 'ID' },
  { field: 'NY', title: '年月' },
  { field: 'HTH', title: '合同号' },
  { field: 'SHMC', title: '商户名称' },
  { field: 'KPJE', title: '开票金额', kind: 'money' },
];

/** A CSV parser for the test (quotes, doubled quotes, CRLF), independent of the writer. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      cell += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  return out;
}

describe.each(databaseKinds)('finance exports on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);

  const exportAs = (account: string | null, payload: object, language = 'zh-CN') =>
    server.app.inject({
      method: 'POST',
      url: exportPath,
      headers: { ...(account ? bearer(tokens[account]!) : {}), 'accept-language': language },
      payload,
    });

  const request = (descriptor: object, format: 'csv' | 'xlsx', extra: object = {}) => ({
    param: encodeParam(descriptor),
    format,
    title: '联营费用结算单',
    columns,
    ...extra,
  });

  const oracle = (rule: string, where: string) =>
    rows<{ id: string }>(
      server.db,
      `select t.id from joint_fee_notices t where ${rule} and ${where}
        order by t.invoice_amount desc, t.id desc`,
    ).then((found) => found.map((row) => row.id));

  const descriptor = (filters: object) => ({
    query: 'statement.lyfyjsd',
    filters,
    sort: [{ field: 'KPJE', direction: 'desc' }],
    // A page on screen does not limit the export.
    page: { page: 3, pageSize: 5 },
  });

  for (const account of ['admin', 'SZHY10001', 'acct01']) {
    it(`exports exactly the rows ${account} may see that the filters select, as CSV`, async () => {
      const response = await exportAs(account, request(descriptor({ brand: '丽' }), 'csv'));
      expect(response.statusCode, response.body).toBe(200);
      const expected = await oracle(statementRule[account]!, `strpos(t.brand, '丽') > 0`);
      expect(expected.length).toBeGreaterThan(0);
      expect(response.headers['content-type']).toMatch(/text\/csv/);
      expect(response.headers['x-total-count']).toBe(String(expected.length));
      expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
        `联营费用结算单（${expected.length} 行）.csv`,
      );
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...data] = parseCsv(response.body.slice(1));
      expect(header).toEqual(columns.map((column) => column.title));
      expect(data.map((row) => row[1])).toEqual(expected);
      expect(data.map((row) => row[0])).toEqual(expected.map((_, index) => String(index + 1)));
    });
  }

  it('exports XLSX that a reader gets back: every row and value, the header, the count sheet', async () => {
    // One row's merchant holds markup characters, a control character (dropped: XML
    // cannot hold it) and a formula, and another's no confirmation date.
    const tricky = `<丽&"'>\u0007 =1+1`;
    await rows(
      server.db,
      `update joint_fee_notices set merchant_name = ${literal(tricky)}
        where id = (select id from joint_fee_notices order by id limit 1)`,
    );
    await rows(
      server.db,
      `update joint_fee_notices set confirm_date = null
        where id = (select id from joint_fee_notices order by id desc limit 1)`,
    );
    const withDate = [...columns, { field: 'CONFIRM_DATE', title: '确认日期', kind: 'date' }];
    const response = await exportAs(
      'admin',
      request(descriptor({}), 'xlsx', { columns: withDate }),
      'en-US',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml\.sheet/);
    const expected = await rows<Record<string, string | number>>(
      server.db,
      `select t.id, to_char(t.month, 'YYYY-MM') as ny, t.contract_no, t.merchant_name,
          t.invoice_amount::float8 as amount,
          coalesce(to_char(t.confirm_date at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), '') as confirmed
        from joint_fee_notices t order by t.invoice_amount desc, t.id desc`,
    );
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      `联营费用结算单 (${expected.length} rows).xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [data, facts] = book.worksheets;
    expect(data!.name).toBe('联营费用结算单');
    expect(data!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const values = data!.getSheetValues().slice(1) as unknown[][];
    expect(values[0]!.slice(1)).toEqual(withDate.map((column) => column.title));
    expect(data!.getCell('A1').font?.bold).toBe(true);
    expect(values).toHaveLength(expected.length + 1);
    expected.forEach((row, i) => {
      const got = values[i + 1]!;
      expect(got.slice(1, 6)).toEqual([
        i + 1,
        row.id,
        row.ny,
        row.contract_no,
        row.merchant_name === tricky ? `<丽&"'> =1+1` : row.merchant_name,
      ]);
      expect(got[6]).toBeCloseTo(row.amount as number, 2);
      expect(got[7] ?? '').toBe(row.confirmed);
    });
    expect(expected.some((row) => row.merchant_name === tricky)).toBe(true);
    expect(expected.some((row) => row.confirmed === '')).toBe(true);
    expect(data!.getCell('F2').numFmt).toBe('#,##0.00');
    expect(facts!.name).toBe('Filters');
    expect(facts!.getRow(1).values).toEqual([undefined, 'Rows', String(expected.length)]);
  });

  it('adds the sales summary row under the data, in CSV and XLSX', async () => {
    const sales = (format: 'csv' | 'xlsx') =>
      exportAs(
        'SZHY10001',
        request({ query: 'sales.monthly' }, format, {
          title: 'Sales',
          columns: [
            { field: 'ID', title: 'ID' },
            { field: 'XSJE', title: 'Amount', kind: 'money' },
          ],
        }),
      );
    const response = await sales('csv');
    expect(response.statusCode).toBe(200);
    const lines = parseCsv(response.body.slice(1));
    const [sum] = await rows<{ n: number; v: number }>(
      server.db,
      "select count(*)::int as n, sum(sales_amount)::float8 as v from brand_monthly_sales where merchant_code = '10001'",
    );
    expect(lines).toHaveLength(sum!.n + 2);
    expect(lines.at(-1)![0]).toBe('合计');
    expect(Number(lines.at(-1)![1])).toBeCloseTo(sum!.v, 2);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await sales('xlsx')).rawPayload as unknown as ArrayBuffer);
    const data = book.worksheets[0]!;
    expect(data.rowCount).toBe(sum!.n + 2);
    const total = data.getRow(sum!.n + 2);
    expect(total.getCell(1).value).toBe('合计');
    expect(total.getCell(2).value).toBeCloseTo(sum!.v, 2);
    expect(total.getCell(2).font?.bold).toBe(true);
    expect(total.getCell(2).numFmt).toBe('#,##0.00');
  });

  it('writes a text that a spreadsheet would run as a formula as plain text', async () => {
    await rows(
      server.db,
      `update joint_fee_notices set merchant_name = '=HYPERLINK("http://x","y")'
        where id = (select id from joint_fee_notices where merchant_code = '10001' order by id limit 1)`,
    );
    const response = await exportAs('SZHY10001', request(descriptor({}), 'csv'));
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('refuses bad requests with a message, in both languages, and anonymous ones', async () => {
    expect((await exportAs(null, request(descriptor({}), 'csv'))).statusCode).toBe(401);
    const bad: [object, RegExp, RegExp][] = [
      [
        request(descriptor({}), 'csv', { columns: [{ field: 'password_hash', title: 'x' }] }),
        /没有可导出的字段“password_hash”/,
        /has no field "password_hash"/,
      ],
      [request(descriptor({}), 'csv', { title: 'a\u0007b' }), /控制字符/, /control characters/],
      [request(descriptor({ brand: 'x\u0007' }), 'csv'), /品牌/, /brand/i],
      [
        { ...request(descriptor({}), 'csv'), param: encodeParam({ query: 'users' }) },
        /未知的查询名称/,
        /Unknown query name/,
      ],
    ];
    for (const [payload, zh, en] of bad) {
      const chinese = await exportAs('admin', payload);
      expect(chinese.statusCode, chinese.body).toBe(400);
      expect(chinese.json().message).toMatch(zh);
      const english = await exportAs('admin', payload, 'en-US');
      expect(english.json().message).toMatch(en);
    }
    for (const payload of [
      { ...request(descriptor({}), 'csv'), format: 'pdf' },
      { ...request(descriptor({}), 'csv'), columns: [] },
      { ...request(descriptor({}), 'csv'), sql: 'select 1' },
      { ...request(descriptor({}), 'csv'), columns: [{ field: 'a;drop', title: 'x' }] },
    ]) {
      expect((await exportAs('admin', payload)).statusCode).toBe(400);
    }
  });

  it('keeps to the rate limit and the number of exports at once, answering whole files', async () => {
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => exportAs('SZHY10002', request(descriptor({}), 'csv'))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
    const expected = await oracle(statementRule.SZHY10002!, 'true');
    for (const answer of answers.filter((each) => each.statusCode === 200)) {
      expect(parseCsv(answer.body.slice(1))).toHaveLength(expected.length + 1);
    }
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
