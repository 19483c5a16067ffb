import { css } from '@emotion/react';
import type { ViewColumn } from '../../core/api/statement';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { Table } from '../../ui/table/Table';
import type { Column } from '../../ui/table/columns';
import { vars } from '../../ui/theme';
import { labelOf } from './ConditionForm';

type Row = Record<string, unknown>;

const pager = css`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 10px;
  color: ${vars.textMuted};
`;

/** A server-paged table of a view: columns from its definition, previous/next pages. */
export function PagedTable({
  columns,
  rows,
  total,
  page,
  pageSize,
  loading,
  onPage,
  extra,
}: {
  columns: ViewColumn[];
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  extra?: Column<Row>[];
}) {
  const t = useT();
  const language = useLanguage();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const tableColumns: Column<Row>[] = [
    ...columns.map((column) => ({
      key: column.field,
      title: labelOf(column, language),
      width: column.width ?? 140,
    })),
    ...(extra ?? []),
  ];
  return (
    <>
      <Table
        columns={tableColumns}
        rows={rows}
        rowKey={(row, index) => String(row.ID_ ?? row.id ?? index)}
        height={Math.min(560, 40 + Math.max(rows.length, 3) * 36)}
        loading={loading}
      />
      <div css={pager}>
        <span data-total={total}>{t('common:table.count', { count: total })}</span>
        <Button onClick={() => onPage(page - 1)} disabled={page <= 1} data-action="previous-page">
          {t('common:paging.previous')}
        </Button>
        <span>{t('common:paging.page', { page, total: pages })}</span>
        <Button onClick={() => onPage(page + 1)} disabled={page >= pages} data-action="next-page">
          {t('common:paging.next')}
        </Button>
      </div>
    </>
  );
}
