import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { FeeNoticeColumns } from '../../../db/schema-finance';
import { defineQuery, type EdgeContext, type EdgeRow } from '../define-query';
import { confirmFlag, dateTime, yearMonth } from '../format';
import type { FilterValues } from '../filters';
import { statementScope, type FinanceScope } from '../scope';
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
export const feeFields = {
  YSXSE: 'sales_amount',
  HDYHZE: 'promo_total',
  XFTHDYHE: 'promo_shared',
  ZZKK: 'commission',
  KKTZ: 'commission_adjust',
  QCJK: 'prior_arrears',
  HYFKK: 'member_fee_deduction',
  PPTGF: 'brand_promotion_fee',
  JFCE: 'points_difference',
  KPJE: 'invoice_amount',
  XFS: 'fire_safety_fee',
  DF: 'electricity_fee',
  DQSYF: 'usage_fee',
  SF: 'water_fee',
  WSFBT: 'sewage_subsidy',
  TDF: 'channel_fee',
  JRKKF: 'card_fee',
  WYGLF: 'property_fee',
  WYGLF_TZ: 'property_fee_adjust',
  QCJK_GLF: 'prior_property_arrears',
  TGF: 'promotion_fee',
  TGFTZ: 'promotion_fee_adjust',
  QCJK_TGF: 'prior_promotion_arrears',
  WBF: 'maintenance_fee',
  CKF: 'storage_fee',
  SYXT_SYF: 'pos_fee',
  HY_FWF: 'member_service_fee',
  WLF: 'network_fee',
  BXF: 'insurance_fee',
  DHF: 'phone_fee',
  TM_CDF: 'venue_fee',
  QT: 'other_fee',
  WYBZJ: 'property_deposit',
  SDBZJ: 'utility_deposit',
  SYXT_YJ: 'pos_deposit',
  QTYJ: 'other_deposit',
  ZG_ZSXJK: 'counter_cash',
  WS_DSXJ: 'collected_cash',
  YSXJ: 'cash_due',
  GYSHK: 'supplier_payment',
  THKXSKPJE: 'return_invoice_amount',
  HDYHBTZPJE: 'promo_subsidy_invoice',
  DSYYK: 'prepaid_card_collected',
} as const satisfies Record<string, keyof FeeNoticeColumns>;

/** Read once: a page maps every row through them. */
const feeFieldEntries = Object.entries(feeFields) as [
  string,
  (typeof feeFields)[keyof typeof feeFields],
][];

export type FeeNoticeRow = Selectable<FeeNoticeColumns> & { store_name: string; rent?: number };

/** The edge row of a fee notice; `totalField` is FYHJ (joint) or ZJHJ (lease). */
export function feeNoticeRow(
  row: FeeNoticeRow,
  kind: 'joint' | 'lease',
  context: EdgeContext,
): EdgeRow {
  const edge: EdgeRow = {
    ID: row.id,
    STORE_CODE: row.store_code,
    FDMC: row.store_name,
    NY: yearMonth(row.month),
    HTH: row.contract_no,
    SHMC: row.merchant_name,
    PP: row.brand,
    WLDW: row.merchant_code,
    XH: row.seq,
  };
  for (const [field, column] of feeFieldEntries) edge[field] = row[column];
  if (kind === 'lease') edge.ZJ = row.rent ?? 0;
  edge[kind === 'joint' ? 'FYHJ' : 'ZJHJ'] = row.fee_total;
  edge[kind === 'joint' ? 'BZSM' : 'BZMX'] = row.remark;
  edge.CONFIRM = confirmFlag(row.confirm_date);
  edge.CONFIRM_DATE = dateTime(row.confirm_date, context.timeZone);
  edge.CONFIRM_BY = row.confirmed_by ?? '';
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
};

export const jointFeeNotices = defineQuery({
  ...common,
  name: 'statement.lyfyjsd',
  from: (db: Db) =>
    db.selectFrom('joint_fee_notices as n').innerJoin('stores as s', 's.code', 'n.store_code'),
  mainTable: ['joint_fee_notices', 'n'],
  select: (query) => query.selectAll('n').select('s.name as store_name'),
  sortable: sortable('joint'),
  toRow: (row, context) => feeNoticeRow(row, 'joint', context),
});

export const leaseFeeNotices = defineQuery({
  ...common,
  name: 'statement.zlfymxd',
  from: (db: Db) =>
    db.selectFrom('lease_fee_notices as n').innerJoin('stores as s', 's.code', 'n.store_code'),
  mainTable: ['lease_fee_notices', 'n'],
  select: (query) => query.selectAll('n').select('s.name as store_name'),
  sortable: sortable('lease'),
  toRow: (row, context) => feeNoticeRow(row, 'lease', context),
});
