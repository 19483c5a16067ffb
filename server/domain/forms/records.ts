import { sql, type Expression, type SqlBool } from 'kysely';
import type { FormDefinition, FormField } from '../../../src/core/forms/definition';
import type { Db } from '../../db/database';
import type { DataTemplateRow } from '../../db/schema-shell';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { countRows, type CountMode } from '../../lib/bounded-count';
import { newId } from '../../lib/ids';
import { containing } from '../../lib/like';
import type { Filters, Paging, QueryContext } from '../shell/queries/registry';
import { managesForm } from './access';
import {
  afterPosition,
  ordered,
  numericTypes,
  sortKey,
  type KeysetPosition,
  type RecordSort,
} from './record-order';
import { assertUnique } from './unique';
import type { CheckedRecord } from './values';

/**
 * A template listed by a named query keeps its records in a table of its own (dyzl:
 * contract_prints, record-stores.ts): the calls of this file, which read and write
 * form_records (export, import, batch update, sub-tables, drafts of a record), refuse it
 * rather than answer from or write to the wrong table.
 */
export function assertInFormRecords(template: DataTemplateRow): void {
  if (template.named_query !== '') throw badRequest('server:forms.storeBound');
}

/** Records a caller may see: a manager every one, anyone else their own. */
function visible(ctx: QueryContext, template: DataTemplateRow) {
  assertInFormRecords(template);
  let query = ctx.db.selectFrom('form_records as r').where('r.form_key', '=', template.form_key);
  if (!managesForm(ctx, template)) query = query.where('r.created_by', '=', ctx.caller.id);
  return query;
}

/**
 * One filter on a main field, named by the definition (an unknown name is refused, never
 * placed in SQL). Choices and people compare equal (the index serves them); dates and
 * amounts take a [from, to] range; text matches a substring.
 */
function condition(field: FormField, value: Filters[string]): Expression<SqlBool> | undefined {
  const column = sql<string>`r.data ->> ${sql.lit(field.name)}`;
  if (Array.isArray(value)) {
    const [from, to] = value;
    const cast = numericTypes.includes(field.type)
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
  if (
    ['select', 'user', 'dialog', 'date'].includes(field.type) ||
    numericTypes.includes(field.type)
  )
    return sql<SqlBool>`${column} = ${value}`;
  return sql<SqlBool>`${column} ilike ${containing(value)}`;
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
 * Every matching record in the list's order (the sort column, then newest first), a batch at
 * a time by keyset, so an export of any size holds one batch.
 */
export async function* recordBatches(
  ctx: QueryContext,
  template: DataTemplateRow,
  definition: FormDefinition,
  filters: Filters,
  sort?: RecordSort,
  size = 1000,
): AsyncGenerator<Record<string, unknown>[]> {
  const key = sort && sortKey(definition, sort);
  // Texts, not JS values: a Date would drop the microseconds and break ties.
  let after: KeysetPosition | undefined;
  for (;;) {
    let query = filtered(ctx, template, definition, filters);
    if (after) query = query.where(afterPosition(key, after));
    const rows = await (key ? query.orderBy(ordered(key)) : query)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .select([
        'r.id',
        'r.data',
        sql<string>`r.created_at::text`.as('at'),
        sql<string | null>`${key ? key.expression : sql`null`}::text`.as('value'),
      ])
      .limit(size)
      .execute();
    if (!rows.length) return;
    yield rows.map((row) => row.data);
    if (rows.length < size) return;
    after = rows[rows.length - 1]!;
  }
}

/**
 * One page of records and their count: exact by default; `estimate` (a list's first page)
 * counts exactly up to 1,000 and answers the planner's estimate past that, labelled
 * `estimated`; `none` (the pages after it) answers -1 (server/lib/bounded-count.ts).
 */
export async function listRecords(
  ctx: QueryContext,
  template: DataTemplateRow,
  definition: FormDefinition,
  filters: Filters,
  paging: Paging,
  sort?: RecordSort,
  count: CountMode = 'exact',
) {
  const query = filtered(ctx, template, definition, filters);
  const key = sort && sortKey(definition, sort);
  const [rows, counted] = await Promise.all([
    (key ? query.orderBy(ordered(key)) : query)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select(['r.id', 'r.data', 'r.created_at', 'r.updated_at', 'u.fullname as creator'])
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    countRows(ctx.db, query.select(sql`1`.as('one')), count),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.data,
      ID_: row.id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      creator: row.creator ?? '',
    })),
    ...counted,
  };
}

/** One record with its sub-table rows and updated stamp, when the caller may see it. */
export async function getRecord(ctx: QueryContext, template: DataTemplateRow, id: string) {
  const row = await visible(ctx, template)
    .select([
      'r.id',
      'r.data',
      'r.created_by',
      'r.form_version',
      sql<string>`r.updated_at::text`.as('stamp'),
    ])
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
  // UPDATED_AT_: the stamp an edit sends back, so a save over someone else's is refused.
  const data: Record<string, unknown> = { ...row.data, ID_: row.id, UPDATED_AT_: row.stamp };
  for (const sub of subs) ((data[sub.sub_table] ??= []) as unknown[]).push(sub.data);
  return { data, createdBy: row.created_by, version: row.form_version, stamp: row.stamp };
}

