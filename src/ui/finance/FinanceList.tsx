import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { runQuery, type QueryAnswer } from '../../core/api/finance';
import { rangeOf } from '../../core/list-window';
import { $session } from '../../core/session';
import { buttonHeight } from '../Button';
import { useT } from '../i18n';
import { Table, type CardViewProps } from '../table/Table';
import type { Column } from '../table/columns';
import type { SortState } from '../table/sort';
import { useListWindow } from '../table/useListWindow';
import { vars } from '../theme';
import { ExportButtons } from './ExportButtons';
import { FilterBar, reversedRange, type FilterField, type FilterValues } from './FilterBar';
import { useMethod, useMethodsKnown } from '../useMethod';

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
  /** Told about the first page's answer (for what comes with it, such as permissions). */
  onAnswer?: (answer: QueryAnswer<Row> | null) => void;
  /** Buttons next to the exports; they get the first answer, the total and the filters. */
  actions?: (context: {
    answer: QueryAnswer<Row> | null;
    total: number;
    filters: FilterValues;
  }) => ReactNode;
  /** A list's own cards on a phone (Table's cardView). */
  cardView?: (props: CardViewProps<Row>) => ReactNode;
  /** Frames the filter form (on a phone: behind a button), given the filters in force. */
  filterFrame?: (form: ReactNode, applied: FilterValues, error: string | null) => ReactNode;
  /** A change asks the server again, keeping the filters (a notice was just confirmed). */
  refreshKey?: number;
}

// The print and export buttons come after the first answer and the user's rights: their
// row is kept from the first paint, or the table would move down when they arrive.
const toolbar = css`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 8px;
  min-height: ${buttonHeight}px;
  margin-bottom: 10px;
  h2 {
    font-size: 16px;
    margin: 0;
  }
  /* The count follows the title and the buttons keep to the right: buttons that arrive
     later (rights, exports) move nothing already drawn. On a narrow list they take a line
     of their own from the start: sharing the title's line, they wrapped under it when the
     count's text grew from 加载中 to the rows it shows. */
  container-type: inline-size;
  .tools {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .tools:empty {
    display: none;
  }
  @container (max-width: 640px) {
    .tools {
      flex-basis: 100%;
    }
  }
  .exports {
    display: contents;
  }
  .exports[data-pending] {
    visibility: hidden;
  }
  .count {
    margin-right: auto;
    color: ${vars.textMuted};
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
`;

const pageSize = 100;

/**
 * A finance list: filters, toolbar with exports, and the table, which asks the server for
 * the pages in view as the user scrolls (sort and filters are the server's).
 */
