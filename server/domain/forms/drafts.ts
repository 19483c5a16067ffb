import { sql, type SqlBool } from 'kysely';
import type { DataTemplateRow } from '../../db/schema-shell';
import { badRequest, notFound } from '../../lib/errors';
import { inTurn } from '../../lib/advisory-lock';
import { newId } from '../../lib/ids';
import type { DraftEntry, FormDraft } from '../../../src/contract/form-drafts';
import type { FormRight } from '../../../src/core/forms/rights';
import type { Paging, QueryContext } from '../shell/queries/registry';
import { templatesWith } from './access';
import { formTemplate } from './form-templates';

/**
 * Drafts (docs/forms.md, "Drafts"): what a user typed, kept unchecked until they come back
 * to it; each draft is its owner's alone. A draft of an existing record remembers the
 * record, so resuming it edits that record. A user keeps at most `maxDraftsPerForm` drafts
 * of one form (a new one beyond that is refused; saving over an existing one is not).
 */
export const maxDraftsPerForm = 200;

export async function saveDraft(
  ctx: QueryContext,
  template: DataTemplateRow,
  data: Record<string, unknown>,
  options: { id?: string; recordId?: string; title: string },
): Promise<string> {
  const values = {
    data: JSON.stringify(data),
    title: options.title.slice(0, 200),
    updated_at: new Date(),
  };
  if (options.id) {
    const updated = await ctx.db
      .updateTable('form_drafts')
      .set(values)
      .where('id', '=', options.id)
      .where('user_id', '=', ctx.caller.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound('server:forms.draftNotFound');
    return options.id;
  }
  const id = newId();
  // One user's new drafts of one form take turns, so a flood cannot pass the cap at once.
  await inTurn(ctx.db, `form_drafts:${ctx.caller.id}:${template.template_key}`, async (trx) => {
    const held = await trx
      .selectFrom('form_drafts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', ctx.caller.id)
      .where('template_key', '=', template.template_key)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= maxDraftsPerForm)
      throw badRequest('server:forms.tooManyDrafts', { max: maxDraftsPerForm });
    await trx
      .insertInto('form_drafts')
      .values({
        id,
        user_id: ctx.caller.id,
        template_key: template.template_key,
        record_id: options.recordId ?? null,
        ...values,
      })
      .execute();
  });
  return id;
}

export async function getDraft(ctx: QueryContext, id: string): Promise<FormDraft> {
  const row = await ctx.db
    .selectFrom('form_drafts as d')
    .innerJoin('data_templates as t', 't.template_key', 'd.template_key')
    .select([
      'd.id',
      'd.template_key',
      'd.record_id',
      'd.data',
      'd.title',
      'd.updated_at',
      't.form_key',
      't.bo_alias',
    ])
    .where('d.id', '=', id)
    .where('d.user_id', '=', ctx.caller.id)
    .executeTakeFirst();
  if (!row) throw notFound('server:forms.draftNotFound');
  // What a draft holds is on its way into the form: kept for those who may still put it there.
  await formTemplate(ctx, row.template_key, draftRight(row.record_id));
  return {
    id: row.id,
    templateKey: row.template_key,
    formKey: row.form_key,
    boAlias: row.bo_alias,
    recordId: row.record_id,
    title: row.title,
    // What JSON made of the Date before: the contract declares the answer's text.
    updatedAt: row.updated_at.toISOString(),
    data: row.data,
  };
}

/** A draft of a record edits it; any other draft adds one. */
export const draftRight = (recordId: string | null | undefined): FormRight =>
  recordId ? 'edit' : 'add';

/** The caller's drafts of forms they may still add to (or, for a record's draft, edit). */
export async function listDrafts(
  ctx: QueryContext,
  paging: Paging,
  templateKey?: string,
): Promise<{ rows: DraftEntry[]; total: number }> {
  const keys = async (right: FormRight) =>
    (await templatesWith(ctx, [right])).map((template) => template.template_key);
  const [adds, edits] = await Promise.all([keys('add'), keys('edit')]);
  let query = ctx.db
    .selectFrom('form_drafts as d')
    .innerJoin('data_templates as t', 't.template_key', 'd.template_key')
    .where('d.user_id', '=', ctx.caller.id)
    .where((eb) => {
      // A right held on no form at all matches no draft (`in ()` is not SQL).
      const among = (keys: string[]) =>
        keys.length ? eb('d.template_key', 'in', keys) : sql<SqlBool>`false`;
      return eb.or([
        eb.and([eb('d.record_id', 'is', null), among(adds)]),
        eb.and([eb('d.record_id', 'is not', null), among(edits)]),
      ]);
    });
  if (templateKey) query = query.where('d.template_key', '=', templateKey);
  const english = ctx.language === 'en-US';
  const [rows, total] = await Promise.all([
    query
      .select([
        'd.id',
        'd.template_key',
        'd.record_id',
        'd.title',
        'd.updated_at',
        't.name',
        't.name_en',
        't.form_key',
        't.bo_alias',
      ])
      .orderBy('d.updated_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      templateKey: row.template_key,
      formKey: row.form_key,
      boAlias: row.bo_alias,
      recordId: row.record_id,
      title: row.title,
      templateName: (english && row.name_en) || row.name,
      updatedAt: row.updated_at.toISOString(),
    })),
    total: Number(total.total),
  };
}

/** Removes the caller's drafts among `ids` (others' ids are not theirs to remove: 404). */
export async function removeDrafts(ctx: QueryContext, ids: string[]): Promise<number> {
  const own = await ctx.db
    .selectFrom('form_drafts')
    .select('id')
    .where('id', 'in', ids)
    .where('user_id', '=', ctx.caller.id)
    .execute();
  if (own.length !== new Set(ids).size) throw notFound('server:forms.draftNotFound');
  await ctx.db.deleteFrom('form_drafts').where('id', 'in', ids).execute();
  return own.length;
}
