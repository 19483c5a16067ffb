import type { Db } from '../../../db/database';
import { defineQuery } from '../define-query';
import { contains, equals } from '../filters';
import { dateTime, storeName } from '../format';
import { always, anyOf, columnEquals, type FinanceScope } from '../scope';
import { staffViewFields } from './staff-views';

/**
 * Merchant overdue (dunning) notices, page shcjftzd: all rows for the designated user,
 * otherwise the caller's unit or the notices they keep the books for (F_kjry).
 */
export function overdueScope(scope: FinanceScope) {
  if (scope.everything) return always;
  return anyOf([
    scope.vendorCode ? columnEquals('o.merchant_code', scope.vendorCode) : null,
    scope.fullname ? columnEquals('o.bookkeeper_name', scope.fullname) : null,
  ]);
}

export const overdueList = defineQuery({
  name: 'overdue.list',
  filters: {
    store: { kind: 'code' },
    contract: { kind: 'text' },
    brand: { kind: 'text' },
    merchant: { kind: 'text' },
  },
  from: (db: Db) =>
    db.selectFrom('dunning_notices as o').innerJoin('stores as s', 's.code', 'o.store_code'),
  mainTable: ['dunning_notices', 'o'],
  select: (query) =>
    query.selectAll('o').select(['s.name as store_name', 's.name_en as store_name_en']),
  where: (filters) => [
    equals('o.store_code', filters.store),
    contains('o.contract_no', filters.contract),
    contains('o.brand', filters.brand),
    contains('o.merchant_name', filters.merchant),
  ],
  scope: overdueScope,
  sortable: {
    ID_: 'o.id',
    FDMC: 'o.store_code', // the store: by its code, which an index serves (docs/decisions.md)
    STORE_CODE: 'o.store_code',
    F_PPMC: 'o.brand',
    F_GYSMC: 'o.merchant_name',
    F_LC: 'o.floor',
    F_HTH: 'o.contract_no',
    F_JZRQ: 'o.cutoff_date',
    F_QKWYJHJ: 'o.total',
  },
  defaultOrder: [{ field: 'F_JZRQ', direction: 'desc' }],
  tiebreakers: ['o.id'],
  acknowledgedOnOpen: true,
  toRow: (row, context) => ({
    ID_: row.id,
    FDMC: storeName(row, context),
    STORE_CODE: row.store_code,
    F_GYSDM: row.merchant_code,
    F_PPMC: row.brand,
    F_GYSMC: row.merchant_name,
    F_LC: row.floor,
    F_HTH: row.contract_no,
    F_JZRQ: row.cutoff_date,
    F_JYQK: row.operating_arrears,
    F_JYQK_WYJ: row.operating_penalty,
    F_JKYQ_WYJ: row.late_penalty,
    F_QKWYJHJ: row.total,
    F_BZ: row.remark,
    F_SJHM: row.recon_phone,
    F_kjry: row.bookkeeper_name,
    F_CONFIRM_DATE: dateTime(row.uploaded_at, context.timeZone),
    F_CYR: row.viewed_by ?? '',
    F_CYSJ: dateTime(row.viewed_at, context.timeZone),
    ...staffViewFields(row, context.timeZone),
  }),
});