export function FinanceList<Row>(props: FinanceListProps<Row>) {
  const mayExport = useMethod('finance:export');
  const rightsKnown = useMethodsKnown();
  const t = useT();
  const [draft, setDraft] = useState<FilterValues>(props.defaults);
  const [applied, setApplied] = useState<FilterValues>(props.defaults);
  // Each search asks again, even with the same filters: the data may have changed.
  const [searches, setSearches] = useState(0);
  const [sort, setSort] = useState<SortState | null>(null);
  const [filterError, setFilterError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<QueryAnswer<Row> | null>(null);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  // Signing in or out on the same page (an embedding page's login box) starts again.
  const account = useStore($session)?.account ?? null;
  const descriptor = {
    query: props.query,
    filters: applied,
    ...(sort ? { sort: [{ field: sort.key, direction: sort.direction }] } : {}),
  };
  const key = JSON.stringify([descriptor, account, searches]);
  const { window, state, renewing } = useListWindow<Row>(
    key,
    () => ({
      pageSize,
      fetchPage: async (request, signal) => {
        const { page, pageSize: size, ...rest } = request;
        const found = await runQuery<Row>(
          { ...descriptor, ...rest, page: { page, pageSize: size } },
          signal,
        );
        if (request.count === 'estimate') setAnswer(found);
        // A long list's sums come with its exact count, asked for after the first page.
        if (request.count === 'exact' && found.summary) {
          const summary = found.summary;
          setAnswer((first) => (first ? { ...first, summary } : first));
        }
        return {
          rows: found.result,
          total: found.total,
          ...(found.estimated ? { estimated: true } : {}),
          ...(found.next ? { next: found.next } : {}),
        };
      },
    }),
    props.refreshKey,
  );
  const { onAnswer } = props;
  useEffect(() => onAnswer?.(answer), [answer, onAnswer]);
  const windowRef = useRef(window);
  windowRef.current = window;
  const onRange = useCallback((first: number, last: number) => {
    setRange([first, last]);
    windowRef.current?.show(first, last);
  }, []);
  // The rows in view go to a new list as soon as it exists.
  useEffect(() => window?.show(range[0], range[1]), [window]); // eslint-disable-line react-hooks/exhaustive-deps

  const total = state.total ?? 0;
  const [from, to] = rangeOf(range[0], range[1], total);
  // While a new answer is on its way the old count is not the answer: say it is loading.
  // A list that could not load has no count to give (the table says what went wrong).
  const countText = renewing
    ? t('common:states.loading')
    : state.error
      ? ''
      : t(state.estimated ? 'common:table.rangeEstimated' : 'common:table.range', {
          from: from.toLocaleString('en-US'),
          to: to.toLocaleString('en-US'),
          count: total,
          total: total.toLocaleString('en-US'),
        });

  const filters = (
    <FilterBar
      fields={props.fields}
      values={draft}
      error={filterError}
      onChange={(values) => {
        setDraft(values);
        setFilterError(null);
      }}
      onSubmit={() => {
        // A reversed range is said, not silently run (it would find nothing).
        const reversed = reversedRange(props.fields, draft, t);
        setFilterError(reversed);
        if (reversed) return;
        setApplied({ ...draft });
        setSearches((count) => count + 1);
      }}
      onReset={() => {
        // Reset means the list as it first opened: its filters and its order.
        setDraft(props.defaults);
        setApplied({ ...props.defaults });
        setSort(null);
        setFilterError(null);
        setSearches((count) => count + 1);
      }}
    />
  );
  // Short lists take the height of their rows (the sideways scroll bar right under them, in
  // the first screen); long ones the spec's height (window − 136).
  const height = Math.min(
    props.height,
    42 + Math.max(3, total) * 36 + (answer?.summary ? 40 : 0) + 16,
  );

  return (
    <section>
      {props.filterFrame ? props.filterFrame(filters, applied, filterError) : filters}
      <div css={toolbar} part="toolbar">
        <h2>{props.title}</h2>
        <span
          className="count"
          data-count={renewing ? undefined : total}
          data-loading={renewing || undefined}
          data-estimated={state.estimated || undefined}
          data-from={from}
          data-to={to}
          aria-live="polite"
        >
          {countText}
        </span>
        <span className="tools">
          {props.actions?.({ answer, total, filters: applied })}
          {(mayExport || !rightsKnown) && (
            // Until the user's rights are known the buttons keep their room, unseen (hidden
            // from the pointer, the keyboard and screen readers alike): on a phone they take a
            // line of their own, and arriving later they pushed the rows down by it.
            <span className="exports" data-pending={mayExport ? undefined : ''}>
              <ExportButtons
                descriptor={descriptor}
                title={props.exportName}
                columns={props.columns}
                disabled={total === 0}
              />
            </span>
          )}
        </span>
      </div>
      <Table
        columns={props.columns}
        source={{
          count: total,
          row: (index) => window?.row(index),
          onRange,
          sort,
          sortable: answer?.sortable ?? [],
        }}
        rowKey={props.rowKey}
        height={height}
        cardView={props.cardView}
        scrollHint={{
          text: t('finance:table.moreColumns'),
          left: t('finance:table.scrollLeft'),
          right: t('finance:table.scrollRight'),
        }}
        summary={answer?.summary}
        summaryLabel={props.summaryLabel}
        loading={renewing}
        onSortChange={(next) => setSort(next)}
        failure={
          state.error
            ? { error: state.error, onRetry: () => setSearches((count) => count + 1) }
            : undefined
        }
      />
    </section>
  );
}
