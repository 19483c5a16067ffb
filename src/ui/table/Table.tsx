import { useMemo, useState, type CSSProperties, type ReactNode, type UIEvent } from 'react';
import { Empty, Loading } from '../Status';
import { useT } from '../i18n';
import { cellText, columnWidth, isNumeric, isSortable, type Column } from './columns';
import { nextSort, sortRows, type SortState } from './sort';
import { overlay, scroller, table } from './styles';

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Height of the scrolling area in px. */
  height: number;
  /** Totals shown in a row that stays at the bottom; keys are column keys. */
  summary?: Record<string, unknown> | undefined;
  summaryLabel?: string;
  loading?: boolean;
  empty?: ReactNode;
  rowHeight?: number;
  /** Rows drawn above and below the visible window, so fast scrolling shows no gaps. */
  overscan?: number;
  onSortChange?: (sort: SortState | null, sorted: readonly Row[]) => void;
}

/**
 * A table that draws only the rows in view (10,000 rows scroll like 50), with a sticky header,
 * a sticky summary row, sortable columns, and empty and loading states. Amounts are
 * right-aligned with thousands separators.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  height,
  summary,
  summaryLabel,
  loading = false,
  empty,
  rowHeight = 36,
  overscan = 8,
  onSortChange,
}: TableProps<Row>) {
  const t = useT();
  const [sort, setSort] = useState<SortState | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);

  const bodyHeight = Math.max(0, height - 40 - (summary ? 40 : 0));
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(sorted.length, Math.ceil((scrollTop + bodyHeight) / rowHeight) + overscan);
  const visible = sorted.slice(first, last);
  // Rendering follows every scroll: measure the headers once per set of columns.
  const widths = useMemo(() => columns.map(columnWidth), [columns]);
  const width = widths.reduce((total, each) => total + each, 0);

  const changeSort = (key: string) => {
    const next = nextSort(sort, key);
    setSort(next);
    onSortChange?.(next, sortRows(rows, columns, next));
  };

  return (
    <div
      css={scroller}
      style={{ height } as CSSProperties}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
      part="table"
      data-rows={sorted.length}
    >
      <table
        css={table}
        style={{ width }}
        aria-rowcount={sorted.length + 1}
        aria-busy={loading || undefined}
      >
        <colgroup>
          {columns.map((column, index) => (
            <col key={column.key} style={{ width: widths[index] }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => {
              const sortedHere = sort?.key === column.key ? sort.direction : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={isNumeric(column.kind) ? 'num' : undefined}
                  aria-sort={
                    sortedHere === 'asc'
                      ? 'ascending'
                      : sortedHere === 'desc'
                        ? 'descending'
                        : undefined
                  }
                  data-column={column.key}
                >
                  {isSortable(column) ? (
                    <button type="button" onClick={() => changeSort(column.key)}>
                      {column.title}
                      <span className="sort-mark" aria-hidden>
                        {sortedHere === 'asc' ? '▲' : sortedHere === 'desc' ? '▼' : '⇅'}
                      </span>
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {first > 0 && (
            <tr className="spacer" aria-hidden>
              <td colSpan={columns.length} style={{ height: first * rowHeight }} />
            </tr>
          )}
          {visible.map((row, offset) => {
            const index = first + offset;
            return (
              <tr
                key={rowKey(row, index)}
                style={{ height: rowHeight }}
                aria-rowindex={index + 2}
                data-row={index}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={isNumeric(column.kind) ? 'num' : undefined}
                    data-column={column.key}
                  >
                    {column.render ? column.render(row, index) : cellText(column, row, index)}
                  </td>
                ))}
              </tr>
            );
          })}
          {last < sorted.length && (
            <tr className="spacer" aria-hidden>
              <td colSpan={columns.length} style={{ height: (sorted.length - last) * rowHeight }} />
            </tr>
          )}
        </tbody>
        {summary && sorted.length > 0 && (
          <tfoot>
            <tr data-row="summary">
              {columns.map((column, index) => (
                <td
                  key={column.key}
                  className={isNumeric(column.kind) ? 'num' : undefined}
                  data-column={column.key}
                >
                  {index === 0
                    ? (summaryLabel ?? t('common:table.total'))
                    : summary[column.key] === undefined
                      ? ''
                      : cellText(
                          { ...column, render: undefined, value: undefined },
                          summary as Row,
                          0,
                        )}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
      {(loading || sorted.length === 0) && (
        <div css={overlay}>{loading ? <Loading /> : (empty ?? <Empty />)}</div>
      )}
    </div>
  );
}
