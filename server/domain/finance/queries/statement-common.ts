import { contains, equals, monthRange, type FilterSpecs, type FilterValues } from '../filters';

/** Filters of the four statement lists (store, month window, contract, merchant, brand). */
export const statementFilters: FilterSpecs = {
  store: { kind: 'code' },
  startMonth: { kind: 'month' },
  endMonth: { kind: 'month' },
  contract: { kind: 'text' },
  merchant: { kind: 'text' },
  brand: { kind: 'text' },
};

/** Their conditions on a statement table aliased `alias` (the shared identity columns). */
export function statementWhere(alias: string, filters: FilterValues) {
  return [
    equals(`${alias}.store_code`, filters.store),
    monthRange(`${alias}.month`, filters.startMonth, filters.endMonth),
    contains(`${alias}.contract_no`, filters.contract),
    contains(`${alias}.merchant_name`, filters.merchant),
    contains(`${alias}.brand`, filters.brand),
  ];
}

export const statementColumns = (alias: string) => ({
  merchant: `${alias}.merchant_code`,
  accountant: `${alias}.accountant_name`,
});

/** The identity fields every statement row answers with. */
export const identitySortable = (alias: string) => ({
  ID: `${alias}.id`,
  STORE_CODE: `${alias}.store_code`,
  // The store: by its code, which an index serves (docs/decisions.md).
  FDMC: `${alias}.store_code`,
  HTH: `${alias}.contract_no`,
  WLDW: `${alias}.merchant_code`,
});
