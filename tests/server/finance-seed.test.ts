import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedFinance } from '../../server/db/seed/finance';
import { storeIds } from '../../server/db/seed/ids';
import { stores } from '../../server/db/seed/people';
import { localStorage } from '../../server/domain/storage';
import { oneDatabase, withServer } from './harness';
import { rows, seededToday, shiftMonth } from './finance-support';

/**
 * What the demo data must hold for the pages and the print views: consistent documents
 * (headers equal the sums of their lines), the cases the spec names, and a deterministic
 * generator whose scale multiplies merchants and months.
 */
const value = async (db: Db, text: string) =>
  Number(Object.values((await rows<Record<string, unknown>>(db, text))[0]!)[0]);

describe.each(oneDatabase)('finance demo data on %s', (kind) => {
  const server = withServer(kind);
  const count = (text: string) => value(server.db, text);

  it('keeps every document equal to the sum of its lines', async () => {
    const broken = {
      settlements: `select count(*) from settlement_statements t join (
          select statement_id, sum(sales_amount) s, sum(deduction) d from settlement_fee_lines group by 1
        ) l on l.statement_id = t.id
        where t.settle_amount <> l.s or t.fee_deductions <> l.d
          or t.payable <> t.settle_amount - t.discount_shared
          or t.pay_amount <> t.payable - t.fee_deductions`,
      statementsWithoutLines: `select count(*) from settlement_statements t
        where not exists (select 1 from settlement_fee_lines l where l.statement_id = t.id)`,
      lines: `select count(*) from settlement_fee_lines where receivable <> sales_amount - deduction`,
      confirmations: `select count(*) from invoice_confirmations c join (
          select statement_id, sum(sales_amount) s, sum(deduction) d from invoice_confirmation_lines group by 1
        ) l on l.statement_id = c.statement_id
        where c.taxed_sales <> l.s or c.deduction <> l.d`,
      sales: `select count(*) from brand_monthly_sales m join (
          select sales_id, sum(quantity) q, sum(sales_amount) s, sum(discount_amount) d, sum(promotion_amount) p
          from product_daily_sales group by 1
        ) d on d.sales_id = m.id
        where m.quantity <> d.q or m.sales_amount <> d.s or m.discount_amount <> d.d or m.promotion_amount <> d.p`,
      noticeSales: `select count(*) from joint_fee_notices n join brand_monthly_sales m
          on m.contract_id = n.contract_id and date_trunc('month', m.settle_date) = n.month
        where n.sales_amount <> m.sales_amount`,
      jointInvoice: `select count(*) from joint_fee_notices
        where invoice_amount <> sales_amount - promo_shared - commission - commission_adjust`,
      leaseTotal: `select count(*) from lease_fee_notices where fee_total < rent or invoice_amount <> fee_total`,
      advanceTotal: `select count(*) from advance_notices where deduction_total <> guaranteed_rent
        + property_fee + promotion_fee + storage_rent + maintenance_fee + pos_fee + member_service_fee + other_fee`,
      dunningTotal: `select count(*) from dunning_notices
        where total <> operating_arrears + operating_penalty + late_penalty`,
      confirmationPairs: `select count(*) from advance_notices
        where (confirm_date is null) <> (confirmed_by is null)`,
    };
    for (const [name, text] of Object.entries(broken)) expect(await count(text), name).toBe(0);
    expect(await count('select count(*) from settlement_statements')).toBeGreaterThan(1000);
  });

  it('holds the cases the pages and print views need', async () => {
    const today = seededToday();
    const month = `${today.slice(0, 7)}-01`;
    const checks: [string, string, (n: number) => boolean][] = [
      ['statements with 20+ fee lines', `select count(*) from (select statement_id from settlement_fee_lines group by 1 having count(*) >= 20) x`, (n) => n > 10],
      ['SZHY10001 statements with 20+ lines', `select count(*) from settlement_statements t where t.merchant_code = '10001' and (select count(*) from settlement_fee_lines l where l.statement_id = t.id) >= 20`, (n) => n > 0],
      ['confirmations with 15+ lines', `select count(*) from (select statement_id from invoice_confirmation_lines group by 1 having count(*) >= 15) x`, (n) => n > 0],
      ['unconfirmed advance notices', 'select count(*) from advance_notices where confirm_date is null', (n) => n > 0],
      ['confirmed advance notices', 'select count(*) from advance_notices where confirm_date is not null', (n) => n > 0],
      ['unconfirmed joint notices', 'select count(*) from joint_fee_notices where confirm_date is null', (n) => n > 0],
      ['confirmed lease notices', 'select count(*) from lease_fee_notices where confirm_date is not null', (n) => n > 0],
      ['confirmations in the future', 'select count(*) from joint_fee_notices where confirm_date > now()', (n) => n === 0],
      ['sales rows with a NO: contract', "select count(*) from brand_monthly_sales where contract_label like 'NO:%'", (n) => n > 0],
      ['rows of 王会计 (acct01)', "select count(*) from settlement_statements where accountant_name = '王会计'", (n) => n > 0],
      ['notices kept by 王会计', "select count(*) from dunning_notices where bookkeeper_name = '王会计'", (n) => n > 0],
      ['viewed dunning notices', 'select count(*) from dunning_notices where viewed_at is not null', (n) => n > 0],
      ['unviewed dunning notices', 'select count(*) from dunning_notices where viewed_at is null', (n) => n > 0],
      ['hand-typed print rows with the code as mobile', "select count(*) from contract_prints where merchant_code is null and contact_mobile = '10001'", (n) => n > 0],
      ['SZHY10001 months with invoices', "select count(distinct invoice_month) from invoices where merchant_code = '10001'", (n) => n > 5],
      ['SZHY10001 settled months without invoices', `select count(*) from joint_fee_notices n where n.merchant_code = '10001' and n.month < '${month}'::date and not exists (select 1 from invoices i where i.contract_no = n.contract_no and i.invoice_month = n.month)`, (n) => n > 0],
      ['advance notices for next month', `select count(*) from advance_notices where month = '${shiftMonth(today.slice(0, 7), 1)}-01'::date`, (n) => n > 0],
      ['joint notices for this month (not issued yet)', `select count(*) from joint_fee_notices where month >= '${month}'::date`, (n) => n === 0],
      ['generated merchants without accounts', "select count(*) from merchants m where not exists (select 1 from users u where u.account = 'SZHY' || m.code)", (n) => n === 40],
      ['demo merchants with accounts', "select count(*) from merchants m join users u on u.account = 'SZHY' || m.code", (n) => n === 3],
      ['malformed contract numbers', "select count(*) from contracts where number !~ '^HT-[0-9]{4}-S0[1-4]-[0-9]{4}$'", (n) => n === 0],
      ['floors used', 'select count(distinct floor) from contracts', (n) => n >= 5],
      ['stores used', 'select count(distinct store_code) from contracts', (n) => n === 4],
      ['brands with wildcard characters', "select count(*) from brands where name in ('100%纯棉', 'Tea_Time')", (n) => n === 2],
      ['invoices without files', 'select count(*) from invoices i where not exists (select 1 from files f where f.id = i.pdf_file_id) or not exists (select 1 from files f where f.id = i.ofd_file_id)', (n) => n === 0],
    ]; // prettier-ignore
    for (const [name, text, ok] of checks) {
      const n = await count(text);
      expect(ok(n), `${name}: ${n}`).toBe(true);
    }
    const first = await rows<{ number: string }>(
      server.db,
      "select number from contracts where merchant_code = '10001' and store_code = 'S01'",
    );
    expect(first[0]!.number).toMatch(/^HT-\d{4}-S01-0001$/);
  });
});

