import { sql, type Expression, type SqlBool } from 'kysely';
import type { FormDefinition, FormField } from '../../../src/core/forms/definition';
import type { Db } from '../../db/database';
import type { DataTemplateRow } from '../../db/schema-shell';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Filters, Paging, QueryContext } from '../shell/queries/registry';
import { managesForm } from './access';
import { currentDefinition } from './definitions';
import type { CheckedRecord } from './values';

export interface RecordSort {
  field: string;
  order: 'asc' | 'desc';
}

/** Records a caller may see: a manager every one, anyone else their own. */
function visible(ctx: QueryContext, template: DataTemplateRow) {
  let query = ctx.db.selectFrom('form_records as r').where('r.form_key', '=', template.form_key);
  if (!managesForm(ctx, template)) query = query.where('r.created_by', '=', ctx.caller.id);
  return query;
}

const numeric: FormField['type'][] = ['number', 'decimal', 'money'];

/**
 * One filter on a main field, named by the definition (an unknown name is refused, never
 * placed in SQL). Choices and people compare equal (the index serves them); dates and
 * amounts take a [from, to] range; text matches a substring.
 */
function condition(field: FormField, value: Filters[string]): Expression<SqlBool> | undefined {
  const column = sql<string>`r.data ->> ${sql.lit(field.name)}`;
  if (Array.isArray(value)) {
    const [from, to] = value;
    const cast = numeric.includes(field.type)
      ? (side: string) => sql`(${column})::numeric ${sql.raw(side)}`
      : (side: string) => sql`${column} ${sql.raw(side)}`;
    const parts = [
      from ? sql`${cast('>=')} ${from}` : null,
      to
        ? sql`${cast('<=')} ${field.type === 'datetime' && to.length === 10 ? `${to} 23:59:59` : to}`
        : null,
    ].filter((part) => part !== null);
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : undefined;
  }
  if (value === '') return undefined;
  if (['select', 'user', 'dialog', 'date'].includes(field.type) || numeric.includes(field.type))
    return sql<SqlBool>`${column} = ${value}`;
  return sql<SqlBool>`${column} ilike ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

function filtered(
  ctx: QueryContext,
  template: DataTemplateRow,
  definition: FormDefinition,
  filters: Filters,
) {
  let query = visible(ctx, template);
  for (const [name, value] of Object.entries(filters)) {
    const field = definition.fields.find((each) => each.name === name);
    if (!field) throw badRequest('server:shell.queryUnknownField', { field: name.slice(0, 64) });
    const where = condition(field, value);
    if (where) query = query.where(where);
  }
  return query;
}

/**
 * Every matching record, newest first, a batch at a time by keyset (created_at, id), so an
 * export of any size holds one batch.
 */
export async function* recordBatches(
  ctx: QueryContext,
  template: DataTemplateRow,
  definition: FormDefinition,
  filters: Filters,
  size = 1000,
): AsyncGenerator<Record<string, unknown>[]> {
  // The timestamp travels as text: a JS Date would drop its microseconds and break ties.
  let after: { at: string; id: string } | undefined;
  for (;;) {
    let query = filtered(ctx, template, definition, filters);
    if (after) {
      const { at, id } = after;
      query = query.where(sql<SqlBool>`(r.created_at, r.id) < (${at}::timestamptz, ${id})`);
    }
    const rows = await query
      .select(['r.id', 'r.data', sql<string>`r.created_at::text`.as('at')])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(size)
      .execute();
    if (!rows.length) return;
    yield rows.map((row) => row.data);
    if (rows.length < size) return;
    after = rows[rows.length - 1]!;
  }
}

export async function listRecords(
  ctx: QueryContext,
  template: DataTemplateRow,
  definition: FormDefinition,
  filters: Filters,
  paging: Paging,
  sort?: RecordSort,
) {
  const query = filtered(ctx, template, definition, filters);
  const sortField = sort && definition.fields.find((each) => each.name === sort.field);
  if (sort && !sortField)
    throw badRequest('server:shell.queryUnknownField', { field: sort.field.slice(0, 64) });
  const [rows, total] = await Promise.all([
    (sortField
      ? query.orderBy(
          numeric.includes(sortField.type)
            ? sql`(r.data ->> ${sql.lit(sortField.name)})::numeric`
            : sql`r.data ->> ${sql.lit(sortField.name)}`,
          sql.raw(`${sort!.order === 'asc' ? 'asc' : 'desc'} nulls last`),
        )
      : query
    )
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select(['r.id', 'r.data', 'r.created_at', 'r.updated_at', 'u.fullname as creator'])
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.data,
      ID_: row.id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      creator: row.creator ?? '',
    })),
    total: Number(total.total),
  };
}

/** One record with its sub-table rows, when the caller may see it. */
export async function getRecord(ctx: QueryContext, template: DataTemplateRow, id: string) {
  const row = await visible(ctx, template)
    .select(['r.id', 'r.data', 'r.created_by', 'r.form_version'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('server:forms.recordNotFound');
  const subs = await ctx.db
    .selectFrom('form_sub_rows')
    .select(['sub_table', 'data'])
    .where('record_id', '=', id)
    .orderBy('sub_table')
    .orderBy('position')
    .execute();
  const data: Record<string, unknown> = { ...row.data, ID_: row.id };
  for (const sub of subs) ((data[sub.sub_table] ??= []) as unknown[]).push(sub.data);
  return { data, createdBy: row.created_by, version: row.form_version };
}

/**
 * Adds (no id) or replaces records and their sub-table rows, all in one transaction (a batch
 * update changes every record or none). Callers have checked that the caller may see each
 * record (getRecord, visibleIds).
 */
export async function writeRecords(
  ctx: QueryContext,
  template: DataTemplateRow,
  entries: { record: CheckedRecord; id?: string | undefined }[],
): Promise<string[]> {
  const { version } = await currentDefinition(ctx.db, template.form_key);
  return ctx.db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (const { record, id } of entries) {
      const recordId = id ?? newId();
      const data = JSON.stringify(record.main);
      if (id) {
        await trx
          .updateTable('form_records')
          .set({ data, form_version: version, updated_by: ctx.caller.id, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('form_sub_rows').where('record_id', '=', id).execute();
      } else {
        await trx
          .insertInto('form_records')
          .values({
            id: recordId,
            form_key: template.form_key,
            form_version: version,
            data,
            created_by: ctx.caller.id,
            updated_by: ctx.caller.id,
          })
          .execute();
      }
      const subRows = Object.entries(record.subs).flatMap(([table, rows]) =>
        rows.map((row, position) => ({
          record_id: recordId,
          sub_table: table,
          position,
          data: JSON.stringify(row),
        })),
      );
      if (subRows.length) await trx.insertInto('form_sub_rows').values(subRows).execute();
      ids.push(recordId);
    }
    return ids;
  });
}

/**
 * New records in one transaction, in batches of 500 rows (importMain: all or nothing, and
 * 10,000 rows do not mean 10,000 transactions).
 */
export async function insertRecords(
  ctx: QueryContext,
  template: DataTemplateRow,
  records: CheckedRecord[],
): Promise<number> {
  const { version } = await currentDefinition(ctx.db, template.form_key);
  const rows = records.map((record) => ({ id: newId(), record }));
  await ctx.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      await trx
        .insertInto('form_records')
        .values(
          batch.map(({ id, record }) => ({
            id,
            form_key: template.form_key,
            form_version: version,
            data: JSON.stringify(record.main),
            created_by: ctx.caller.id,
            updated_by: ctx.caller.id,
          })),
        )
        .execute();
      const subRows = batch.flatMap(({ id, record }) =>
        Object.entries(record.subs).flatMap(([table, list]) =>
          list.map((row, position) => ({
            record_id: id,
            sub_table: table,
            position,
            data: JSON.stringify(row),
          })),
        ),
      );
      if (subRows.length) await trx.insertInto('form_sub_rows').values(subRows).execute();
    }
  });
  return rows.length;
}

/** Ids the caller may see among `ids`; the rest are refused as a whole (nothing changes). */
export async function visibleIds(
  ctx: QueryContext,
  template: DataTemplateRow,
  ids: string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await visible(ctx, template).select('r.id').where('r.id', 'in', ids).execute();
  if (rows.length !== new Set(ids).size) throw notFound('server:forms.recordNotFound');
  return rows.map((row) => row.id);
}

export async function deleteRecords(ctx: QueryContext, template: DataTemplateRow, ids: string[]) {
  const found = await visibleIds(ctx, template, ids);
  await ctx.db.deleteFrom('form_records').where('id', 'in', found).execute();
  return found.length;
}

/** Another record of the form holding this value in this field (the exists rule). */
export async function valueTaken(
  db: Db,
  formKey: string,
  field: string,
  value: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('form_records')
    .select('id')
    .where('form_key', '=', formKey)
    .where(sql<SqlBool>`data ->> ${sql.lit(field)} = ${value}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.limit(1).executeTakeFirst());
}
