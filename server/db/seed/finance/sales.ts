import { sql } from 'kysely';
import type { Db } from '../../database';
import { financeKinds } from './parties';
import { computed, contractMonths, insertSelect, monthlyId, noise } from './sql-kit';

/**
 * Brand sales: daily product rows for every contract and month, and the monthly row that is
 * their exact sum, dated at the month end (the settlement date RQ). Weekends carry a discount
 * and a few days a promotion. Monthly rows go in first (the daily rows reference them) and
 * get their sums afterwards, so the daily rows are generated only once.
 */
export interface SalesWindow {
  /** First sales month ('YYYY-MM-01'). */
  firstMonth: string;
  months: number;
}

/**
 * The daily rows of every sales month. Each product sells every fourth day from a hashed
 * start day, one or two units, so no candidate row is generated only to be thrown away.
 */
function dailyRows(window: SalesWindow) {
  const key = [sql`sm.seq`, sql`sm.mi`, sql`p.n`];
  const day = sql`(sm.month + d.k - 1)`;
  return sql`(
    select sm.sales_id, ${day}::date as sale_date, p.name as product_name, p.barcode,
      q.qty as quantity, round(q.qty * p.unit_price, 2) as sales_amount,
      case when extract(isodow from ${day}) >= 6 then round(q.qty * p.unit_price * 0.08, 2) else 0 end
        as discount_amount,
      case when d.k in (11, 12, 18) then round(q.qty * p.unit_price * 0.05, 2) else 0 end
        as promotion_amount
    from (
      select cm.*, ${monthlyId(financeKinds.sales, 'cm')} as sales_id,
        extract(day from cm.month + interval '1 month' - interval '1 day')::int as days
      from ${contractMonths(window.firstMonth, window.months)} as cm
    ) sm
    join (select pr.*, right(pr.id, 9)::int as n from products pr) p on p.brand_id = sm.brand_id
    cross join generate_series((1 + ${noise(4, 101, ...key)})::int, sm.days, 4) as d(k)
    ${computed('q', { qty: sql`1 + ${noise(2, 102, ...key, sql`d.k`)}` })}
  )`;
}

export async function seedSales(db: Db, window: SalesWindow): Promise<void> {
  const months = contractMonths(window.firstMonth, window.months);
  const label = sql`case when mod(sm.seq + sm.mi, 7) = 0 then 'NO:' || sm.number else sm.number end`;
  await insertSelect(
    db,
    'brand_monthly_sales',
    {
      id: monthlyId(financeKinds.sales, 'sm'),
      contract_id: sql`sm.id`,
      store_code: sql`sm.store_code`,
      contract_label: label,
      brand: sql`sm.brand_name`,
      merchant_code: sql`sm.merchant_code`,
      merchant_name: sql`sm.merchant_name`,
      settle_date: sql`(sm.month + interval '1 month' - interval '1 day')::date`,
      quantity: sql`0`,
    },
    sql`${months} as sm`,
  );
  await insertSelect(
    db,
    'product_daily_sales',
    {
      sales_id: sql`dd.sales_id`,
      sale_date: sql`dd.sale_date`,
      product_name: sql`dd.product_name`,
      barcode: sql`dd.barcode`,
      quantity: sql`dd.quantity`,
      sales_amount: sql`dd.sales_amount`,
      discount_amount: sql`dd.discount_amount`,
      promotion_amount: sql`dd.promotion_amount`,
    },
    sql`${dailyRows(window)} as dd`,
  );
  await sql`
    update brand_monthly_sales m set quantity = t.quantity, sales_amount = t.sales_amount,
      discount_amount = t.discount_amount, promotion_amount = t.promotion_amount
    from (
      select sales_id, sum(quantity)::int as quantity, sum(sales_amount) as sales_amount,
        sum(discount_amount) as discount_amount, sum(promotion_amount) as promotion_amount
      from product_daily_sales group by sales_id
    ) t
    where t.sales_id = m.id`.execute(db);
}
