import type { Translate } from '../../ui/i18n';
import type { Column } from '../../ui/table/columns';
import type { FilterField } from '../../ui/finance/FilterBar';

export type Row = Record<string, unknown>;
export type StatementKind = 'lyfyjsd' | 'yjfytzd' | 'zlfymxd' | 'fkqkd';
export const statementKinds: StatementKind[] = ['lyfyjsd', 'yjfytzd', 'zlfymxd', 'fkqkd'];

export function filterFields(t: Translate): FilterField[] {
  return [
    { name: 'store', label: t('finance:filters.store'), kind: 'store' },
    { name: 'startMonth', label: t('finance:filters.startMonth'), kind: 'month' },
    { name: 'endMonth', label: t('finance:filters.endMonth'), kind: 'month' },
    { name: 'contract', label: t('finance:filters.contract'), kind: 'text' },
    { name: 'merchant', label: t('finance:filters.merchant'), kind: 'text' },
    { name: 'brand', label: t('finance:filters.brand'), kind: 'text' },
  ];
}

const column = (key: string, title: string, extra: Partial<Column<Row>> = {}): Column<Row> => ({
  key,
  title,
  ...extra,
});
const money = (key: string, title: string) => column(key, title, { kind: 'money', width: 120 });

function confirmation(t: Translate): Column<Row>[] {
  return [
    column('CONFIRM', t('finance:columns.confirmed'), {
      width: 96,
      value: (row) =>
        String(row.CONFIRM) === '1'
          ? t('finance:values.confirmed')
          : t('finance:values.unconfirmed'),
    }),
    column('CONFIRM_DATE', t('finance:columns.confirmedAt'), { width: 170 }),
    column('CONFIRM_BY', t('finance:columns.confirmedBy'), { width: 110 }),
  ];
}

/** The columns of each kind (spec section 3 fields, the most useful first). */
export function kindColumns(kind: StatementKind, t: Translate): Column<Row>[] {
  const identity = [
    column('FDMC', t('finance:columns.store'), { width: 150 }),
    column('NY', t('finance:columns.month'), { width: 90 }),
    column('HTH', t('finance:columns.contract'), { width: 150 }),
    column('SHMC', t('finance:columns.merchant'), { width: 220 }),
  ];
  switch (kind) {
    case 'lyfyjsd':
      return [
        ...identity,
        column('PP', t('finance:columns.brand'), { width: 120 }),
        money('YSXSE', t('finance:columns.sales')),
        money('KPJE', t('finance:columns.invoiceAmount')),
        money('FYHJ', t('finance:columns.feeTotal')),
        money('YSXJ', t('finance:columns.cashDue')),
        ...confirmation(t),
      ];
    case 'yjfytzd':
      return [
        ...identity,
        column('JYPP', t('finance:columns.businessBrand'), { width: 120 }),
        column('JZMJ', t('finance:columns.area'), { kind: 'number', width: 100 }),
        money('BDZJ', t('finance:columns.minimumRent')),
        money('WYGLF', t('finance:columns.propertyFee')),
        money('XCTGF', t('finance:columns.promotionFee')),
        money('KKHJ', t('finance:columns.deductionTotal')),
        ...confirmation(t),
      ];
    case 'zlfymxd':
      return [
        ...identity,
        column('PP', t('finance:columns.brand'), { width: 120 }),
        money('WYGLF', t('finance:columns.propertyFee')),
        money('TGF', t('finance:columns.marketingFee')),
        money('SF', t('finance:columns.waterFee')),
        money('DF', t('finance:columns.electricityFee')),
        money('ZJHJ', t('finance:columns.feeTotal')),
        money('YSXJ', t('finance:columns.cashDue')),
        ...confirmation(t),
      ];
    case 'fkqkd':
      return [
        column('JLBH', t('finance:columns.recordNo'), { width: 150 }),
        column('FDMC', t('finance:columns.store'), { width: 150 }),
        column('YEARMONTH', t('finance:columns.month'), { width: 90 }),
        column('HTH', t('finance:columns.contract'), { width: 150 }),
        column('WLDW_NAME', t('finance:columns.supplier'), { width: 220 }),
        column('PP', t('finance:columns.brand'), { width: 120 }),
        column('HSFS', t('finance:columns.accountingMode'), { width: 100 }),
        money('JSJE', t('finance:columns.settlementAmount')),
        money('KKJE', t('finance:columns.deductionAmount')),
        money('FKJE', t('finance:columns.paymentAmount')),
      ];
  }
}

/** Where a row prints (spec: print pages table). */
export function printTarget(
  kind: StatementKind,
  row: Row,
): { route: string; params: Record<string, string> } {
  const text = (key: string) => String(row[key] ?? '');
  switch (kind) {
    case 'lyfyjsd':
      return { route: 'print_lyfyjsd', params: { DJBH: text('HTH'), NY: text('NY') } };
    case 'yjfytzd':
      return { route: 'print_yjftzd', params: { DJBH: text('HTH'), NY: text('NY') } };
    case 'zlfymxd':
      return { route: 'print_zlfymxd', params: { HTH: text('HTH'), NY: text('NY') } };
    case 'fkqkd':
      return { route: 'print_fkqkd', params: { JLBH: text('JLBH'), HSFS: text('HSFS') } };
  }
}

/** The batch print view of each fee-notice kind (the payment requests print one by one). */
export const batchKind = { lyfyjsd: 'lyfyjsd', yjfytzd: 'yjftzd', zlfymxd: 'zlfymxd' } as const;
