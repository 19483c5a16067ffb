import { describe, expect, it } from 'vitest';
import { oneDatabase } from './harness';
import {
  seededToday,
  caller,
  literal,
  rows,
  shiftMonth,
  paymentRequestRule,
  statementRule,
  testAccounts,
  withFinanceServer,
} from './finance-support';

/**
 * The print views' searches (searchDJH, searchFPQRD, searchLYJKD, searchZLTZD) and the
 * invoice lookup (getKpmxqk) with its files: the right document for whoever may see it, 404
 * (or "no invoice") for everyone else, and the answer shapes of docs/finance-queries.md.
 */
const base = '/bpm-runtime/bpm/atriumScript';

/** Every field of the joint-operation notice in spec section 3 (FYHJ variant). */
const jointFields = [
  'NY', 'HTH', 'SHMC', 'PP', 'YSXSE', 'HDYHZE', 'XFTHDYHE', 'ZZKK', 'KKTZ', 'QCJK', 'HYFKK',
  'PPTGF', 'JFCE', 'KPJE', 'XFS', 'DF', 'DQSYF', 'SF', 'WSFBT', 'TDF', 'JRKKF', 'WYGLF',
  'WYGLF_TZ', 'QCJK_GLF', 'TGF', 'TGFTZ', 'QCJK_TGF', 'WBF', 'CKF', 'SYXT_SYF', 'HY_FWF', 'WLF',
  'BXF', 'DHF', 'TM_CDF', 'QT', 'WYBZJ', 'SDBZJ', 'SYXT_YJ', 'QTYJ', 'FYHJ', 'ZG_ZSXJK',
  'WS_DSXJ', 'YSXJ', 'GYSHK', 'BZSM', 'THKXSKPJE', 'HDYHBTZPJE', 'DSYYK', 'XH', 'CONFIRM',
  'CONFIRM_DATE',
]; // prettier-ignore

