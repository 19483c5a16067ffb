import { css } from '@emotion/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { QueryAnswer } from '../../core/api/finance';
import { Button } from '../Button';
import { useT } from '../i18n';
import { Table } from '../table/Table';
import type { Column } from '../table/columns';
import { exportCsv, exportXlsx } from '../table/export';
import { vars } from '../theme';
import { FilterBar, type FilterField, type FilterValues } from './FilterBar';
import { useNamedQuery } from './useNamedQuery';

export interface FinanceListProps<Row> {
  /** Name of the server's named query. */
  query: string;
  title: string;
  fields: FilterField[];
  defaults: FilterValues;
  columns: Column<Row>[];
  rowKey: (row: Row, index: number) => string;
  /** File name of exports, without extension. */
  exportName: string;
  height: number;
  summaryLabel?: string;
  /** Told about each new answer (for what comes with the rows, such as permissions). */
  onAnswer?: (answer: QueryAnswer<Row> | null) => void;
  /** Buttons next to the exports; they get the current answer and applied filters. */
  actions?: (context: {
    answer: QueryAnswer<Row> | null;
    rows: readonly Row[];
    filters: FilterValues;
  }) => ReactNode;
}

const toolbar = css`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 10px;
  h2 {
    font-size: 16px;
    margin: 0 auto 0 0;
  }
  .count {
    color: ${vars.textMuted};
    font-size: 13px;
  }
`;

/** A finance list: filters, toolbar with exports, and the virtualised table. */
export function FinanceList<Row>(props: FinanceListProps<Row>) {
  const t = useT();
  const [draft, setDraft] = useState<FilterValues>(props.defaults);
  const [applied, setApplied] = useState<FilterValues>(props.defaults);
  const { answer, rows, loading } = useNamedQuery<Row>(props.query, applied);
  // Exports follow the order on screen; a new answer starts from the server's order again.
  const [ordering, setOrdering] = useState<{
    source: readonly Row[];
    sorted: readonly Row[];
  } | null>(null);
  const shown = ordering && ordering.source === rows ? ordering.sorted : rows;
  const { onAnswer } = props;
  useEffect(() => onAnswer?.(answer), [answer, onAnswer]);

  const exportRequest = () => ({
    fileName: props.exportName,
    sheetName: props.title.slice(0, 31),
    columns: props.columns,
    rows: shown,
    filters: props.fields.map(
      (field) => [field.label, applied[field.name] ?? ''] as [string, string],
    ),
    filtersSheet: t('common:table.filtersSheet'),
    summary: answer?.summary,
    summaryLabel: props.summaryLabel ?? t('common:table.total'),
  });

  return (
    <section>
      <FilterBar
        fields={props.fields}
        values={draft}
        onChange={setDraft}
        onSubmit={() => setApplied({ ...draft })}
        onReset={() => {
          setDraft(props.defaults);
          setApplied({ ...props.defaults });
        }}
      />
      <div css={toolbar} part="toolbar">
        <h2>{props.title}</h2>
        <span className="count" data-count={answer?.total ?? 0}>
          {t('common:table.count', { count: answer?.total ?? 0 })}
        </span>
        {props.actions?.({ answer, rows: shown, filters: applied })}
        <Button
          onClick={() => void exportXlsx(exportRequest())}
          disabled={!rows.length}
          data-action="export-xlsx"
        >
          {t('common:table.exportXlsx')}
        </Button>
        <Button
          onClick={() => exportCsv(exportRequest())}
          disabled={!rows.length}
          data-action="export-csv"
        >
          {t('common:table.exportCsv')}
        </Button>
      </div>
      <Table
        columns={props.columns}
        rows={rows}
        rowKey={props.rowKey}
        height={props.height}
        summary={answer?.summary}
        summaryLabel={props.summaryLabel}
        loading={loading}
        onSortChange={(_sort, sorted) => setOrdering({ source: rows, sorted })}
      />
    </section>
  );
}
