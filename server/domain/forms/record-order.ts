import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { FormDefinition, FormField } from '../../../src/core/forms/definition';
import { badRequest } from '../../lib/errors';

/**
 * The order of a form's records (docs/forms.md, "Records"): a column the list sorts by, then
 * newest first (created_at desc, id desc) to break ties; without a column, newest first.
 * The list's page and the export read the same order.
 */
export interface RecordSort {
  field: string;
  order: 'asc' | 'desc';
}

export const numericTypes: FormField['type'][] = ['number', 'decimal', 'money'];

/**
 * The sort a list asks for: the platform's sorter `[{ property, direction: 'ASC' | 'DESC' }]`
 * (the first one counts), or `sortField` with `sortOrder` (`asc`/`ascend`, else descending).
 */
export function sortOf(body: unknown): RecordSort | undefined {
  const given = (body ?? {}) as { sorter?: unknown; sortField?: unknown; sortOrder?: unknown };
  const first = Array.isArray(given.sorter)
    ? (given.sorter[0] as { property?: unknown; direction?: unknown } | undefined)
    : undefined;
  const field = first ? first.property : given.sortField;
  const order = first ? first.direction : given.sortOrder;
  if (typeof field !== 'string' || !field) return undefined;
  return { field, order: typeof order === 'string' && /^asc/i.test(order) ? 'asc' : 'desc' };
}

/** The sort column: its SQL and the type its values compare as. */
export interface SortKey {
  sort: RecordSort;
  expression: RawBuilder<unknown>;
  type: 'numeric' | 'text';
}

/** The sort column as SQL: a definition's field (an unknown name is a 400, never SQL). */
export function sortKey(definition: FormDefinition, sort: RecordSort): SortKey {
  const field = definition.fields.find((each) => each.name === sort.field);
  if (!field)
    throw badRequest('server:shell.queryUnknownField', { field: sort.field.slice(0, 64) });
  const type = numericTypes.includes(field.type) ? 'numeric' : 'text';
  return {
    sort,
    type,
    expression: sql`cast(r.data ->> ${sql.lit(field.name)} as ${sql.raw(type)})`,
  };
}

/** The sort column with its direction, for ORDER BY (empty values last either way). */
export const ordered = (key: SortKey) =>
  sql`${key.expression} ${sql.raw(key.sort.order === 'asc' ? 'asc' : 'desc')} nulls last`;

/** The last row of a batch: its sort value (as text), creation time (as text) and id. */
export interface KeysetPosition {
  value: string | null;
  at: string;
  id: string;
}

/**
 * Rows after `last` in the order `key sort nulls last, created_at desc, id desc` (keyset:
 * each batch starts where the one before stopped, whatever was added meanwhile).
 */
export function afterPosition(key: SortKey | undefined, last: KeysetPosition): Expression<SqlBool> {
  const older = sql<SqlBool>`(r.created_at, r.id) < (${last.at}::timestamptz, ${last.id})`;
  if (!key) return older;
  const { expression } = key;
  if (last.value === null) return sql<SqlBool>`(${expression} is null and ${older})`;
  const value = sql`cast(${last.value} as ${sql.raw(key.type)})`;
  const beyond =
    key.sort.order === 'asc' ? sql`${expression} > ${value}` : sql`${expression} < ${value}`;
  return sql<SqlBool>`(${beyond} or (${expression} = ${value} and ${older}) or ${expression} is null)`;
}
