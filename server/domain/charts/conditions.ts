import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from '../../lib/errors';
import { likeLiteral } from '../../lib/like';
import type { ConditionField, LoadedChart, SortField } from './definitions';

/** One condition of the request (the platform's QueryField shape). */
export interface QueryInput {
  property: string;
  value?: unknown;
  operation?: string;
}

export interface SorterInput {
  property: string;
  direction?: string;
}

const maxText = 200;
const maxList = 50;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.every((item) => item === '' || item === null));

function bad(field: ConditionField): never {
  throw badRequest('server:charts.badCondition', { field: field.comment });
}

/** One value of a field's type, or a 400 naming the field. */
function typed(field: ConditionField, value: unknown): string | number {
  if (typeof value !== 'string' && typeof value !== 'number') bad(field);
  const text = String(value).trim();
  if (field.dbType === 'number') {
    const number = Number(text);
    if (text === '' || !Number.isFinite(number)) bad(field);
    return number;
  }
  if (field.dbType === 'date') {
    const date = new Date(`${text}T00:00:00Z`);
    if (!datePattern.test(text) || Number.isNaN(date.getTime())) bad(field);
    if (date.toISOString().slice(0, 10) !== text) bad(field);
    return text;
  }
  if (field.dbType === 'month') {
    if (!monthPattern.test(text)) bad(field);
    return text;
  }
  if (text.length > maxText) bad(field);
  return text;
}

function listOf(field: ConditionField, value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : String(value).split(',');
  if (list.length > maxList) bad(field);
  return list.filter((item) => !isEmpty(item));
}

/** The SQL of one condition over the chart's column; null when its value is empty. */
function conditionSql(field: ConditionField, value: unknown): RawBuilder<SqlBool> | null {
  const column = sql.ref(`q.${field.field}`);
  switch (field.condition) {
    case 'EQ':
      return sql<SqlBool>`${column} = ${typed(field, value)}`;
    case 'GE':
      return sql<SqlBool>`${column} >= ${typed(field, value)}`;
    case 'LE':
      return sql<SqlBool>`${column} <= ${typed(field, value)}`;
    case 'LK': {
      const text = `%${likeLiteral(String(typed(field, value)))}%`;
      return sql<SqlBool>`${column} like ${text} escape '\\'`;
    }
    case 'IN': {
      const values = listOf(field, value).map((item) => typed(field, item));
      return values.length ? sql<SqlBool>`${column} in (${sql.join(values)})` : null;
    }
    case 'BETWEEN': {
      const range = Array.isArray(value) ? value : String(value).split(',');
      if (range.length !== 2) bad(field);
      const [from, to] = range.map((item) => (isEmpty(item) ? null : typed(field, item)));
      const parts = [
        from === null ? null : sql<SqlBool>`${column} >= ${from}`,
        to === null ? null : sql<SqlBool>`${column} <= ${to}`,
      ].filter((part) => part !== null);
      return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : null;
    }
  }
}

/**
 * The where clause of a request's conditions. Each must name one of the chart's condition
 * fields with that field's own code (or none); empty values are ignored (section 5).
 */
export function whereOf(chart: LoadedChart, querys: QueryInput[]): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const query of querys) {
    const field = chart.conditionfield.find((candidate) => candidate.field === query.property);
    if (!field) throw badRequest('server:charts.unknownField', { field: query.property });
    if (query.operation && query.operation !== field.condition) bad(field);
    if (isEmpty(query.value)) continue;
    const part = conditionSql(field, query.value);
    if (part) parts.push(part);
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`true`;
}

/** The order: the request's sorter (chart fields only), else the chart's sortfield. */
export function orderOf(chart: LoadedChart, sorter: SorterInput[]): RawBuilder<unknown> {
  const wanted: SortField[] = sorter.length
    ? sorter.map((item) => {
        const direction = (item.direction ?? 'ASC').toUpperCase();
        if (!(item.property in chart.query.fields) || !['ASC', 'DESC'].includes(direction)) {
          throw badRequest('server:charts.badSort', { field: item.property });
        }
        return { field: item.property, direction: direction as SortField['direction'] };
      })
    : chart.sortfield;
  // Every column after the chosen ones: the same request always gives the same page.
  const rest = Object.keys(chart.query.fields)
    .filter((field) => !wanted.some((item) => item.field === field))
    .map((field): SortField => ({ field, direction: 'ASC' }));
  return sql.join(
    [...wanted, ...rest].map(
      (item) =>
        sql`${sql.ref(`q.${item.field}`)} ${sql.raw(item.direction === 'DESC' ? 'desc' : 'asc')}`,
    ),
  );
}
