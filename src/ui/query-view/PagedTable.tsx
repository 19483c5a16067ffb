import type { ViewColumn } from '../../core/api/statement';
import { useLanguage } from '../i18n';
import { Pager } from '../Pager';
import { Table, type TableProps } from '../table/Table';
import type { Column } from '../table/columns';
import { labelOf } from './ConditionForm';

type Row = Record<string, unknown>;

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
  failure,
}: {
  columns: ViewColumn[];
  rows: Row[];
  /** Undefined until the first answer is here. */
  total: number | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  extra?: Column<Row>[];
  failure?: TableProps<Row>['failure'];
}) {
  const language = useLanguage();
  const tableColumns: Column<Row>[] = [
    ...columns.map((column) => ({
      key: column.field,
      title: labelOf(column, language),
      width: column.width ?? 140,
      ...(column.whole ? { whole: true } : {}),
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
        failure={failure}
      />
      <Pager page={page} pageSize={pageSize} total={total} loading={loading} onPage={onPage} />
    </>
  );
}
