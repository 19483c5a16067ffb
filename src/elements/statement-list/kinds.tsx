import type { Translate } from '../../ui/i18n';
import type { Column } from '../../ui/table/columns';
import type { FilterField } from '../../ui/finance/FilterBar';
import type { CardLayout } from '../../ui/merchant/FinanceCards';

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
// Wide enough for 9,999,999.99; a longer amount widens its column (Table), a longer header
// takes two lines.
const money = (key: string, title: string) => column(key, title, { kind: 'money', width: 100 });

/** The merchant's confirmation, in words (the data holds 1 and 0; exports write the words). */
function status(t: Translate): Column<Row> {
  return column('CONFIRM', t('finance:columns.confirmed'), {
    width: 96,
    codes: { '1': t('finance:values.confirmed'), '0': t('finance:values.unconfirmed') },
  });
}

/** Who confirmed and when, and for staff who of them looked (issue 36, part 4). */
function confirmation(t: Translate, staff: boolean): Column<Row>[] {
  return [
    column('CONFIRM_DATE', t('finance:columns.confirmedAt'), { width: 160, whole: true }),
    column('CONFIRM_BY', t('finance:columns.confirmedBy'), { width: 100, whole: true }),
    ...(staff
      ? [
          column('STAFF_VIEWED_BY', t('finance:columns.staffViewedBy'), { width: 110 }),
          column('STAFF_VIEWED_AT', t('finance:columns.staffViewedAt'), {
            width: 160,
            whole: true,
          }),
        ]
      : []),
  ];
}

/**
 * The columns of each kind (spec section 3 fields). Order is what a reader needs first: the
 * month and store that say which statement it is, then every amount and the confirmation,
 * then the rest. On a 1366 px laptop the amounts and the status are in view without
 * scrolling sideways; names give way (issue 36, part 1).
 */
export function kindColumns(kind: StatementKind, t: Translate, staff = false): Column<Row>[] {
  const month = column(kind === 'fkqkd' ? 'YEARMONTH' : 'NY', t('finance:columns.month'), {
    width: 80,
  });
  const store = column('FDMC', t('finance:columns.store'), { width: 130 });
  const contract = column('HTH', t('finance:columns.contract'), { width: 150, whole: true });
  const merchant = column('SHMC', t('finance:columns.merchant'), { width: 200 });
  switch (kind) {
    case 'lyfyjsd':
      return [
        month,
        store,
        contract,
        column('PP', t('finance:columns.brand'), { width: 110 }),
        money('YSXSE', t('finance:columns.sales')),
        money('KPJE', t('finance:columns.invoiceAmount')),
        money('FYHJ', t('finance:columns.feeTotal')),
        money('YSXJ', t('finance:columns.cashDue')),
        status(t),
        merchant,
        ...confirmation(t, staff),
      ];
    case 'yjfytzd':
      return [
        month,
        store,
        contract,
        money('BDZJ', t('finance:columns.minimumRent')),
        money('WYGLF', t('finance:columns.propertyFee')),
        money('XCTGF', t('finance:columns.promotionFee')),
        money('KKHJ', t('finance:columns.deductionTotal')),
        status(t),
        column('JYPP', t('finance:columns.businessBrand'), { width: 110 }),
        column('JZMJ', t('finance:columns.area'), { kind: 'number', width: 90 }),
        merchant,
        ...confirmation(t, staff),
      ];
    case 'zlfymxd':
      return [
        month,
        store,
        contract,
        money('ZJHJ', t('finance:columns.feeTotal')),
        money('YSXJ', t('finance:columns.cashDue')),
        money('WYGLF', t('finance:columns.propertyFee')),
        money('TGF', t('finance:columns.marketingFee')),
        money('SF', t('finance:columns.waterFee')),
        money('DF', t('finance:columns.electricityFee')),
        status(t),
        column('PP', t('finance:columns.brand'), { width: 110 }),
        merchant,
        ...confirmation(t, staff),
      ];
    case 'fkqkd':
      return [
        month,
        column('JLBH', t('finance:columns.recordNo'), { width: 140, whole: true }),
        store,
        money('JSJE', t('finance:columns.settlementAmount')),
        money('KKJE', t('finance:columns.deductionAmount')),
        money('FKJE', t('finance:columns.paymentAmount')),
        column('HSFS', t('finance:columns.accountingMode'), {
          width: 90,
          codes: { 联营: t('finance:modes.joint'), 租赁: t('finance:modes.lease') },
        }),
        contract,
        column('PP', t('finance:columns.brand'), { width: 110 }),
        column('WLDW_NAME', t('finance:columns.supplier'), { width: 200 }),
      ];
  }
}

/**
 * What a phone's card leads with (issue 36, part 2): the month and the store, the amount the
 * merchant owes or is paid, and whether it is confirmed; the rest opens on tap.
 */
export const cardLayouts: Record<StatementKind, CardLayout> = {
  lyfyjsd: { lead: 'NY', sub: ['FDMC', 'PP'], amount: 'YSXJ', status: 'CONFIRM' },
  yjfytzd: { lead: 'NY', sub: ['FDMC', 'JYPP'], amount: 'KKHJ', status: 'CONFIRM' },
  zlfymxd: { lead: 'NY', sub: ['FDMC', 'PP'], amount: 'YSXJ', status: 'CONFIRM' },
  fkqkd: { lead: 'YEARMONTH', sub: ['FDMC', 'PP'], amount: 'FKJE', status: 'HSFS' },
};

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
