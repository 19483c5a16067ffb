import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type UIEvent,
} from 'react';
import { Empty, LoadFailed, Loading, type LoadFailure } from '../Status';
import { useT } from '../i18n';
import { Cards } from './Cards';
import {
  cellText,
  columnWidth,
  fitWidths,
  givesWay,
  isNumeric,
  isSortable,
  pinsOf,
  type Column,
} from './columns';
import { nextSort, sortRows, type SortState } from './sort';
import { overlay, pinned, scroller, sideways, table } from './styles';
import { cardsBelow as defaultCardsBelow, useWidth } from './useNarrow';
import { useVirtualRange } from './useVirtualRange';

/**
 * Rows the server pages (src/core/list-window.ts): the table asks for the rows in view and
 * draws a placeholder row for any that has not arrived. Sorting is the server's.
 */
export interface RowSource<Row> {
  count: number;
  row(index: number): Row | undefined;
  /** The rows from `first` to `last` (inclusive) are in view. */
  onRange(first: number, last: number): void;
  /** The server's sort, controlled by the owner; only these fields sort. */
  sort: SortState | null;
  sortable: readonly string[];
}

/** What a list's own card view gets in place of the default cards (a narrow box). */
export interface CardViewProps<Row> {
  columns: Column<Row>[];
  count: number;
  rowAt: (index: number) => Row | undefined;
  rowKey: (row: Row, index: number) => string;
  onRange?: ((first: number, last: number) => void) | undefined;
  summary?: Record<string, unknown> | undefined;
  summaryLabel?: string | undefined;
  /** The loading, empty or failed state, to show over the cards. */
  overlay: ReactNode;
}

export interface TableProps<Row> {
  columns: Column<Row>[];
  /** The rows, all here (sorted in the browser); or `source` for a paged list. */
  rows?: readonly Row[];
  source?: RowSource<Row>;
  rowKey: (row: Row, index: number) => string;
  /** Height of the scrolling area in px. */
  height: number;
  /** Totals shown in a row that stays at the bottom; keys are column keys. */
  summary?: Record<string, unknown> | undefined;
  summaryLabel?: string;
  empty?: ReactNode;
  rowHeight?: number;
  /** Rows drawn above and below the visible window, so fast scrolling shows no gaps. */
  overscan?: number;
  onSortChange?: (sort: SortState | null, sorted: readonly Row[]) => void;
  /**
   * A new answer is on its way: the spinner shows over the rows (veiling them) or, with no
   * rows yet, in their place. A paged list passes this only while its rows are renewed,
   * not while the pages of a scroll arrive (those rows show placeholders).
   */
  loading?: boolean;
  /** Rows as cards when the table is narrower than this (px); 0 never. */
  cardsBelow?: number;
  /**
   * The rows could not be loaded: in place of "No data", what went wrong and a Retry
   * (an empty list after a dropped connection read as "you have no statements").
   */
  failure?: LoadFailure | undefined;
  /**
   * Said above the table, with arrows that scroll it, when its columns are wider than its
   * box: so a reader sees at once that more columns are to the side (issue 36).
   */
  scrollHint?: { text: string; left: string; right: string };
  /** A list's own cards for a narrow box (the merchant's statements, issue 36). */
  cardView?: (props: CardViewProps<Row>) => ReactNode;
}

/**
 * A table that draws only the rows in view (10,000 rows scroll like 50), with a sticky header,
 * a sticky summary row, sortable columns, and empty and loading states. Amounts are
 * right-aligned with thousands separators.
 */
