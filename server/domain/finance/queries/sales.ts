import type { Db } from '../../../db/database';
import { storeName } from '../format';
import { defineQuery } from '../define-query';
import { contains, dateRange, equals } from '../filters';
import { always, columnEquals, never, type FinanceScope } from '../scope';

/**
 * Brand monthly sales (page xscx) with a summary over every filtered row, and the daily
 * product detail of one monthly row (the drawer).
 */
function salesScope(scope: FinanceScope, alias: string) {
  if (scope.everything) return always;
  // A merchant's own unit; the store role's extra right is on contracts only (spec section 6).
  return scope.vendorCode ? columnEquals(`${alias}.merchant_code`, scope.vendorCode) : never;
}

export const monthlySales = defineQuery({
  name: 'sales.monthly',
  filters: {
    store: { kind: 'code' },
    startDate: { kind: 'date' },
    endDate: { kind: 'date' },
    contract: { kind: 'text' },
    brand: { kind: 'text' },
  },
  from: (db: Db) =>
    db.selectFrom('brand_monthly_sales as m').innerJoin('stores as s', 's.code', 'm.store_code'),
  mainTable: ['brand_monthly_sales', 'm'],
  select: (query) =>
    query.selectAll('m').select(['s.name as store_name', 's.name_en as store_name_en']),
  where: (filters) => [
    equals('m.store_code', filters.store),
    dateRange('m.settle_date', filters.startDate, filters.endDate),
    contains('m.contract_label', filters.contract),
    contains('m.brand', filters.brand),
  ],
  scope: (scope) => salesScope(scope, 'm'),
  sortable: {
    ID: 'm.id',
    STORE_CODE: 'm.store_code',
    FDMC: 'm.store_code', // the store: by its code, which an index serves (docs/decisions.md)
    HTH: 'm.contract_label',
    NAME: 'm.brand',
    WLDW_NAME: 'm.merchant_name',
    WLDW: 'm.merchant_code',
    RQ: 'm.settle_date',
    XSSL: 'm.quantity',
    XSJE: 'm.sales_amount',
    ZKJE: 'm.discount_amount',
    YHJE: 'm.promotion_amount',
  },
  defaultOrder: [
    { field: 'RQ', direction: 'desc' },
    { field: 'STORE_CODE', direction: 'asc' },
    { field: 'HTH', direction: 'asc' },
  ],
  tiebreakers: ['m.id'],
  summary: {
    XSSL: 'm.quantity',
    XSJE: 'm.sales_amount',
    ZKJE: 'm.discount_amount',
    YHJE: 'm.promotion_amount',
  },
  toRow: (row, context) => ({
    ID: row.id,
    STORE_CODE: row.store_code,
    FDMC: storeName(row, context),
    HTH: row.contract_label,
    NAME: row.brand,
    WLDW_NAME: row.merchant_name,
    WLDW: row.merchant_code,
    RQ: row.settle_date,
    XSSL: row.quantity,
    XSJE: row.sales_amount,
    ZKJE: row.discount_amount,
    YHJE: row.promotion_amount,
  }),
});

/** The daily rows of one monthly row the caller may see; another's id answers no rows. */
export const dailySales = defineQuery({
  name: 'sales.daily',
  filters: { salesId: { kind: 'id', required: true } },
  from: (db: Db) =>
    db
      .selectFrom('product_daily_sales as d')
      .innerJoin('brand_monthly_sales as m', 'm.id', 'd.sales_id'),
  select: (query) => query.selectAll('d'),
  where: (filters) => [equals('d.sales_id', filters.salesId)],
  scope: (scope) => salesScope(scope, 'm'),
  sortable: {
    RQ: 'd.sale_date',
    NAME: 'd.product_name',
    BARCODE: 'd.barcode',
    XSSL: 'd.quantity',
    XSJE: 'd.sales_amount',
    ZKJE: 'd.discount_amount',
    YHJE: 'd.promotion_amount',
  },
  defaultOrder: [
    { field: 'RQ', direction: 'asc' },
    { field: 'NAME', direction: 'asc' },
  ],
  tiebreakers: ['d.sale_date', 'd.barcode'],
  summary: {
    XSSL: 'd.quantity',
    XSJE: 'd.sales_amount',
    ZKJE: 'd.discount_amount',
    YHJE: 'd.promotion_amount',
  },
  toRow: (row) => ({
    SALES_ID: row.sales_id,
    RQ: row.sale_date,
    NAME: row.product_name,
    BARCODE: row.barcode,
    XSSL: row.quantity,
    XSJE: row.sales_amount,
    ZKJE: row.discount_amount,
    YHJE: row.promotion_amount,
  }),
});