/** The form a write stores records of: its template and the definition they were checked with. */
export interface WrittenForm {
  template: DataTemplateRow;
  definition: FormDefinition;
  version: number;
}

/** What one record replaces or adds; `stamp` is the updated stamp the editor read (UPDATED_AT_). */
export interface RecordWrite {
  record: CheckedRecord;
  id?: string | undefined;
  stamp?: string | undefined;
}

/**
 * Adds (no id) or replaces records and their sub-table rows, all in one transaction (a batch
 * update changes every record or none), stored with the definition version they were checked
 * against. Edits lock their rows (in id order), so two saves of one record never mix their
 * sub-table rows: the later one waits and replaces the record whole. An edit that names the
 * stamp it read is refused (409) when someone saved the record since. Unique (exists) values
 * are checked again under a lock (unique.ts). Callers have checked that the caller may see
 * each record (getRecord, visibleIds).
 */
export async function writeRecords(
  ctx: QueryContext,
  form: WrittenForm,
  entries: RecordWrite[],
): Promise<string[]> {
  const { template, definition, version } = form;
  assertInFormRecords(template);
  return ctx.db.transaction().execute(async (trx) => {
    await assertUnique(
      trx,
      ctx.language,
      definition,
      entries.map(({ id, record }) => ({ id, main: record.main, subs: record.subs })),
    );
    const edited = entries.flatMap((entry) => (entry.id ? [entry.id] : []));
    const current = new Map<string, string>();
    if (edited.length) {
      const rows = await trx
        .selectFrom('form_records')
        .select(['id', sql<string>`updated_at::text`.as('stamp')])
        .where('id', 'in', edited)
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const row of rows) current.set(row.id, row.stamp);
    }
    const ids: string[] = [];
    for (const { record, id, stamp } of entries) {
      const recordId = id ?? newId();
      const data = JSON.stringify(record.main);
      if (id) {
        // Deleted since the caller read it, or saved by someone else since.
        if (!current.has(id)) throw notFound('server:forms.recordNotFound');
        if (stamp !== undefined && current.get(id) !== stamp)
          throw conflict('server:forms.recordChanged');
        await trx
          .updateTable('form_records')
          .set({
            data,
            form_version: version,
            updated_by: ctx.caller.id,
            // Always later than the stamp it replaces, even within one clock tick.
            updated_at: sql`greatest(clock_timestamp(), updated_at + interval '1 microsecond')`,
          })
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
      const subRows = subRowsOf(recordId, record);
      if (subRows.length) await trx.insertInto('form_sub_rows').values(subRows).execute();
      ids.push(recordId);
    }
    return ids;
  });
}

function subRowsOf(recordId: string, record: CheckedRecord) {
  return Object.entries(record.subs).flatMap(([table, rows]) =>
    rows.map((row, position) => ({
      record_id: recordId,
      sub_table: table,
      position,
      data: JSON.stringify(row),
    })),
  );
}

/**
 * New records in one transaction, in batches of 500 rows (importMain: all or nothing, and
 * 10,000 rows do not mean 10,000 transactions), unique values checked again under the lock.
 */
export async function insertRecords(
  ctx: QueryContext,
  form: WrittenForm,
  records: CheckedRecord[],
): Promise<number> {
  const { template, definition, version } = form;
  assertInFormRecords(template);
  const rows = records.map((record) => ({ id: newId(), record }));
  await ctx.db.transaction().execute(async (trx) => {
    await assertUnique(
      trx,
      ctx.language,
      definition,
      records.map((record) => ({ main: record.main, subs: record.subs })),
    );
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
      const subRows = batch.flatMap(({ id, record }) => subRowsOf(id, record));
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

/**
 * Another record of the form holding this value in this field (the exists rule); with a
 * sub-table, a row of that table in another record.
 */
export async function valueTaken(
  db: Db,
  formKey: string,
  field: string,
  value: string,
  exceptId?: string,
  table?: string,
): Promise<boolean> {
  if (table) {
    let rows = db
      .selectFrom('form_sub_rows as s')
      .innerJoin('form_records as r', 'r.id', 's.record_id')
      .select('s.record_id')
      .where('r.form_key', '=', formKey)
      .where('s.sub_table', '=', table)
      .where(sql<SqlBool>`s.data ->> ${sql.lit(field)} = ${value}`);
    if (exceptId) rows = rows.where('s.record_id', '!=', exceptId);
    return Boolean(await rows.limit(1).executeTakeFirst());
  }
  let query = db
    .selectFrom('form_records')
    .select('id')
    .where('form_key', '=', formKey)
    .where(sql<SqlBool>`data ->> ${sql.lit(field)} = ${value}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.limit(1).executeTakeFirst());
}
