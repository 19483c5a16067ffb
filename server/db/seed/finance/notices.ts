import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../database';
import { financeKinds } from './parties';
import {
  businessMoment,
  computed,
  contractMonths,
  insertSelect,
  monthlyId,
  noise,
  seasonOf,
  type ColumnValues,
} from './sql-kit';

/**
 * The three fee notices (advance HT_YJ_TZD, joint-operation HT_LY_JFD, lease HT_ZL_JFD) for
 * every contract month. Amounts follow the contract (area, rent, rates) with seasonal sales
 * and hashed noise; optional fees are zero in most months, as on real notices.
 */
export interface StatementWindow {
  firstMonth: string;
  months: number;
  currentMonth: string;
  timeZone: string;
  /** now() of the seed, so no confirmation lies in the future. */
  now: string;
}

type Sql = RawBuilder<unknown>;
const n = (range: number, salt: number) => noise(range, salt, sql`cm.seq`, sql`cm.mi`);
const when = (condition: Sql, value: Sql) => sql`case when ${condition} then ${value} else 0 end`;
const calendarMonth = sql`extract(month from cm.month)`;

/**
 * The month's sales: the brand sales table's sum where it has the month, otherwise the
 * contract's expected sales with season and noise (older months at larger scales).
 */
export const salesSource = sql`left join brand_monthly_sales bms on bms.id = ${monthlyId(financeKinds.sales, 'cm')}
  cross join lateral (
    select coalesce(bms.sales_amount,
      round(cm.expected_sales * ${seasonOf(sql`cm.month`)} * (0.85 + ${n(300, 1)} / 1000.0), 2)) as sales
    offset 0
  ) v`;

/** Fees of the joint-operation and lease notices (FYHJ / ZJHJ add them up). */
const fees: Record<string, Sql> = {
  property_fee: sql`cm.property_fee`,
  promotion_fee: sql`cm.promotion_fee`,
  electricity_fee: sql`round(cm.area * (8 + ${n(40, 2)} / 10.0), 2)`,
  water_fee: sql`round(cm.area * (0.6 + ${n(20, 3)} / 100.0), 2)`,
  pos_fee: sql`200`,
  card_fee: sql`round(v.sales * 0.0035, 2)`,
  member_service_fee: when(sql`${n(2, 4)} = 0`, sql`round(v.sales * 0.002, 2)`),
  brand_promotion_fee: when(sql`${calendarMonth} in (1, 5, 10, 11)`, sql`2000 + ${n(3000, 5)}`),
  fire_safety_fee: when(sql`${calendarMonth} = 1`, sql`round(cm.area * 2, 2)`),
  insurance_fee: when(sql`${calendarMonth} = 1`, sql`1200`),
  network_fee: sql`100`,
  phone_fee: when(sql`${n(3, 6)} = 0`, sql`30 + ${n(60, 7)}`),
  maintenance_fee: when(sql`${n(15, 8)} = 0`, sql`300 + ${n(900, 9)}`),
  venue_fee: when(sql`${n(25, 10)} = 0`, sql`1000 + ${n(2000, 11)}`),
  other_fee: when(sql`${n(10, 12)} = 0`, sql`50 + ${n(500, 13)}`),
  storage_fee: when(sql`${n(8, 14)} = 0`, sql`600`),
  usage_fee: when(sql`${n(9, 15)} = 0`, sql`round(cm.area * 1.5, 2)`),
  channel_fee: when(sql`${n(30, 16)} = 0`, sql`500`),
  property_fee_adjust: when(sql`${n(20, 17)} = 0`, sql`-round(cm.property_fee * 0.1, 2)`),
  promotion_fee_adjust: when(sql`${n(20, 18)} = 0`, sql`-round(cm.promotion_fee * 0.2, 2)`),
  member_fee_deduction: when(sql`${n(6, 19)} = 0`, sql`round(v.sales * 0.001, 2)`),
  points_difference: when(sql`${n(5, 20)} = 0`, sql`round(v.sales * 0.0015, 2)`),
};

/** Deposits, charged once a year on the contract's anniversary month. */
const deposits: Record<string, Sql> = {
  property_deposit: when(sql`mod(cm.mi + cm.seq, 12) = 0`, sql`cm.property_fee * 3`),
  utility_deposit: when(sql`mod(cm.mi + cm.seq, 12) = 0`, sql`5000`),
  pos_deposit: when(sql`mod(cm.mi + cm.seq, 24) = 0`, sql`2000`),
  other_deposit: when(sql`mod(cm.mi + cm.seq, 36) = 0`, sql`1000`),
};

const sumOf = (alias: string, columns: string[]) =>
  sql.join(
    columns.map((column) => sql.ref(`${alias}.${column}`)),
    sql` + `,
  );

const statementIdentity = (kind: number): ColumnValues<'joint_fee_notices'> => ({
  id: monthlyId(kind, 'cm'),
  contract_id: sql`cm.id`,
  store_code: sql`cm.store_code`,
  month: sql`cm.month`,
  contract_no: sql`cm.number`,
  merchant_code: sql`cm.merchant_code`,
  merchant_name: sql`cm.merchant_name`,
  brand: sql`cm.brand_name`,
  accountant_name: sql`cm.accountant_name`,
});

/** Older notices were printed (confirmed) by the merchant; the last two months mostly not. */
function confirmation(window: StatementWindow, salt: number) {
  const confirmed = sql`cm.month < (${window.currentMonth}::date - interval '1 month') and ${n(7, salt)} <> 0`;
  const moment = businessMoment(
    sql`cm.month + interval '1 month'`,
    n(4, salt + 1),
    sql`540 + ${n(540, salt + 2)}`,
    window.timeZone,
  );
  return {
    confirm_date: sql`case when ${confirmed} then least(${moment}, ${window.now}::timestamptz) end`,
    confirmed_by: sql`case when ${confirmed} then 'SZHY' || cm.merchant_code end`,
  };
}

