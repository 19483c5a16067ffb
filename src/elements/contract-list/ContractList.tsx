import { useCallback, useMemo, useState } from 'react';
import type { QueryAnswer } from '../../core/api/finance';
import { $config } from '../../core/config';
import { contractWindow, formatDate } from '../../core/dates';
import { Button } from '../../ui/Button';
import { useEmit } from '../../ui/element/context';
import { FinanceList } from '../../ui/finance/FinanceList';
import { openInNewWindow } from '../../ui/finance/windows';
import { answerText, useT } from '../../ui/i18n';
import type { Column } from '../../ui/table/columns';
import { useWindowHeight } from '../../ui/useWindowHeight';

type Row = Record<string, unknown>;

/** The contract form of the statement area (spec: dyzl template, add / edit / get). */
function formUrl(mode: 'add' | 'edit' | 'get', id?: string): string {
  const base = `${$config.get().frontBase}/statement/template/form/dyzl/${mode}/true`;
  const query = new URLSearchParams({
    ...(id ? { id } : {}),
    startFlow: 'false',
    isNewPage: 'true',
  });
  return `${base}?${query.toString()}`;
}

export function ContractList({
  contract,
  tableHeight,
}: {
  contract?: string;
  tableHeight?: number;
}) {
  const t = useT();
  const emit = useEmit();
  const windowHeight = useWindowHeight(136);
  // Whether the caller may add and edit comes from the server with the rows.
  const [canEdit, setCanEdit] = useState(false);
  const defaults = useMemo(() => {
    const window = contractWindow();
    return {
      store: '',
      startMonth: window.startMonth,
      endMonth: window.endMonth,
      contract: contract ?? '',
      merchant: '',
      brand: '',
    };
  }, [contract]);

  const onAnswer = useCallback(
    (answer: QueryAnswer<Row> | null) => setCanEdit(Boolean(answer?.permissions?.canEdit)),
    [],
  );

  const open = (mode: 'add' | 'edit' | 'get', id?: string) => {
    const url = formUrl(mode, id);
    openInNewWindow(url);
    emit('atrium-form-open', { url, mode });
  };

  const columns = useMemo<Column<Row>[]>(
    () => [
      { key: 'F_MD', title: t('finance:columns.store'), width: 150 },
      { key: 'F_GYSMC', title: t('finance:columns.merchant'), width: 220 },
      {
        key: 'F_PPMC',
        title: t('finance:columns.brand'),
        width: 140,
        value: (row) => row.F_PPMC,
        render: (row) => (
          <Button
            variant="text"
            data-action="open-form"
            onClick={() => open(canEdit ? 'edit' : 'get', String(row.ID_))}
          >
            {String(row.F_PPMC ?? '')}
          </Button>
        ),
      },
      { key: 'F_HTH', title: t('finance:columns.contract'), width: 160, whole: true },
      { key: 'F_LXR', title: t('finance:columns.brandContact'), width: 110 },
      { key: 'F_LXSJH', title: t('finance:columns.contactMobile'), width: 130, whole: true },
      {
        key: 'F_DXSFFSCG',
        title: t('finance:columns.brandSms'),
        width: 130,
        value: (row) => answerText(row.F_DXSFFSCG, t),
      },
      { key: 'F_ZSRY', title: t('finance:columns.liaison'), width: 110 },
      { key: 'F_ZSRYSJH', title: t('finance:columns.liaisonMobile'), width: 130, whole: true },
      {
        key: 'F_ZSRYTZSFCG',
        title: t('finance:columns.liaisonSms'),
        width: 130,
        value: (row) => answerText(row.F_ZSRYTZSFCG, t),
      },
      {
        key: 'F_CJSJ',
        title: t('finance:columns.createdAt'),
        width: 120,
        value: (row) => formatDate(row.F_CJSJ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit],
  );

  return (
    <FinanceList<Row>
      query="contract.list"
      title={t('finance:titles.contracts')}
      fields={[
        { name: 'store', label: t('finance:filters.store'), kind: 'store' },
        { name: 'startMonth', label: t('finance:filters.startMonth'), kind: 'month' },
        { name: 'endMonth', label: t('finance:filters.endMonth'), kind: 'month' },
        { name: 'contract', label: t('finance:filters.contract'), kind: 'text' },
        { name: 'merchant', label: t('finance:filters.merchant'), kind: 'text' },
        { name: 'brand', label: t('finance:filters.brand'), kind: 'text' },
      ]}
      defaults={defaults}
      columns={columns}
      rowKey={(row, index) => String(row.ID_ ?? index)}
      exportName={t('finance:titles.contracts')}
      height={tableHeight ?? windowHeight}
      onAnswer={onAnswer}
      actions={({ answer }) =>
        answer?.permissions?.canAdd ? (
          <Button variant="primary" onClick={() => open('add')} data-action="add">
            {t('finance:actions.add')}
          </Button>
        ) : null
      }
    />
  );
}