export function Table<Row>({
  columns,
  rows = [],
  source,
  rowKey,
  height,
  summary,
  summaryLabel,
  loading = false,
  empty,
  rowHeight = 36,
  overscan = 8,
  onSortChange,
  cardsBelow = defaultCardsBelow,
  failure,
  scrollHint,
  cardView,
}: TableProps<Row>) {
  const t = useT();
  const [localSort, setSort] = useState<SortState | null>(null);
  const sort = source ? source.sort : localSort;
  const [scrollTop, setScrollTop] = useState(0);
  const sorted = useMemo(
    () => (source ? [] : sortRows(rows, columns, localSort)),
    [source, rows, columns, localSort],
  );
  const count = source ? source.count : sorted.length;
  const rowAt = (index: number) => (source ? source.row(index) : sorted[index]);

  const [node, setNode] = useState<HTMLElement | null>(null);
  const boxWidth = useWidth(node);
  const narrow = boxWidth > 0 && boxWidth < cardsBelow;
  const bodyHeight = Math.max(0, height - 40 - (summary ? 40 : 0));
  const { first, last } = useVirtualRange({
    count,
    itemHeight: rowHeight,
    viewport: bodyHeight,
    scrollTop: narrow ? 0 : scrollTop,
    overscan,
    onRange: narrow ? undefined : source?.onRange,
  });
  const visible = Array.from({ length: Math.max(0, last - first) }, (_, offset) =>
    rowAt(first + offset),
  );
  // Rendering follows every scroll: measure the headers once per set of columns. Amounts a
  // column cannot hold widen it (grown), text columns give way to fit the box.
  const natural = useMemo(() => columns.map(columnWidth), [columns]);
  const [grown, setGrown] = useState<Record<string, number>>({});
  const widths = useMemo(() => {
    const floors = columns.map((column) => grown[column.key] ?? 0);
    const wanted = natural.map((each, index) => Math.max(each, floors[index]!));
    return fitWidths(columns, wanted, boxWidth, floors);
  }, [columns, natural, grown, boxWidth]);
  const width = widths.reduce((total, each) => total + each, 0);
  const tableRef = useRef<HTMLTableElement>(null);
  // A number is never cut: a cell whose amount (or header, or buttons) is wider than its
  // column widens the column.
  useLayoutEffect(() => {
    const needed: Record<string, number> = {};
    const cells = 'td.num, th, td[data-column=actions]';
    tableRef.current?.querySelectorAll<HTMLElement>(cells).forEach((cell) => {
      const key = cell.dataset.column!;
      const over = cell.scrollWidth - cell.clientWidth;
      if (over > 0) needed[key] = Math.max(needed[key] ?? 0, cell.offsetWidth + over + 4);
    });
    // Only growth changes anything, so this settles after one more drawing at most.
    const growth = Object.entries(needed).filter(([key, width]) => width > (grown[key] ?? 0));
    if (growth.length > 0) setGrown((before) => ({ ...before, ...Object.fromEntries(growth) }));
  }, [first, count, widths, summary, grown]);
  const overflowing = boxWidth > 0 && width > boxWidth + 1;
  const pins = useMemo(() => pinsOf(columns, widths), [columns, widths]);
  const pinOf = (index: number) => {
    const pin = pins[index];
    if (!pin) return {};
    const edge =
      pin.side === 'left' ? pins[index + 1]?.side !== 'left' : pins[index - 1]?.side !== 'right';
    return {
      'data-pin': edge ? `${pin.side}-edge` : pin.side,
      style: { [pin.side]: pin.offset },
    };
  };
  const sortsHere = (column: Column<Row>) =>
    source ? source.sortable.includes(column.key) && isSortable(column) : isSortable(column);

  const applySort = (next: SortState | null) => {
    setSort(next);
    onSortChange?.(next, source ? [] : sortRows(rows, columns, next));
  };
  const changeSort = (key: string) => applySort(nextSort(sort, key));
  // Loading over rows already shown (a new filter or sort): a veil with the spinner on top
  // of them, so the old rows read as stale, not as the answer (issue 13, item 6).
  const shade = loading ? (
    <div css={overlay} data-veil={count > 0 || undefined}>
      <Loading />
    </div>
  ) : count === 0 && failure ? (
    <div css={overlay} data-failed>
      <LoadFailed {...failure} />
    </div>
  ) : (
    count === 0 && <div css={overlay}>{empty ?? <Empty />}</div>
  );

  if (narrow)
    return (
      <div ref={setNode}>
        {cardView ? (
          cardView({
            columns,
            count,
            rowAt,
            rowKey,
            onRange: source?.onRange,
            summary,
            summaryLabel,
            overlay: shade,
          })
        ) : (
          <Cards
            columns={columns}
            count={count}
            rowAt={rowAt}
            rowKey={rowKey}
            height={height}
            overscan={overscan}
            onRange={source?.onRange}
            sort={sort}
            sortable={sortsHere}
            onSort={applySort}
            summary={summary}
            summaryLabel={summaryLabel}
            overlay={shade}
          />
        )}
      </div>
    );

  const box = (
    <div
      ref={setNode}
      css={[scroller, pinned]}
      style={{ height } as CSSProperties}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
      part="table"
      data-rows={count}
    >
      <table
        ref={tableRef}
        css={table}
        style={{ width }}
        aria-rowcount={count + 1}
        aria-busy={loading || undefined}
      >
        <colgroup>
          {columns.map((column, index) => (
            <col key={column.key} style={{ width: widths[index] }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column, columnIndex) => {
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
                  {...pinOf(columnIndex)}
                >
                  {sortsHere(column) ? (
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
            if (row === undefined) {
              return (
                <tr
                  key={`pending-${index}`}
                  style={{ height: rowHeight }}
                  aria-rowindex={index + 2}
                  data-row={index}
                  data-pending=""
                >
                  <td colSpan={columns.length} className="pending" />
                </tr>
              );
            }
            return (
              <tr
                key={rowKey(row, index)}
                style={{ height: rowHeight }}
                aria-rowindex={index + 2}
                data-row={index}
              >
                {columns.map((column, columnIndex) => {
                  const text = column.render ? '' : cellText(column, row, index);
                  return (
                    <td
                      key={column.key}
                      className={isNumeric(column.kind) ? 'num' : undefined}
                      data-column={column.key}
                      // The cells that may end in "…" (names); every other cell reads whole.
                      data-gives-way={givesWay(column) || undefined}
                      // A text column fitted narrower than its text shows it whole on hover.
                      title={isNumeric(column.kind) ? undefined : text || undefined}
                      {...pinOf(columnIndex)}
                    >
                      {column.render ? column.render(row, index) : text}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {last < count && (
            <tr className="spacer" aria-hidden>
              <td colSpan={columns.length} style={{ height: (count - last) * rowHeight }} />
            </tr>
          )}
        </tbody>
        {summary && count > 0 && (
          <tfoot>
            <tr data-row="summary">
              {columns.map((column, index) => (
                <td
                  key={column.key}
                  className={isNumeric(column.kind) ? 'num' : undefined}
                  data-column={column.key}
                  {...pinOf(index)}
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
      {shade}
    </div>
  );
  const scrollBy = (direction: number) =>
    node?.scrollBy({ left: direction * node.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <>
      {/* The hint's line is kept whether or not the table is wider than its box: rows or
          a measure arriving later never push the table down (a layout shift). */}
      {scrollHint && !narrow && (
        <div css={sideways} data-scroll-hint={overflowing ? '' : undefined}>
          {overflowing && (
            <>
              <span>{scrollHint.text}</span>
              <button type="button" aria-label={scrollHint.left} onClick={() => scrollBy(-1)}>
                ◀
              </button>
              <button type="button" aria-label={scrollHint.right} onClick={() => scrollBy(1)}>
                ▶
              </button>
            </>
          )}
        </div>
      )}
      {box}
    </>
  );
}
