import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { orderOf, whereOf, type QueryInput, type SorterInput } from './conditions';
import type { LoadedChart } from './definitions';

export type ChartRow = Record<string, string | number | null>;

/** The chart tab draws at most this many rows (the data tab pages through all of them). */
export const maxChartRows = 1000;

export interface ChartRequest {
  querys: QueryInput[];
  sorter: SorterInput[];
}

/** PGlite answers numbers, PostgreSQL numeric and bigint as strings: one type for both. */
function typedRow(chart: LoadedChart, row: Record<string, unknown>): ChartRow {
  const out: ChartRow = {};
  for (const [field, type] of Object.entries(chart.query.fields)) {
    const value = row[field];
    out[field] =
      value === null || value === undefined
        ? null
        : type === 'number'
          ? Number(value)
          : String(value);
  }
  return out;
}

/** One page of the chart's rows, with the total, under the request's conditions. */
export async function chartPage(
  db: Db,
  caller: AuthUser,
  chart: LoadedChart,
  request: ChartRequest & { page: number; pageSize: number },
) {
  const source = await chart.query.source(db, caller, chart.language);
  const where = whereOf(chart, request.querys);
  const order = orderOf(chart, request.sorter);
  const count = await sql<{ n: number | string }>`select count(*) as n
    from (${source}) q where ${where}`.execute(db);
  const rows = await sql<Record<string, unknown>>`select * from (${source}) q where ${where}
    order by ${order}
    limit ${request.pageSize} offset ${(request.page - 1) * request.pageSize}`.execute(db);
  return {
    rows: rows.rows.map((row) => typedRow(chart, row)),
    total: Number(count.rows[0]?.n ?? 0),
    page: request.page,
    pageSize: request.pageSize,
  };
}

/** The most values a choice list offers (more would be a search, not a list). */
const maxChoices = 200;

/**
 * The values a text `IN` condition offers, by field: the column's values among the rows the
 * caller may see, so a reader picks a store from a list instead of typing its exact name.
 */
export async function conditionChoices(
  db: Db,
  caller: AuthUser,
  chart: LoadedChart,
): Promise<Record<string, string[]>> {
  const fields = chart.conditionfield.filter(
    (field) => field.condition === 'IN' && field.dbType === 'varchar',
  );
  if (!fields.length) return {};
  const source = await chart.query.source(db, caller, chart.language);
  const lists = await Promise.all(
    fields.map(async ({ field }) => {
      const column = sql.ref(`q.${field}`);
      const found = await sql<{ value: unknown }>`select distinct ${column} as value
        from (${source}) q where ${column} is not null order by 1 limit ${maxChoices}`.execute(db);
      return [field, found.rows.map((row) => String(row.value))] as const;
    }),
  );
  return Object.fromEntries(lists);
}

/** Every row the chart draws (up to maxChartRows), for the chart and the export. */
export async function chartRows(
  db: Db,
  caller: AuthUser,
  chart: LoadedChart,
  request: ChartRequest,
): Promise<ChartRow[]> {
  const source = await chart.query.source(db, caller, chart.language);
  const rows = await sql<Record<string, unknown>>`select * from (${source}) q
    where ${whereOf(chart, request.querys)}
    order by ${orderOf(chart, request.sorter)} limit ${maxChartRows}`.execute(db);
  return rows.rows.map((row) => typedRow(chart, row));
}

export interface EchartData {
  style: number;
  /** Rows drawn: a line or bar chart with more than 20 gets a zoom slider. */
  rows: number;
  legend: string[];
  xAxis: string[];
  series: { name: string; data: (number | { name: string; value: number })[] }[];
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * The rows as ECharts takes them: categories from the x-axis field; one series per display
 * number field, or with conf.seriesField one series per value of that field (first number
 * field); a pie gets name/value pairs.
 */
export function toEchart(chart: LoadedChart, rows: ChartRow[]): EchartData {
  const x = chart.xaxisField;
  const xAxis = [...new Set(rows.map((row) => String(row[x] ?? '')))];
  // The measures: displayed number columns (labels such as the month or the store are not).
  const measures = chart.displayfield.filter(
    (field) => field.field !== x && chart.query.fields[field.field] === 'number',
  );
  const [first] = measures;
  const base = { style: chart.style, rows: rows.length, xAxis };
  if (chart.style === 3 && first) {
    const data = rows.map((row) => ({
      name: String(row[x] ?? ''),
      value: numberOf(row[first.field]),
    }));
    return { ...base, legend: xAxis, series: [{ name: first.comment, data }] };
  }
  const seriesField = chart.conf.seriesField;
  if (seriesField && first) {
    const names = [...new Set(rows.map((row) => String(row[seriesField] ?? '')))];
    const series = names.map((name) => ({
      name,
      data: xAxis.map((category) =>
        numberOf(
          rows.find((row) => String(row[x]) === category && String(row[seriesField]) === name)?.[
            first.field
          ],
        ),
      ),
    }));
    return { ...base, legend: names, series };
  }
  const series = measures.map((field) => ({
    name: field.comment,
    data: rows.map((row) => numberOf(row[field.field])),
  }));
  return { ...base, legend: series.map((item) => item.name), series };
}
