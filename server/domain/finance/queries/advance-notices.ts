import type { Db } from '../../../db/database';
import { defineQuery } from '../define-query';
import { confirmFlag, dateTime, storeName, yearMonth } from '../format';
import { statementScope } from '../scope';
import { staffViewFields } from './staff-views';
import {
  identitySortable,
  statementColumns,
  statementFilters,
  statementWhere,
} from './statement-common';

/** Advance-fee notices (HT_YJ_TZD, page yjfytzd), every field of the notice. */
export const advanceNotices = defineQuery({
  name: 'statement.yjfytzd',
  filters: statementFilters,
  from: (db: Db) =>
    db.selectFrom('advance_notices as n').innerJoin('stores as s', 's.code', 'n.store_code'),
  mainTable: ['advance_notices', 'n'],
  select: (query) =>
    query.selectAll('n').select(['s.name as store_name', 's.name_en as store_name_en']),
  where: (filters) => statementWhere('n', filters),
  scope: (scope) => statementScope(scope, statementColumns('n')),
  sortable: {
    ...identitySortable('n'),
    NY: 'n.month',
    SHMC: 'n.merchant_name',
    JYPP: 'n.brand',
    JZMJ: 'n.building_area',
    BDZJ: 'n.guaranteed_rent',
    WYGLF: 'n.property_fee',
    XCTGF: 'n.promotion_fee',
    KKHJ: 'n.deduction_total',
    CONFIRM_DATE: 'n.confirm_date',
  },
  defaultOrder: [
    { field: 'NY', direction: 'desc' },
    { field: 'HTH', direction: 'asc' },
  ],
  tiebreakers: ['n.id'],
  nullable: ['CONFIRM_DATE'],
  acknowledgedOnOpen: true,
  toRow: (row, context) => ({
    ID: row.id,
    STORE_CODE: row.store_code,
    FDMC: storeName(row, context),
    NY: yearMonth(row.month),
    HTH: row.contract_no,
    SHMC: row.merchant_name,
    JYPP: row.brand,
    WLDW: row.merchant_code,
    LC: row.floor,
    DZLH: row.shop_no,
    JZMJ: row.building_area,
    BDZJ: row.guaranteed_rent,
    WYGLF: row.property_fee,
    XCTGF: row.promotion_fee,
    CKZJ: row.storage_rent,
    WBF: row.maintenance_fee,
    SYXTF: row.pos_fee,
    HYFWF: row.member_service_fee,
    QTFY: row.other_fee,
    KKHJ: row.deduction_total,
    BZ: row.remark,
    CONFIRM: confirmFlag(row.confirm_date),
    CONFIRM_DATE: dateTime(row.confirm_date, context.timeZone),
    CONFIRM_BY: row.confirmed_by ?? '',
    ...staffViewFields(row, context.timeZone),
  }),
});
