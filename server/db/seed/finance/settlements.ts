import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../database';
import { feeItems, reviewers, salesTiers, storePhones } from './names';
import { salesSource, type StatementWindow } from './notices';
import { financeKinds } from './parties';
import { computed, contractMonths, insertSelect, monthlyId, noise } from './sql-kit';

/**
 * Settlement (payment request) statements for every contract and settled month, with their
 * fee lines, and the invoicing confirmation of each joint-operation statement with its lines.
 * Headers are the sums of their lines: the line generator is one SQL fragment, evaluated for
 * the header sums and again for the rows.
 */
type Sql = RawBuilder<unknown>;
const n = (range: number, salt: number, ...more: Sql[]) =>
  noise(range, salt, sql`cm.seq`, sql`cm.mi`, ...more);
const when = (condition: Sql, value: Sql) => sql`case when ${condition} then ${value} else 0 end`;
const textArray = (items: readonly string[]) => sql`array[${sql.join(items)}]::text[]`;

/** Some statements are long: SZHY10001's first contract every other month, every 9th contract. */
const isLong = sql`((cm.seq = 1 and mod(cm.mi, 2) = 0) or mod(cm.seq, 9) = 0)`;

/**
 * Fee lines of a statement whose month sales are `sales`: the sales line (less the commission
 * of a joint contract), the rent line of a lease, then fee items.
 */
function feeLines(sales: Sql): Sql {
  const count = sql`case when ${isLong} then 20 + ${n(6, 201)} else 3 + ${n(5, 202)} end`;
  const fee = sql`(50 + ${n(2000, 203, sql`l.k`)})::numeric`;
  const item = sql`(${textArray(feeItems)})[1 + mod(l.k + cm.seq, ${feeItems.length})]`;
  return sql`(
    select l.k as line_no, x.item_name, x.sales_amount, x.deduction,
      x.sales_amount - x.deduction as receivable,
      case when mod(l.k, 5) = 0 then '按合同约定' else '' end as remark
    from generate_series(1, ${count}) as l(k)
    cross join lateral (
      select
        case when l.k = 1 then '商品销售' when l.k = 2 and cm.mode = 'lease' then '租金' else ${item} end
          as item_name,
        case when l.k = 1 then ${sales} else 0 end as sales_amount,
        case
          when l.k = 1 then case when cm.mode = 'joint' then round(${sales} * cm.commission_rate, 2) else 0 end
          when l.k = 2 and cm.mode = 'lease' then cm.base_rent
          else ${fee}
        end as deduction
      offset 0
    ) x
  )`;
}

const storePhone = sql`case cm.store_code ${sql.join(
  Object.entries(storePhones).map(([code, phone]) => sql`when ${code} then ${phone}`),
  sql` `,
)} else '' end`;

/** Statements of the settled months (up to last month), then their fee lines. */
export async function seedSettlements(db: Db, window: StatementWindow): Promise<void> {
  const madeOn = sql`least((cm.month + interval '1 month' + interval '4 days')::date, ${window.now}::date)`;
  await insertSelect(
    db,
    'settlement_statements',
    {
      id: monthlyId(financeKinds.settlement, 'cm'),
      contract_id: sql`cm.id`,
      store_code: sql`cm.store_code`,
      month: sql`cm.month`,
      contract_no: sql`cm.number`,
      merchant_code: sql`cm.merchant_code`,
      merchant_name: sql`cm.merchant_name`,
      brand: sql`cm.brand_name`,
      accountant_name: sql`cm.accountant_name`,
      record_no: sql`'JS' || to_char(cm.month, 'YYYYMM') || lpad(cm.seq::text, 5, '0')`,
      accounting_mode: sql`case when cm.mode = 'joint' then '联营' else '租赁' end`,
      department: sql`cm.department`,
      settle_amount: sql`a.sales`,
      discount_shared: sql`d.discount`,
      fee_deductions: sql`a.deduction`,
      payable: sql`a.sales - d.discount`,
      pay_amount: sql`a.sales - d.discount - a.deduction`,
      pay_days: sql`(array[30, 45, 60])[1 + mod(cm.seq, 3)]`,
      made_on: madeOn,
      reviewer_name: sql`(${textArray(reviewers)})[1 + mod(cm.seq, ${reviewers.length})]`,
      statement_date: madeOn,
    },
    sql`${contractMonths(window.firstMonth, window.months)} as cm
      ${salesSource}
      cross join lateral (
        select sum(fl.sales_amount) as sales, sum(fl.deduction) as deduction from ${feeLines(sql`v.sales`)} fl
      ) a
      ${computed('d', { discount: when(sql`${n(3, 204)} = 0`, sql`round(v.sales * 0.01, 2)`) })}
      where cm.month < ${window.currentMonth}::date`,
  );
  await insertSelect(
    db,
    'settlement_fee_lines',
    {
      statement_id: sql`cm.id`,
      line_no: sql`fl.line_no`,
      item_name: sql`fl.item_name`,
      sales_amount: sql`fl.sales_amount`,
      deduction: sql`fl.deduction`,
      receivable: sql`fl.receivable`,
      remark: sql`fl.remark`,
    },
    sql`${statementsWithContract(sql`true`)} as cm
      cross join lateral ${feeLines(sql`cm.settle_amount`)} fl`,
  );
}

