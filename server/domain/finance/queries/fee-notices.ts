import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { FeeNoticeColumns } from '../../../db/schema-finance';
import { defineQuery, type EdgeContext, type EdgeRow } from '../define-query';
import { confirmFlag, dateTime, storeName, yearMonth } from '../format';
import type { FilterValues } from '../filters';
import { statementScope, type FinanceScope } from '../scope';
import { staffViewFields } from './staff-views';
import {
  identitySortable,
  statementColumns,
  statementFilters,
  statementWhere,
} from './statement-common';

/**
 * Joint-operation fee notices (HT_LY_JFD, page lyfyjsd) and lease fee notices (HT_ZL_JFD,
 * page zlfymxd): the list row carries every field of the notice, so the print views can use
 * the same query.
 */
export type FeeNoticeRow = Selectable<FeeNoticeColumns> & {
  store_name: string;
  store_name_en: string;
  rent?: number;
};

/**
 * The edge row of a fee notice: the one place where its columns get the platform's names.
 * Written as one object literal on purpose: filling the same fields from a table of names
 * in a loop cost 7 µs a row (every store a keyed lookup of a new property), the literal a
 * few hundred nanoseconds (issue 18: 375 µs of a page of 50).
 */
export function feeNoticeRow(
  row: FeeNoticeRow,
  kind: 'joint' | 'lease',
  context: EdgeContext,
): EdgeRow {
  const edge: EdgeRow = {
    ID: row.id,
    STORE_CODE: row.store_code,
    FDMC: storeName(row, context),
    NY: yearMonth(row.month),
    HTH: row.contract_no,
    SHMC: row.merchant_name,
    PP: row.brand,
    WLDW: row.merchant_code,
    XH: row.seq,
    YSXSE: row.sales_amount,
    HDYHZE: row.promo_total,
    XFTHDYHE: row.promo_shared,
    ZZKK: row.commission,
    KKTZ: row.commission_adjust,
    QCJK: row.prior_arrears,
    HYFKK: row.member_fee_deduction,
    PPTGF: row.brand_promotion_fee,
    JFCE: row.points_difference,
    KPJE: row.invoice_amount,
    XFS: row.fire_safety_fee,
    DF: row.electricity_fee,
    DQSYF: row.usage_fee,
    SF: row.water_fee,
    WSFBT: row.sewage_subsidy,
    TDF: row.channel_fee,
    JRKKF: row.card_fee,
    WYGLF: row.property_fee,
    WYGLF_TZ: row.property_fee_adjust,
    QCJK_GLF: row.prior_property_arrears,
    TGF: row.promotion_fee,
    TGFTZ: row.promotion_fee_adjust,
    QCJK_TGF: row.prior_promotion_arrears,
    WBF: row.maintenance_fee,
    CKF: row.storage_fee,
    SYXT_SYF: row.pos_fee,
    HY_FWF: row.member_service_fee,
    WLF: row.network_fee,
    BXF: row.insurance_fee,
    DHF: row.phone_fee,
    TM_CDF: row.venue_fee,
    QT: row.other_fee,
    WYBZJ: row.property_deposit,
    SDBZJ: row.utility_deposit,
    SYXT_YJ: row.pos_deposit,
    QTYJ: row.other_deposit,
    ZG_ZSXJK: row.counter_cash,
    WS_DSXJ: row.collected_cash,
    YSXJ: row.cash_due,
    GYSHK: row.supplier_payment,
    THKXSKPJE: row.return_invoice_amount,
    HDYHBTZPJE: row.promo_subsidy_invoice,
    DSYYK: row.prepaid_card_collected,
    CONFIRM: confirmFlag(row.confirm_date),
    CONFIRM_DATE: dateTime(row.confirm_date, context.timeZone),
    CONFIRM_BY: row.confirmed_by ?? '',
    ...staffViewFields(row, context.timeZone),
  };
  // The total and the remark have other names on a lease notice, which also has its rent.
  if (kind === 'joint') {
    edge.FYHJ = row.fee_total;
    edge.BZSM = row.remark;
  } else {
    edge.ZJ = row.rent ?? 0;
    edge.ZJHJ = row.fee_total;
    edge.BZMX = row.remark;
  }
  return edge;
}

const sortable = (kind: 'joint' | 'lease') => ({
  ...identitySortable('n'),
  NY: 'n.month',
  SHMC: 'n.merchant_name',
  PP: 'n.brand',
  YSXSE: 'n.sales_amount',
  KPJE: 'n.invoice_amount',
  WYGLF: 'n.property_fee',
  TGF: 'n.promotion_fee',
  SF: 'n.water_fee',
  DF: 'n.electricity_fee',
  YSXJ: 'n.cash_due',
  [kind === 'joint' ? 'FYHJ' : 'ZJHJ']: 'n.fee_total',
  CONFIRM_DATE: 'n.confirm_date',
});

/** What the two notice lists share: filters, scope, order (the table is aliased n). */
const common = {
  filters: statementFilters,
  where: (filters: FilterValues) => statementWhere('n', filters),
  scope: (scope: FinanceScope) => statementScope(scope, statementColumns('n')),
  defaultOrder: [
    { field: 'NY', direction: 'desc' },
    { field: 'HTH', direction: 'asc' },
  ] as const,
  tiebreakers: ['n.id'],
  nullable: ['CONFIRM_DATE'],
  acknowledgedOnOpen: true,
};

export const jointFeeNotices = defineQuery({
  ...common,
  name: 'statement.lyfyjsd',
  from: (db: Db) =>
    db.selectFrom('joint_fee_notices as n').innerJoin('stores as s', 's.code', 'n.store_code'),
  mainTable: ['joint_fee_notices', 'n'],
  select: (query) =>
    query.selectAll('n').select(['s.name as store_name', 's.name_en as store_name_en']),
  sortable: sortable('joint'),
  toRow: (row, context) => feeNoticeRow(row, 'joint', context),
});

export const leaseFeeNotices = defineQuery({
  ...common,
  name: 'statement.zlfymxd',
  from: (db: Db) =>
    db.selectFrom('lease_fee_notices as n').innerJoin('stores as s', 's.code', 'n.store_code'),
  mainTable: ['lease_fee_notices', 'n'],
  select: (query) =>
    query.selectAll('n').select(['s.name as store_name', 's.name_en as store_name_en']),
  sortable: sortable('lease'),
  toRow: (row, context) => feeNoticeRow(row, 'lease', context),
});
