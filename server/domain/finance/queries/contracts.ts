import type { Db } from '../../../db/database';
import { defineQuery } from '../define-query';
import { contains, equals, timestampMonthRange } from '../filters';
import { dateTime, storeName, yesNo } from '../format';
import { always, anyOf, columnEquals, columnIn, type FinanceScope } from '../scope';

/**
 * Contract/statement print rows (page ht). Merchants see their unit's rows and rows whose
 * contact mobile holds their vendor code (typed in by hand); the contract-management role
 * sees all, the store role its stores; those two may add and edit.
 */
function contractScope(scope: FinanceScope) {
  if (scope.everything || scope.contractManager) return always;
  return anyOf([
    scope.vendorCode ? columnEquals('p.merchant_code', scope.vendorCode) : null,
    scope.vendorCode ? columnEquals('p.contact_mobile', scope.vendorCode) : null,
    scope.storeRole ? columnIn('p.store_code', scope.storeCodes) : null,
  ]);
}

export const contractList = defineQuery({
  name: 'contract.list',
  filters: {
    store: { kind: 'code' },
    startMonth: { kind: 'month' },
    endMonth: { kind: 'month' },
    contract: { kind: 'text' },
    merchant: { kind: 'text' },
    brand: { kind: 'text' },
  },
  from: (db: Db) =>
    db.selectFrom('contract_prints as p').innerJoin('stores as s', 's.code', 'p.store_code'),
  mainTable: ['contract_prints', 'p'],
  select: (query) =>
    query.selectAll('p').select(['s.name as store_name', 's.name_en as store_name_en']),
  where: (filters, context) => [
    equals('p.store_code', filters.store),
    timestampMonthRange('p.created_at', context.timeZone, filters.startMonth, filters.endMonth),
    contains('p.contract_no', filters.contract),
    contains('p.merchant_name', filters.merchant),
    contains('p.brand', filters.brand),
  ],
  scope: contractScope,
  permissions: (scope) => {
    const may = scope.contractManager || scope.storeRole;
    return { canAdd: may, canEdit: may };
  },
  sortable: {
    ID_: 'p.id',
    F_MD: 'p.store_code', // the store: by its code, which an index serves (docs/decisions.md)
    F_MDID: 'p.store_code',
    F_GYSMC: 'p.merchant_name',
    F_PPMC: 'p.brand',
    F_HTH: 'p.contract_no',
    F_LXR: 'p.contact_name',
    F_ZSRY: 'p.liaison_name',
    F_CJSJ: 'p.created_at',
  },
  defaultOrder: [{ field: 'F_CJSJ', direction: 'desc' }],
  tiebreakers: ['p.id'],
  toRow: (row, context) => ({
    ID_: row.id,
    F_MD: storeName(row, context),
    F_MDID: row.store_code,
    F_GYSDM: row.merchant_code ?? '',
    F_GYSMC: row.merchant_name,
    F_PPMC: row.brand,
    F_HTH: row.contract_no,
    F_LXR: row.contact_name,
    F_LXSJH: row.contact_mobile,
    F_DXSFFSCG: yesNo(row.brand_sms_ok),
    F_ZSRY: row.liaison_name,
    F_ZSRYSJH: row.liaison_mobile,
    F_ZSRYTZSFCG: yesNo(row.liaison_sms_ok),
    F_CJSJ: dateTime(row.created_at, context.timeZone),
  }),
});