/** Settlement statements with their contract's terms and the noise keys seq and mi. */
function statementsWithContract(where: Sql): Sql {
  return sql`(
    select s.*, right(s.contract_id, 9)::int as seq,
      (extract(year from s.month)::int - 1900) * 12 + extract(month from s.month)::int - 1 as mi,
      c.mode, c.commission_rate, c.base_rent, c.guaranteed_sales, c.bookkeeper_name
    from settlement_statements s join contracts c on c.id = s.contract_id
    where ${where}
  )`;
}

/** Lines of an invoicing confirmation: the month's sales split over price tiers. */
function confirmationLines(): Sql {
  const count = sql`case when ${isLong} then 15 + ${n(4, 301)} else 3 + ${n(3, 302)} end`;
  const share = sql`round(cm.settle_amount / (${count}) * (0.6 + ${n(80, 303, sql`l.k`)} / 100.0), 2)`;
  return sql`(
    select l.k as line_no, x.sales_amount,
      round(x.sales_amount * greatest(0.05, cm.commission_rate - 0.02 * mod(l.k, 3)), 2) as deduction,
      (${textArray(salesTiers)})[1 + mod(l.k - 1, ${salesTiers.length})] as remark
    from generate_series(1, ${count}) as l(k)
    ${computed('x', { sales_amount: share })}
  )`;
}

export async function seedInvoiceConfirmations(db: Db): Promise<void> {
  const joint = statementsWithContract(sql`s.accounting_mode = '联营'`);
  const vip = sql`round(a.sales * (10 + ${n(20, 310)}) / 1000.0, 2)`;
  const shortfall = sql`greatest(0, round((cm.guaranteed_sales - a.sales) * cm.commission_rate, 2))`;
  await insertSelect(
    db,
    'invoice_confirmations',
    {
      statement_id: sql`cm.id`,
      supplier_name: sql`cm.merchant_name`,
      brand: sql`cm.brand`,
      contract_no: sql`cm.contract_no`,
      guaranteed_sales: sql`cm.guaranteed_sales`,
      contract_rate: sql`cm.commission_rate`,
      vip_discount: sql`h.vip`,
      deduction: sql`a.deduction`,
      taxed_sales: sql`a.sales`,
      subsidy: sql`h.subsidy`,
      guarantee_shortfall: sql`h.shortfall`,
      prior_arrears: sql`h.arrears`,
      contract_deduction: sql`a.deduction + h.shortfall`,
      settlement_adjust: sql`h.adjust`,
      member_discount: sql`round(h.vip * 0.5, 2)`,
      points_bonus: sql`h.points`,
      product_promotion: sql`h.promotion`,
      promo_bonus: sql`h.bonus`,
      invoice_amount: sql`k.invoice`,
      settle_amount: sql`k.invoice - h.arrears - h.promotion - h.bonus + h.points + h.adjust`,
      contact_name: sql`cm.bookkeeper_name`,
      contact_phone: storePhone,
    },
    sql`${joint} as cm
      cross join lateral (
        select sum(cl.sales_amount) as sales, sum(cl.deduction) as deduction from ${confirmationLines()} cl
      ) a
      ${computed('h', {
        vip,
        shortfall,
        subsidy: when(sql`${n(6, 311)} = 0`, sql`200 + ${n(800, 312)}`),
        arrears: when(sql`${n(10, 313)} = 0`, sql`300 + ${n(2000, 314)}`),
        adjust: when(sql`${n(12, 315)} = 0`, sql`${n(400, 316)} - 200`),
        points: when(sql`${n(5, 317)} = 0`, sql`round(a.sales * 0.001, 2)`),
        promotion: when(sql`${n(7, 318)} = 0`, sql`500 + ${n(1500, 319)}`),
        bonus: when(sql`${n(9, 320)} = 0`, sql`300 + ${n(1000, 321)}`),
      })}
      ${computed('k', {
        invoice: sql`a.sales - (a.deduction + h.shortfall) - h.vip + round(h.vip * 0.5, 2) + h.subsidy`,
      })}`,
  );
  await insertSelect(
    db,
    'invoice_confirmation_lines',
    {
      statement_id: sql`cm.id`,
      line_no: sql`cl.line_no`,
      sales_amount: sql`cl.sales_amount`,
      deduction: sql`cl.deduction`,
      remark: sql`cl.remark`,
    },
    sql`${joint} as cm cross join lateral ${confirmationLines()} cl`,
  );
}