describe.each(oneDatabase)('finance searches on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);

  const as = (account: string, language?: string) => caller(server.app, tokens[account]!, language);
  const one = async <T = Record<string, unknown>>(text: string) =>
    (await rows<T>(server.db, text))[0]!;

  interface Statement {
    id: string;
    record_no: string;
    accounting_mode: string;
    merchant_code: string;
    n: number;
  }
  const statementWhere = (where: string) =>
    one<Statement>(
      `select t.id, t.record_no, t.accounting_mode, t.merchant_code,
         (select count(*)::int from settlement_fee_lines l where l.statement_id = t.id) as n
       from settlement_statements t where ${where} order by t.id limit 1`,
    );

  it('answers every search call to every demo user exactly within their statement scope', async () => {
    /** A spread of documents: each store, 王会计's and others', both demo merchants'. */
    const spread = (table: string, extra: string) =>
      `select distinct on (t.store_code, t.accountant_name = '王会计', t.merchant_code)
         t.*, ${extra} from ${table} t
       where t.merchant_code in ('10001', '10002') or t.id in (
         select distinct on (store_code, accountant_name = '王会计') id from ${table}
         order by store_code, accountant_name = '王会计', id)
       order by t.store_code, t.accountant_name = '王会计', t.merchant_code, t.id`;
    // Payment requests (settlement statements) are the merchant's own; the rest by statement scope.
    const ruleOf = (table: string) =>
      table === 'settlement_statements' ? paymentRequestRule : statementRule;
    const visible = async (table: string, id: string, account: string) =>
      (
        await rows<{ n: number }>(
          server.db,
          `select count(*)::int as n from ${table} t where t.id = ${literal(id)} and ${ruleOf(table)[account]}`,
        )
      )[0]!.n === 1;
    const statements = await rows<{ id: string; record_no: string }>(
      server.db,
      spread('settlement_statements', 'true as x'),
    );
    const notices = {
      joint: await rows<{ id: string; merchant_code: string; contract_no: string; ny: string }>(
        server.db,
        spread('joint_fee_notices', "to_char(t.month, 'YYYY-MM') as ny"),
      ),
      lease: await rows<{ id: string; merchant_code: string; contract_no: string; ny: string }>(
        server.db,
        spread('lease_fee_notices', "to_char(t.month, 'YYYY-MM') as ny"),
      ),
    };
    const invoiceMonths = await rows<{
      id: string;
      merchant_code: string;
      contract_no: string;
      ny: string;
    }>(server.db, spread('invoices', "to_char(t.invoice_month, 'YYYY-MM') as ny"));
    expect(statements.length).toBeGreaterThanOrEqual(8);
    let shown = 0;
    let hidden = 0;
    for (const account of testAccounts) {
      const user = as(account);
      for (const statement of statements) {
        const may = await visible('settlement_statements', statement.id, account);
        const djh = await user.get(`${base}/searchDJH?DJBH=${statement.record_no}`);
        expect(djh.statusCode, `${account} searchDJH ${statement.record_no}`).toBe(may ? 200 : 404);
        if (may) expect(djh.json().data[0][0].JLBH).toBe(statement.record_no);
        if (may) shown++;
        else hidden++;
      }
      for (const [kind, path] of [
        ['joint', 'searchLYJKD'],
        ['lease', 'searchZLTZD'],
      ] as const) {
        const table = kind === 'joint' ? 'joint_fee_notices' : 'lease_fee_notices';
        for (const notice of notices[kind]) {
          const may = await visible(table, notice.id, account);
          const answer = await user.get(
            `${base}/${path}?GHDWDM=${notice.merchant_code}&DJBH=${encodeURIComponent(notice.contract_no)}&NY=${notice.ny}`,
          );
          expect(answer.statusCode, `${account} ${path} ${notice.id}`).toBe(may ? 200 : 404);
          if (may) expect(answer.json().data.ID).toBe(notice.id);
        }
      }
      for (const invoice of invoiceMonths) {
        const may = await visible('invoices', invoice.id, account);
        const answer = await user.post('/bpm-runtime/bpm/haiyaapi/getKpmxqk', {
          ghdwdm: invoice.merchant_code,
          kpny: invoice.ny,
          hth: invoice.contract_no,
        });
        expect(answer.json().code, `${account} getKpmxqk ${invoice.id}`).toBe(may ? 200 : 500);
      }
    }
    expect(shown).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(0);
  });

  it('answers a settlement statement with header, all its fee lines, term, date and totals', async () => {
    const statement = await statementWhere(
      "t.merchant_code = '10001' and (select count(*) from settlement_fee_lines l where l.statement_id = t.id) >= 20",
    );
    expect(statement.n).toBeGreaterThanOrEqual(20);
    const response = await as('SZHY10001').get(`${base}/searchDJH?DJBH=${statement.record_no}`);
    expect(response.statusCode).toBe(200);
    const { state, message, data } = response.json();
    expect([state, message]).toEqual([true, '']);
    // The platform's result sets, in order: [header], fee lines, [term], [date], [totals].
    expect(data).toHaveLength(5);
    const [[header], lines, [term], [date], [totals]] = data;
    const value = {
      header,
      lines,
      term: { start: term.HTKSRQ, end: term.HTJSRQ },
      date: date.RQ,
      totals,
    };
    const expected = await one<Record<string, unknown>>(
      `select t.*, s.name as store_name, c.starts_on::text as starts_on, c.ends_on::text as ends_on,
         (select sum(receivable)::float8 from settlement_fee_lines l where l.statement_id = t.id) as ysje
       from settlement_statements t join stores s on s.code = t.store_code
       join contracts c on c.id = t.contract_id where t.id = ${literal(statement.id)}`,
    );
    expect(value.header).toMatchObject({
      JLBH: statement.record_no,
      HSFS: expected.accounting_mode,
      FDNAME: expected.store_name,
      DEPT_NAME: expected.department,
      NAME: expected.merchant_name,
      PP: expected.brand,
      HTH: expected.contract_no,
      JSJE: expected.settle_amount,
      KKJE_FY: expected.fee_deductions,
      FKJE: expected.pay_amount,
      YFJE: expected.payable,
      ZKFTJE: expected.discount_shared,
      FKTS: expected.pay_days,
      ZDRQ: expected.made_on,
      YWSHRMC: expected.reviewer_name,
    });
    expect(value.header.YEARMONTH).toBe(String(expected.month).slice(0, 7));
    expect(value.lines).toHaveLength(statement.n);
    expect(value.lines.map((line: { INX: number }) => line.INX)).toEqual(
      Array.from({ length: statement.n }, (_, i) => i + 1),
    );
    expect(Object.keys(value.lines[0]).sort()).toEqual([
      'BZ',
      'INX',
      'KKJE',
      'SFXMMC',
      'XSJE',
      'YSJE',
    ]);
    expect(value.term).toEqual({ start: expected.starts_on, end: expected.ends_on });
    expect(value.date).toBe(expected.statement_date);
    expect(value.totals.YSJE).toBeCloseTo(Number(expected.ysje), 2);
    expect(value.totals.XSJE).toBeCloseTo(Number(expected.settle_amount), 2);
    expect(value.totals.KKJE).toBeCloseTo(Number(expected.fee_deductions), 2);

    const withMode = await as('SZHY10001').get(
      `${base}/searchDJH?DJBH=${statement.record_no}&HSFS=${encodeURIComponent(statement.accounting_mode)}`,
    );
    expect(withMode.statusCode).toBe(200);
    const wrongMode = await as('SZHY10001').get(
      `${base}/searchDJH?DJBH=${statement.record_no}&HSFS=${encodeURIComponent('经销')}`,
    );
    expect(wrongMode.statusCode).toBe(404);
  });

  it("answers 404 for another merchant's or another scope's statement, exactly like a missing one", async () => {
    const foreign = await statementWhere("t.merchant_code = '10002'");
    const missing = { statusCode: 404, message: '未找到该结算单' };
    const check = async (account: string, recordNo: string, found: boolean, path = 'searchDJH') => {
      const response = await as(account).get(
        `${base}/${path}?DJBH=${encodeURIComponent(recordNo)}`,
      );
      if (found) {
        expect(response.statusCode, `${account} ${recordNo}`).toBe(200);
        return;
      }
      expect(response.statusCode, `${account} ${recordNo}`).toBe(missing.statusCode);
      expect(response.json()).toEqual({ state: false, message: missing.message });
    };
    await check('SZHY10001', foreign.record_no, false);
    await check('SZHY10001', 'JS209901' + '99999', false);
    await check('SZHY10002', foreign.record_no, true);
    await check('admin', foreign.record_no, true);
    await check('contract01', foreign.record_no, false);
    // A payment request is its merchant's own: not even the accountant it names finds it;
    // the store role sees no statements, not even of its own stores.
    const mine = await statementWhere("t.accountant_name = '王会计'");
    await check('acct01', mine.record_no, false);
    const inStore = await statementWhere("t.store_code = 'S02' and t.accountant_name <> '张晓明'");
    await check('store01', inStore.record_no, false);
    const english = await as('SZHY10001', 'en-US').get(
      `${base}/searchDJH?DJBH=${foreign.record_no}`,
    );
    expect(english.json().message).toBe('Settlement statement not found');
    const blank = await as('SZHY10001').get(`${base}/searchDJH?DJBH=%20`);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('缺少“单据编号”（DJBH）');
  });

  it('answers an invoicing confirmation with its adjustments, contact and 15+ lines', async () => {
    const statement = await statementWhere(
      `t.merchant_code = '10001' and (select count(*) from invoice_confirmation_lines l where l.statement_id = t.id) >= 15`,
    );
    const response = await as('SZHY10001').get(`${base}/searchFPQRD?DJBH=${statement.record_no}`);
    expect(response.statusCode).toBe(200);
    // [header], [adjustments], [contact], lines, [totals].
    const { data } = response.json();
    expect(data).toHaveLength(5);
    const [[header], [adjustments], [contact], lines, [totals]] = data;
    const value = { header, adjustments, contact, lines, totals };
    const expected = await one<Record<string, number | string>>(
      `select c.*, (select count(*)::int from invoice_confirmation_lines l where l.statement_id = c.statement_id) as n,
         (select sum(sales_amount)::float8 from invoice_confirmation_lines l where l.statement_id = c.statement_id) as xsje,
         (select sum(deduction)::float8 from invoice_confirmation_lines l where l.statement_id = c.statement_id) as kkje
       from invoice_confirmations c where c.statement_id = ${literal(statement.id)}`,
    );
    expect(Number(expected.n)).toBeGreaterThanOrEqual(15);
    expect(value.lines).toHaveLength(Number(expected.n));
    expect(Object.keys(value.lines[0]).sort()).toEqual(['BZ', 'INX', 'KKJE', 'XSJE']);
    expect(value.header).toMatchObject({
      GHDW: expected.supplier_name,
      PP: expected.brand,
      HTH: expected.contract_no,
      BDXSJH: expected.guaranteed_sales,
      JSKL_HT: expected.contract_rate,
      VIPZKJE: expected.vip_discount,
      KKJE: expected.deduction,
      HTXS: expected.taxed_sales,
    });
    expect(Object.keys(value.adjustments).sort()).toEqual(
      [
        'BDQS',
        'BTX',
        'HDJC',
        'HTJK',
        'HYCD',
        'JFJC',
        'JSJE',
        'JZBC',
        'KPJE',
        'QCJK',
        'SPTG',
      ].sort(),
    );
    expect(value.adjustments.KPJE).toBe(expected.invoice_amount);
    expect(value.contact).toEqual({ DYR: expected.contact_name, LXDH: expected.contact_phone });
    // The header's sales and deduction are the sums of its lines.
    expect(value.totals.XSJE).toBeCloseTo(Number(expected.xsje), 2);
    expect(value.header.HTXS).toBeCloseTo(Number(expected.xsje), 2);
    expect(value.header.KKJE).toBeCloseTo(Number(expected.kkje), 2);

    const lease = await statementWhere("t.merchant_code = '10001' and t.accounting_mode = '租赁'");
    const none = await as('SZHY10001').get(`${base}/searchFPQRD?DJBH=${lease.record_no}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('未找到该开票确认单');
    const foreign = await statementWhere(
      "t.merchant_code <> '10001' and t.accounting_mode = '联营'",
    );
    expect(
      (await as('SZHY10001').get(`${base}/searchFPQRD?DJBH=${foreign.record_no}`)).statusCode,
    ).toBe(404);
    expect(
      (await as('admin').get(`${base}/searchFPQRD?DJBH=${foreign.record_no}`)).statusCode,
    ).toBe(200);
  });

  it('answers one joint-operation notice with every field, only within scope', async () => {
    const notice = await one<Record<string, string | number | null>>(
      `select n.*, to_char(n.month, 'YYYY-MM') as ny,
         to_char(n.confirm_date at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as confirmed
       from joint_fee_notices n where n.merchant_code = '10001' and n.confirm_date is not null
       order by n.id limit 1`,
    );
    const url = (vendor: string, contract: string, month: string) =>
      `${base}/searchLYJKD?GHDWDM=${vendor}&DJBH=${encodeURIComponent(contract)}&NY=${month}`;
    const response = await as('SZHY10001').get(
      url('10001', String(notice.contract_no), String(notice.ny)),
    );
    expect(response.statusCode).toBe(200);
    const { data: value } = response.json();
    for (const field of jointFields) expect(value, field).toHaveProperty(field);
    expect(value).toMatchObject({
      HTH: notice.contract_no,
      NY: notice.ny,
      YSXSE: notice.sales_amount,
      KPJE: notice.invoice_amount,
      FYHJ: notice.fee_total,
      YSXJ: notice.cash_due,
      CONFIRM: '1',
      CONFIRM_DATE: notice.confirmed,
      CONFIRM_BY: notice.confirmed_by,
    });

    const foreign = await one<{ merchant_code: string; contract_no: string; ny: string }>(
      `select merchant_code, contract_no, to_char(month, 'YYYY-MM') as ny from joint_fee_notices
       where merchant_code <> '10001' order by id limit 1`,
    );
    for (const vendor of [foreign.merchant_code, '10001']) {
      const denied = await as('SZHY10001').get(url(vendor, foreign.contract_no, foreign.ny));
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual({ state: false, message: '未找到该费用通知单' });
    }
    // The vendor code only narrows: the right notice under another vendor code is not found.
    const narrowed = await as('admin').get(
      url('10002', String(notice.contract_no), String(notice.ny)),
    );
    expect(narrowed.statusCode).toBe(404);
    expect(
      (await as('admin').get(url(foreign.merchant_code, foreign.contract_no, foreign.ny)))
        .statusCode,
    ).toBe(200);
    const badMonth = await as('SZHY10001').get(url('10001', String(notice.contract_no), '2026-1'));
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toBe('“年月”（NY）应为 YYYY-MM 格式的月份');
  });

  it('answers one lease notice with ZJHJ and BZMX, only to its merchant', async () => {
    const notice = await one<Record<string, string | number>>(
      `select n.*, to_char(n.month, 'YYYY-MM') as ny from lease_fee_notices n
       where n.merchant_code = '10002' and n.confirm_date is null order by n.id limit 1`,
    );
    const url = `${base}/searchZLTZD?GHDWDM=10002&DJBH=${encodeURIComponent(String(notice.contract_no))}&NY=${notice.ny}`;
    const own = await as('SZHY10002').get(url);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      HTH: notice.contract_no,
      ZJ: notice.rent,
      ZJHJ: notice.fee_total,
      BZMX: notice.remark,
      CONFIRM: '0',
      CONFIRM_DATE: '',
      CONFIRM_BY: '',
    });
    expect(own.json().data).not.toHaveProperty('FYHJ');
    expect((await as('SZHY10001').get(url)).statusCode).toBe(404);
    expect((await as('store01').get(url)).statusCode).toBe(404);
  });

  it('lists the invoices of a month with downloadable PDF, XML and OFD files', async () => {
    const month = await one<{ contract_no: string; ny: string; n: number }>(
      `select contract_no, to_char(invoice_month, 'YYYY-MM') as ny, count(*)::int as n from invoices
       where merchant_code = '10001' group by contract_no, invoice_month
       order by invoice_month desc, contract_no limit 1`,
    );
    const response = await as('SZHY10001').post('/bpm-runtime/bpm/haiyaapi/getKpmxqk', {
      ghdwdm: '10001',
      kpny: month.ny,
      hth: month.contract_no,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    const expected = await rows<Record<string, unknown>>(
      server.db,
      `select brand as f_pp, to_char(invoice_month, 'YYYY-MM') as f_kpny, fee_item as f_fyxm,
         amount::float8 as f_fyje, pdf_file_id as f_pdfwj, xml_file_id as f_xmlwj, ofd_file_id as f_ofdwj
       from invoices where merchant_code = '10001' and contract_no = ${literal(month.contract_no)}
         and invoice_month = ${literal(`${month.ny}-01`)}::date order by id`,
    );
    expect(body.data).toEqual(expected);
    expect(body.data).toHaveLength(month.n);

    const invoice = body.data[0];
    const download = (fileId: string, token?: string) =>
      server.app.inject({
        method: 'GET',
        url: `/portal/system/file/v1/downloadFile?fileId=${fileId}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const pdf = await download(invoice.f_pdfwj, tokens.SZHY10001);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pdfText = pdf.rawPayload.toString('latin1');
    expect(pdfText.startsWith('%PDF-1.4')).toBe(true);
    expect(pdfText.trimEnd().endsWith('%%EOF')).toBe(true);
    // The cross-reference table sits exactly where startxref says.
    const xref = Number(/startxref\n(\d+)\n/.exec(pdfText)![1]);
    expect(pdfText.slice(xref, xref + 4)).toBe('xref');
    const xml = await download(invoice.f_xmlwj, tokens.SZHY10001);
    expect(xml.body.startsWith('<?xml')).toBe(true);
    expect(xml.body).toContain('<EInvoice');
    const ofd = await download(invoice.f_ofdwj, tokens.SZHY10001);
    expect(ofd.statusCode).toBe(200);
    const zip = ofd.rawPayload;
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
    expect(zip.toString('utf8')).toContain('OFD.xml');
    expect(zip.toString('utf8')).toContain('Doc_0/Pages/Page_0/Content.xml');
    expect((await download(invoice.f_pdfwj)).statusCode).toBe(401);

    // Without the vendor code the caller's own scope still applies.
    const noVendor = await as('SZHY10001').post('/bpm-runtime/bpm/haiyaapi/getKpmxqk', {
      kpny: month.ny,
      hth: month.contract_no,
    });
    expect(noVendor.json().data).toEqual(expected);
  });

  it('answers code 500 with the message when a month has no invoice, or is not the caller’s', async () => {
    const gap = await one<{ contract_no: string; ny: string }>(
      `select n.contract_no, to_char(n.month, 'YYYY-MM') as ny from joint_fee_notices n
       where n.merchant_code = '10001' and n.month < ${literal(`${shiftMonth(seededToday().slice(0, 7), 0)}-01`)}::date
         and not exists (select 1 from invoices i where i.contract_no = n.contract_no and i.invoice_month = n.month)
       order by n.month desc limit 1`,
    );
    const none = { code: 500, message: '未查到本月对应发票，请等待商场方完成开票后下载。' };
    const ask = (account: string, body: object, language?: string) =>
      as(account, language).post('/bpm-runtime/bpm/haiyaapi/getKpmxqk', body);
    const gapAnswer = await ask('SZHY10001', {
      ghdwdm: '10001',
      kpny: gap.ny,
      hth: gap.contract_no,
    });
    expect(gapAnswer.statusCode).toBe(200);
    expect(gapAnswer.json()).toEqual(none);
    expect(
      (
        await ask('SZHY10001', { ghdwdm: '10001', kpny: gap.ny, hth: gap.contract_no }, 'en-US')
      ).json(),
    ).toEqual({
      code: 500,
      message:
        'No invoice was found for this month yet. Please download it after the mall has issued the invoice.',
    });
    const foreign = await one<{ merchant_code: string; contract_no: string; ny: string }>(
      `select merchant_code, contract_no, to_char(invoice_month, 'YYYY-MM') as ny from invoices
       where merchant_code = '10002' order by id limit 1`,
    );
    for (const ghdwdm of ['10002', '10001', undefined]) {
      const answer = await ask('SZHY10001', { ghdwdm, kpny: foreign.ny, hth: foreign.contract_no });
      expect(answer.json()).toEqual(none);
    }
    const theirs = await ask('SZHY10002', {
      ghdwdm: '10002',
      kpny: foreign.ny,
      hth: foreign.contract_no,
    });
    expect(theirs.json().code).toBe(200);
    const bad = await ask('SZHY10001', { ghdwdm: '10001', kpny: '202601', hth: gap.contract_no });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('“开票年月”（kpny）应为 YYYY-MM 格式的月份');
  });
});
