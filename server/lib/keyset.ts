import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from './errors';
import { columnRef } from './column-ref';

/**
 * Keyset paging ("rows after this one"): a page that goes on from the last row seen costs
 * the same at row 100,000 as at row 50, where OFFSET reads and throws away every row before.
 *
 * The order is a list of columns with directions. NULL sorts as PostgreSQL puts it by
 * default: after every value ascending, before every value descending (as if it were
 * +infinity), so the conditions below agree with ORDER BY without NULLS FIRST/LAST clauses
 * and the indexes of migration 0008 serve both.
 */
export interface OrderColumn {
  column: string;
  direction: 'asc' | 'desc';
  /** Only columns that can hold NULL pay for the IS NULL branches. */
  nullable: boolean;
}

/** The sort key of a row: each order column's value as PostgreSQL text, or null. */
export type KeyValues = (string | null)[];

type Condition = RawBuilder<SqlBool>;

const ref = (column: OrderColumn) => columnRef(column.column);

/** The rows whose value in this column comes strictly after `value` in the order. */
function after(column: OrderColumn, value: string | null): Condition {
  if (column.direction === 'asc') {
    if (value === null) return sql<SqlBool>`false`;
    return column.nullable
      ? sql<SqlBool>`(${ref(column)} > ${value} or ${ref(column)} is null)`
      : sql<SqlBool>`${ref(column)} > ${value}`;
  }
  if (value === null) return sql<SqlBool>`${ref(column)} is not null`;
  return sql<SqlBool>`${ref(column)} < ${value}`;
}

function same(column: OrderColumn, value: string | null): Condition {
  return value === null
    ? sql<SqlBool>`${ref(column)} is null`
    : sql<SqlBool>`${ref(column)} = ${value}`;
}

/**
 * A bound on the first column that an index can use as a range (the OR form below cannot
 * be one): without it the scan would start at the first row again and filter its way to
 * the cursor, which is OFFSET by another name.
 */
function leadingBound(column: OrderColumn, value: string | null): Condition | null {
  if (value === null || column.nullable) return null;
  return column.direction === 'asc'
    ? sql<SqlBool>`${ref(column)} >= ${value}`
    : sql<SqlBool>`${ref(column)} <= ${value}`;
}

/** Rows strictly after the row whose sort key is `values`, in `order`. */
export function keysetCondition(order: readonly OrderColumn[], values: KeyValues): Condition {
  const rest = (index: number): Condition => {
    const column = order[index]!;
    const value = values[index] ?? null;
    if (index === order.length - 1) return after(column, value);
    return sql<SqlBool>`(${after(column, value)} or (${same(column, value)} and ${rest(index + 1)}))`;
  };
  const bound = leadingBound(order[0]!, values[0] ?? null);
  return bound ? sql<SqlBool>`(${bound} and ${rest(0)})` : rest(0);
}

/** The select list that reads a row's sort key as text, in `__k0`, `__k1`, ... */
export function keyColumns(order: readonly OrderColumn[]) {
  return order.map((column, index) => sql<string | null>`${ref(column)}::text`.as(`__k${index}`));
}

export function keyOf(row: Record<string, unknown>, order: readonly OrderColumn[]): KeyValues {
  return order.map((_, index) => {
    const value = row[`__k${index}`];
    return value === null || value === undefined ? null : String(value);
  });
}

/**
 * The cursor a client sends back: the sort key of the last row it has, signed with the
 * server's key and bound to the query and its order, so a forged or altered cursor (or one
 * from another list) is refused before it reaches SQL. It carries sort values only; the
 * caller's scope applies to every page regardless.
 */
const macBytes = 16;
const maxCursorLength = 4096;

const mac = (key: Uint8Array, text: string) =>
  createHmac('sha256', key).update(text).digest().subarray(0, macBytes);

export function encodeCursor(key: Uint8Array, binding: string, values: KeyValues): string {
  const body = Buffer.from(JSON.stringify(values)).toString('base64url');
  return `${body}.${mac(key, `${binding}\n${body}`).toString('base64url')}`;
}

export function decodeCursor(
  key: Uint8Array,
  binding: string,
  cursor: unknown,
  length: number,
): KeyValues {
  const invalid = () => badRequest('server:finance.cursorInvalid');
  if (typeof cursor !== 'string' || cursor.length > maxCursorLength) throw invalid();
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined) throw invalid();
  const expected = mac(key, `${binding}\n${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const valid =
    Array.isArray(values) &&
    values.length === length &&
    values.every((value) => value === null || typeof value === 'string');
  if (!valid) throw invalid();
  return values as KeyValues;
}
