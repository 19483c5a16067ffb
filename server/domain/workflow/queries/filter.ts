import { sql, type RawBuilder } from 'kysely';
import type { QueryField, QueryFilter } from '../../../../src/contract/envelope';
import { badRequest } from '../../../lib/errors';
import type { OrderColumn } from '../../../lib/keyset';
import { likeLiteral } from '../../../lib/like';

/**
 * The platform's QueryFilter (reference/platform-api.md section 1) turned into SQL against a
 * whitelist: each list names the properties it understands and the SQL expression behind
 * each (fixed text in our code). A property, operation or value outside the whitelist is a
 * 400 with the property named; request values only ever travel as parameters.
 */
// The platform's QueryFilter, as the contract defines it for every list.
export type { QueryField, QueryFilter };

export type ColumnType = 'text' | 'number' | 'date';

export interface Column {
  /** SQL text of the expression, written in our code (never from a request). */
  expr: string;
  type: ColumnType;
  sortable?: boolean;
}

export type Columns = Record<string, Column>;

export const operations = [
  'EQUAL',
  'EQUAL_IGNORE_CASE',
  'LESS',
  'GREAT',
  'LESS_EQUAL',
  'GREAT_EQUAL',
  'NOT_EQUAL',
  'LIKE',
  'LEFT_LIKE',
  'RIGHT_LIKE',
  'IS_NULL',
  'NOTNULL',
  'IN',
  'BETWEEN',
] as const;

export const maxPageSize = 500;

const invalid = (property: string) => badRequest('server:workflow.queryInvalid', { property });

type Scalar = string | number | RawBuilder<unknown>;

function scalar(column: Column, property: string, value: unknown, timeZone: string): Scalar {
  if (column.type === 'number') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) throw invalid(property);
    return number;
  }
  if (column.type === 'date') {
    // Dates are written in the business time zone ("yyyy-MM-dd[ HH:mm[:ss]]").
    const text = typeof value === 'string' ? value.trim() : '';
    const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    const [, y, mo, d, h = '0', mi = '0', se = '0'] = match ?? [];
    const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +se));
    if (!match || date.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +se > 59) {
      throw invalid(property);
    }
    return sql`(${text}::timestamp at time zone ${timeZone})`;
  }
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(property);
  const text = String(value);
  if (text.length > 200) throw invalid(property);
  return text;
}

function likePattern(value: unknown, property: string, before: boolean, after: boolean) {
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(property);
  const escaped = likeLiteral(String(value));
  if (escaped.length > 200) throw invalid(property);
  return `${before ? '%' : ''}${escaped}${after ? '%' : ''}`;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? value.split(',').map((item) => item.trim()) : [value];
}

