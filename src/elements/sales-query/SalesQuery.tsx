import { useMemo, useState } from 'react';
import { formatDate, salesWindow } from '../../core/dates';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { useEmit } from '../../ui/element/context';
import { FinanceList } from '../../ui/finance/FinanceList';
import type { FilterField } from '../../ui/finance/FilterBar';
import { FinanceCards, type CardLayout } from '../../ui/merchant/FinanceCards';
import { PhoneFilters } from '../../ui/merchant/PhoneFilters';
import { actionsWidth } from '../../ui/merchant/actions-width';
import { useNamedQuery } from '../../ui/finance/useNamedQuery';
import { useT } from '../../ui/i18n';
import { Table } from '../../ui/table/Table';
import type { Column } from '../../ui/table/columns';
import { useWindowHeight } from '../../ui/useWindowHeight';

type Row = Record<string, unknown>;

/** A phone's card: the month-end date, store and brand, and the month's sales. */
const cardLayout: CardLayout = { lead: 'RQ', sub: ['FDMC', 'NAME'], amount: 'XSJE' };

function DailyDetail({ salesId }: { salesId: string }) {
  const t = useT();
  const filters = useMemo(() => ({ salesId }), [salesId]);
  const { rows, loading } = useNamedQuery<Row>('sales.daily', filters);
  const height = useWindowHeight(120);
  // The amounts before the barcode: in the spec's 50 % drawer (683 px on a laptop) the
  // quantity and the three amounts are in view and whole; the product name gives way, the
  // barcode is to the side (issue 36, part 1).
  const columns: Column<Row>[] = [
    { key: 'RQ', title: t('finance:columns.day'), kind: 'date', width: 104 },
    { key: 'NAME', title: t('finance:columns.product'), width: 180 },
    { key: 'XSSL', title: t('finance:columns.quantity'), kind: 'number', width: 80 },
    { key: 'XSJE', title: t('finance:columns.salesAmount'), kind: 'money', width: 100 },
    { key: 'ZKJE', title: t('finance:columns.discountAmount'), kind: 'money', width: 100 },
    { key: 'YHJE', title: t('finance:columns.promotionAmount'), kind: 'money', width: 100 },
    { key: 'BARCODE', title: t('finance:columns.barcode'), width: 140, whole: true },
  ];
  return (
    <Table
      columns={columns}
      rows={rows}
      rowKey={(_row, index) => String(index)}
      height={height}
      loading={loading}
    />
  );
}

export function SalesQuery({ tableHeight }: { tableHeight?: number }) {
  const t = useT();
  const emit = useEmit();
  const windowHeight = useWindowHeight(136);
  const [opened, setOpened] = useState<Row | null>(null);
  const defaults = useMemo(() => {
    const window = salesWindow();
    return { store: '', startDate: window.start, endDate: window.end, contract: '', brand: '' };
  }, []);

  const fields = useMemo<FilterField[]>(
    () => [
      { name: 'store', label: t('finance:filters.store'), kind: 'store' },
      { name: 'startDate', label: t('finance:filters.startDate'), kind: 'date' },
      { name: 'endDate', label: t('finance:filters.endDate'), kind: 'date' },
      { name: 'contract', label: t('finance:filters.contract'), kind: 'text' },
      { name: 'brand', label: t('finance:filters.brand'), kind: 'text' },
    ],
    [t],
  );

  const columns = useMemo<Column<Row>[]>(
    () => [
      { key: 'index', title: t('finance:columns.index'), kind: 'index', width: 64 },
      { key: 'FDMC', title: t('finance:columns.store'), width: 150 },
      { key: 'HTH', title: t('finance:columns.contract'), width: 160, whole: true },
      { key: 'NAME', title: t('finance:columns.brand'), width: 130 },
      { key: 'WLDW_NAME', title: t('finance:columns.merchant'), width: 220 },
      { key: 'RQ', title: t('finance:columns.settlementDate'), kind: 'date', width: 110 },
      { key: 'XSSL', title: t('finance:columns.quantity'), kind: 'number', width: 100 },
      { key: 'XSJE', title: t('finance:columns.salesAmount'), kind: 'money', width: 130 },
      { key: 'ZKJE', title: t('finance:columns.discountAmount'), kind: 'money', width: 120 },
      { key: 'YHJE', title: t('finance:columns.promotionAmount'), kind: 'money', width: 120 },
      {
        key: 'actions',
        title: t('finance:columns.actions'),
        width: actionsWidth([t('finance:actions.detail')]),
        render: (row) => (
          <Button
            variant="text"
            data-action="detail"
            onClick={() => {
              setOpened(row);
              emit('atrium-row-open', {
                id: String(row.ID),
                contract: String(row.HTH),
                brand: String(row.NAME),
              });
            }}
          >
            {t('finance:actions.detail')}
          </Button>
        ),
      },
    ],
    [t, emit],
  );

  return (
    <>
      <FinanceList<Row>
        query="sales.monthly"
        title={t('finance:titles.sales')}
        fields={fields}
        defaults={defaults}
        columns={columns}
        rowKey={(row, index) => String(row.ID ?? index)}
        exportName={t('finance:titles.sales')}
        height={tableHeight ?? windowHeight}
        cardView={(props) => <FinanceCards layout={cardLayout} {...props} />}
        filterFrame={(form, applied, error) => (
          <PhoneFilters fields={fields} applied={applied} form={form} error={error} />
        )}
      />
      <Drawer
        open={opened !== null}
        // Which brand and month the detail is of.
        title={
          opened
            ? t('finance:titles.salesDailyOf', {
                brand: String(opened.NAME ?? ''),
                contract: String(opened.HTH ?? ''),
                date: formatDate(opened.RQ),
              })
            : t('finance:titles.salesDaily')
        }
        onClose={() => setOpened(null)}
        width="50%"
      >
        {opened && <DailyDetail salesId={String(opened.ID)} />}
      </Drawer>
    </>
  );
}