describe('finance demo generator', () => {
  const seeded = async (scale: number, today: string) => {
    const folder = mkdtempSync(join(tmpdir(), 'atrium-finance-seed-'));
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('stores')
      .values(stores.map((store, i) => ({ id: storeIds[i]!, ...store, sort: i + 1 })))
      .execute();
    await seedFinance(handle.db, localStorage(folder), { scale, today });
    return {
      db: handle.db,
      async close() {
        await handle.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  };
  /** Row text without the insert-time defaults (created_at). */
  const digest = async (db: Db, table: string) =>
    (
      await rows<{ d: string }>(
        db,
        `select md5(string_agg((to_jsonb(t) - 'created_at')::text, '|' order by (to_jsonb(t) - 'created_at')::text)) as d from ${table} t`,
      )
    )[0]!.d;
  const tables = [
    'merchants',
    'contracts',
    'joint_fee_notices',
    'lease_fee_notices',
    'settlement_fee_lines',
    'product_daily_sales',
    'dunning_notices',
    'invoices',
  ];
  let runs: Awaited<ReturnType<typeof seeded>>[] = [];
  afterAll(async () => {
    for (const run of runs) await run.close();
  });

  it('makes the same rows every time for the same day', async () => {
    runs = [await seeded(1, '2026-03-15'), await seeded(1, '2026-03-15')];
    for (const table of tables) {
      expect(await digest(runs[0]!.db, table), table).toBe(await digest(runs[1]!.db, table));
    }
    // Dated from the given day: statements up to April 2026, sales up to February.
    const [range] = await rows<Record<string, string>>(
      runs[0]!.db,
      `select min(month)::text as first, max(month)::text as last,
         (select max(settle_date)::text from brand_monthly_sales) as sales
       from advance_notices`,
    );
    expect(range).toEqual({ first: '2024-05-01', last: '2026-04-01', sales: '2026-02-28' });
  }, 120_000);

  it('multiplies merchants and statement months with the scale', async () => {
    const scaled = await seeded(2, '2026-03-15');
    runs.push(scaled);
    const one = runs[0]!.db;
    expect(await value(scaled.db, 'select count(*) from merchants')).toBe(3 + 80);
    const [range] = await rows<Record<string, string>>(
      scaled.db,
      'select min(month)::text as first, max(month)::text as last from advance_notices',
    );
    expect(range).toEqual({ first: '2022-05-01', last: '2026-04-01' });
    const statements = async (db: Db) =>
      value(
        db,
        `select (select count(*) from advance_notices) + (select count(*) from joint_fee_notices)
           + (select count(*) from lease_fee_notices) + (select count(*) from settlement_statements)`,
      );
    const ratio = (await statements(scaled.db)) / (await statements(one));
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(5);
    // The demo merchants' documents keep their ids at any scale.
    const demo = `select string_agg(id, ',' order by id) from joint_fee_notices
      where merchant_code = '10001' and month >= '2025-01-01'`;
    expect((await rows(scaled.db, demo))[0]).toEqual((await rows(one, demo))[0]);
  }, 120_000);
});