/** True when the platform client sent a field for an empty search box: it is skipped. */
function isEmptyValue(field: QueryField): boolean {
  const op = field.operation ?? 'EQUAL';
  if (op === 'IS_NULL' || op === 'NOTNULL') return false;
  const value = field.value;
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Whether a QueryFilter selects anything (blank search boxes do not). */
export function hasConditions(filter: QueryFilter): boolean {
  return (filter.querys ?? []).some((field) => !isEmptyValue(field));
}

function condition(field: QueryField, columns: Columns, timeZone: string): RawBuilder<boolean> {
  const column = Object.hasOwn(columns, field.property) ? columns[field.property] : undefined;
  if (!column) throw badRequest('server:workflow.queryProperty', { property: field.property });
  const op = field.operation ?? 'EQUAL';
  const expr = sql.raw(column.expr);
  const value = () => scalar(column, field.property, field.value, timeZone);
  switch (op) {
    case 'EQUAL':
      return sql<boolean>`${expr} = ${value()}`;
    case 'EQUAL_IGNORE_CASE':
      return sql<boolean>`lower(${expr}::text) = lower(${String(value())})`;
    case 'NOT_EQUAL':
      return sql<boolean>`${expr} <> ${value()}`;
    case 'LESS':
      return sql<boolean>`${expr} < ${value()}`;
    case 'GREAT':
      return sql<boolean>`${expr} > ${value()}`;
    case 'LESS_EQUAL':
      return sql<boolean>`${expr} <= ${value()}`;
    case 'GREAT_EQUAL':
      return sql<boolean>`${expr} >= ${value()}`;
    case 'LIKE':
    case 'LEFT_LIKE':
    case 'RIGHT_LIKE': {
      const pattern = likePattern(
        field.value,
        field.property,
        op !== 'RIGHT_LIKE',
        op !== 'LEFT_LIKE',
      );
      return sql<boolean>`${expr}::text ilike ${pattern}`;
    }
    case 'IS_NULL':
      return sql<boolean>`${expr} is null`;
    case 'NOTNULL':
      return sql<boolean>`${expr} is not null`;
    case 'IN': {
      const values = listOf(field.value).map((item) =>
        scalar(column, field.property, item, timeZone),
      );
      if (values.length === 0 || values.length > 100) throw invalid(field.property);
      return sql<boolean>`${expr} in (${sql.join(values)})`;
    }
    case 'BETWEEN': {
      const values = listOf(field.value);
      if (values.length !== 2) throw invalid(field.property);
      const [low, high] = values.map((item) => scalar(column, field.property, item, timeZone));
      return sql<boolean>`${expr} between ${low} and ${high}`;
    }
    default:
      throw badRequest('server:workflow.queryOperation', { operation: op });
  }
}

function relationOf(text: string | undefined, property: string): 'and' | 'or' {
  const relation = (text ?? 'AND').toUpperCase();
  if (relation !== 'AND' && relation !== 'OR') throw invalid(property);
  return relation === 'AND' ? 'and' : 'or';
}

/** The WHERE part of a QueryFilter: fields by group, groups joined by groupRelation. */
export function whereOf(
  filter: QueryFilter,
  columns: Columns,
  timeZone: string,
): RawBuilder<boolean> {
  const fields = (filter.querys ?? []).filter((field) => !isEmptyValue(field));
  if (fields.length > 50) throw invalid('querys');
  const groups = new Map<string, RawBuilder<boolean>>();
  for (const field of fields) {
    const part = condition(field, columns, timeZone);
    const group = field.group ?? 'main';
    const before = groups.get(group);
    const joiner = sql.raw(relationOf(field.relation, field.property));
    groups.set(group, before ? sql<boolean>`(${before} ${joiner} ${part})` : part);
  }
  if (groups.size === 0) return sql<boolean>`true`;
  const between = sql.raw(` ${relationOf(filter.groupRelation, 'groupRelation')} `);
  return sql<boolean>`(${sql.join([...groups.values()], between)})`;
}

/**
 * The order of a page: the sorter's terms (sortable properties only, and the list's output
 * columns x."property"), then the list's own order, which ends in a unique column so pages
 * are stable. A sorted property may hold NULL; the list's own terms say whether theirs can.
 */
export function orderOf(
  filter: QueryFilter,
  columns: Columns,
  fallback: readonly OrderColumn[],
): OrderColumn[] {
  const parts = (filter.sorter ?? []).map((sort): OrderColumn => {
    const column = Object.hasOwn(columns, sort.property) ? columns[sort.property] : undefined;
    if (!column?.sortable)
      throw badRequest('server:workflow.querySort', { property: sort.property });
    const direction = (sort.direction ?? 'ASC').toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') throw invalid(sort.property);
    return {
      column: `x.${sort.property}`,
      direction: direction === 'ASC' ? 'asc' : 'desc',
      nullable: true,
    };
  });
  return [...parts, ...fallback];
}

/** ORDER BY text of an order. */
export function orderBy(order: readonly OrderColumn[]): RawBuilder<unknown> {
  return sql.join(order.map((term) => sql`${sql.ref(term.column)} ${sql.raw(term.direction)}`));
}

/** An order term of a list's output column that is never NULL (the lists' own orders). */
export const byOutput = (property: string, direction: 'asc' | 'desc' = 'asc'): OrderColumn => ({
  column: `x.${property}`,
  direction,
  nullable: false,
});

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

export function pageOf(filter: QueryFilter): Page {
  const page = filter.pageBean?.page ?? 1;
  const pageSize = filter.pageBean?.pageSize ?? 10;
  if (!Number.isInteger(page) || page < 1) throw invalid('pageBean.page');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
    throw invalid('pageBean.pageSize');
  }
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export interface PageList<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}
