import { css } from '@emotion/react';
import { useMemo, useState } from 'react';
import {
  getChartData,
  type ChartQuery,
  type ChartRow,
  type ChartSorter,
  type CustomChart,
} from './api';
import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { Pager } from '../../ui/Pager';
import { Table } from '../../ui/table/Table';
import type { Column } from '../../ui/table/columns';
import type { SortState } from '../../ui/table/sort';
import { controlStyle } from '../../ui/Field';
import { useAsync } from '../../ui/useAsync';

/** The chart data pager (section 9): default 10, options 10/20/50/100. */
export const chartPageSizes = [10, 20, 50, 100] as const;

const footer = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 8px;
  select {
    width: auto;
    height: 30px;
  }
`;

/** The data tab: the chart's rows in a table, a page at a time. */
export function DataTab({
  chart,
  querys,
  height,
}: {
  chart: CustomChart;
  querys: ChartQuery[];
  height: number;
}) {
  const t = useT();
  // A new query starts at its first page: the page belongs to the conditions it was turned
  // for (a filter that leaves one page showed page 3 of it, empty).
  const [turned, setTurned] = useState({ querys, page: 1 });
  const page = turned.querys === querys ? turned.page : 1;
  const setPage = (next: number) => setTurned({ querys, page: next });
  const [pageSize, setPageSize] = useState<number>(chartPageSizes[0]);
  // The server sorts (every page, not the one on screen); a header click asks it again.
  const [sort, setSort] = useState<SortState | null>(null);
  const sorter: ChartSorter[] = sort
    ? [{ property: sort.key, direction: sort.direction === 'asc' ? 'ASC' : 'DESC' }]
    : [];
  const data = useAsync(
    () => getChartData({ id: chart.id, pageBean: { page, pageSize }, querys, sorter }),
    [chart.id, querys, page, pageSize, sort],
  );
  const rows = data.data?.rows ?? [];
  const offset = (page - 1) * pageSize;
  const columns = useMemo<Column<ChartRow>[]>(() => {
    const first = data.data?.rows[0];
    return [
      { key: '#', title: '#', width: 56, sortable: false, render: (_row, i) => offset + i + 1 },
      ...chart.displayfield.map((field) => ({
        key: field.field,
        title: field.comment,
        kind: typeof first?.[field.field] === 'number' ? ('number' as const) : ('text' as const),
      })),
    ];
  }, [chart.displayfield, data.data, offset]);
  if (data.error) return <Alert tone="error">{data.error.message}</Alert>;
  return (
    <div data-tab="data">
      <Table
        columns={columns}
        source={{
          count: rows.length,
          row: (index) => rows[index],
          onRange: () => undefined,
          sort,
          sortable: chart.displayfield.map((field) => field.field),
        }}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        rowKey={(_row, index) => String(offset + index)}
        height={Math.max(160, height - 100)}
        loading={data.loading}
        empty={t('charts:noData')}
      />
      <div css={footer}>
        <select
          css={controlStyle}
          aria-label={t('charts:pageSizeLabel')}
          data-action="page-size"
          value={pageSize}
          onChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(1);
          }}
        >
          {chartPageSizes.map((size) => (
            <option key={size} value={size}>
              {t('charts:pageSize', { size })}
            </option>
          ))}
        </select>
        <Pager page={page} pageSize={pageSize} answer={data} onPage={setPage} />
      </div>
    </div>
  );
}