/** The last month a notice table covers, `offset` months from the current one. */
const lastMonth = (window: StatementWindow, offset: number) =>
  sql`(${window.currentMonth}::date + make_interval(months => ${offset}::int))`;

export async function seedAdvanceNotices(db: Db, window: StatementWindow): Promise<void> {
  const items: Record<string, Sql> = {
    guaranteed_rent: sql`case when cm.mode = 'joint' then round(cm.guaranteed_sales * cm.commission_rate, 2) else cm.base_rent end`,
    property_fee: sql`cm.property_fee`,
    promotion_fee: sql`cm.promotion_fee`,
    storage_rent: when(sql`${n(4, 30)} = 0`, sql`800`),
    maintenance_fee: when(sql`${n(6, 31)} = 0`, sql`300`),
    pos_fee: sql`200`,
    member_service_fee: when(sql`cm.mode = 'joint'`, sql`150`),
    other_fee: when(sql`${n(10, 32)} = 0`, sql`100 + ${n(400, 33)}`),
  };
  await insertSelect(
    db,
    'advance_notices',
    {
      ...statementIdentity(financeKinds.advance),
      floor: sql`cm.floor`,
      shop_no: sql`cm.shop_no`,
      building_area: sql`cm.area`,
      ...Object.fromEntries(Object.keys(items).map((column) => [column, sql.ref(`f.${column}`)])),
      deduction_total: sumOf('f', Object.keys(items)),
      remark: sql`'请于' || to_char(cm.month, 'YYYY"年"FMMM"月"') || '5日前缴纳预缴费用'`,
      ...confirmation(window, 40),
    },
    sql`${contractMonths(window.firstMonth, window.months)} as cm
      ${computed('f', items)}
      where cm.month <= ${lastMonth(window, 1)}`,
  );
}

/** Joint-operation (up to last month) or lease (up to next month) fee notices. */
export async function seedFeeNotices(
  db: Db,
  window: StatementWindow,
  mode: 'joint' | 'lease',
): Promise<void> {
  const joint = mode === 'joint';
  const feeColumns = Object.keys(fees);
  const depositColumns = Object.keys(deposits);
  const base: Record<string, Sql> = {
    ...fees,
    ...deposits,
    rent: joint ? sql`0` : sql`cm.base_rent`,
    promo_total: when(sql`${n(10, 50)} < 3`, sql`round(v.sales * (20 + ${n(40, 51)}) / 1000.0, 2)`),
    commission: joint ? sql`round(v.sales * cm.commission_rate, 2)` : sql`0`,
    commission_adjust: joint
      ? when(sql`${n(20, 52)} = 0`, sql`-round(v.sales * cm.commission_rate * 0.02, 2)`)
      : sql`0`,
    prior_arrears: when(sql`${n(12, 53)} = 0`, sql`500 + ${n(3000, 54)}`),
    counter_cash: when(sql`${n(5, 55)} = 0`, sql`round(v.sales * 0.01, 2)`),
    collected_cash: when(sql`${n(4, 56)} = 0`, sql`round(v.sales * 0.03, 2)`),
    return_invoice_amount: when(sql`${n(8, 57)} = 0`, sql`round(v.sales * 0.01, 2)`),
    prepaid_card_collected: when(sql`${n(6, 58)} = 0`, sql`round(v.sales * 0.05, 2)`),
  };
  // FYHJ (joint) adds the fees; ZJHJ (lease) also the rent.
  const feeTotal = joint ? sumOf('f', feeColumns) : sql`f.rent + ${sumOf('f', feeColumns)}`;
  const totals = {
    fee_total: feeTotal,
    deposit_total: sumOf('f', depositColumns),
    promo_shared: sql`round(f.promo_total * 0.4, 2)`,
  };
  // KPJE: joint, what the supplier invoices the mall (sales less the mall's share);
  // lease, what the mall invoices the tenant.
  const invoiceAmount = joint
    ? sql`v.sales - t.promo_shared - f.commission - f.commission_adjust`
    : sql`t.fee_total`;
  const values: ColumnValues<'lease_fee_notices'> = {
    ...statementIdentity(joint ? financeKinds.joint : financeKinds.lease),
    seq: sql`cm.seq`,
    sales_amount: sql`v.sales`,
    ...Object.fromEntries(Object.keys(base).map((column) => [column, sql.ref(`f.${column}`)])),
    promo_shared: sql`t.promo_shared`,
    fee_total: sql`t.fee_total`,
    invoice_amount: invoiceAmount,
    promo_subsidy_invoice: sql`f.promo_total - t.promo_shared`,
    supplier_payment: joint ? sql`${invoiceAmount} - t.fee_total - f.prior_arrears` : sql`0`,
    cash_due: joint
      ? sql`t.deposit_total + f.counter_cash + greatest(0, t.fee_total + f.prior_arrears - (${invoiceAmount}))`
      : sql`t.fee_total + t.deposit_total + f.prior_arrears`,
    remark: sql`case when f.prior_arrears > 0 then '含前期欠款' when f.brand_promotion_fee > 0 then '含品牌推广费' else '' end`,
    ...confirmation(window, joint ? 60 : 70),
  };
  if (joint) delete values.rent;
  await insertSelect(
    db,
    joint ? 'joint_fee_notices' : 'lease_fee_notices',
    values,
    sql`${contractMonths(window.firstMonth, window.months)} as cm
      ${salesSource}
      ${computed('f', base)}
      ${computed('t', totals)}
      where cm.month <= ${lastMonth(window, joint ? -1 : 1)} and cm.mode = ${mode}`,
  );
}
