import type { CountMode } from '../../lib/bounded-count';
import type { Filters, Paging, QueryContext } from '../shell/queries/registry';
import { assertMayDo, mayDo } from './access';
import type { RecordSort } from './record-order';
import { deleteRecords, getRecord, listRecords, writeRecords, type WrittenForm } from './records';
import type { CheckedRecord } from './values';

/** What the template's buttons may do for this caller (reading is the template's right). */
export interface RecordPermissions {
  add: boolean;
  edit: boolean;
  del: boolean;
  export: boolean;
  import: boolean;
}

/**
 * Where a form's records live, under the data-template calls (docs/forms.md, "Record
 * stores"): the JSONB rows of form_records for ordinary forms, a table of its own for a form
 * bound to one (dyzl: contract_prints). Every operation works within the caller's scope;
 * values reach `save` already checked against the form's definition (checkRecord).
 */
export interface RecordStore {
  list(
    ctx: QueryContext,
    form: WrittenForm,
    filters: Filters,
    paging: Paging,
    sort?: RecordSort,
    count?: CountMode,
  ): Promise<{ rows: Record<string, unknown>[]; total: number; estimated?: boolean }>;
  /** One record the caller may see, else 404. */
  get(ctx: QueryContext, form: WrittenForm, id: string): Promise<Record<string, unknown>>;
  permissions(ctx: QueryContext, form: WrittenForm): Promise<RecordPermissions>;
  /** Refuses (403, or 404 for a record out of sight) unless the caller may add or edit. */
  assertMayWrite(ctx: QueryContext, form: WrittenForm, id?: string): Promise<void>;
  /** Whether the caller may edit this record they see (getForm's `readonly`). */
  mayEdit(ctx: QueryContext, form: WrittenForm, record: Record<string, unknown>): Promise<boolean>;
  /** Adds (no id) or edits; `stamp` is the updated stamp the editor read, where kept. */
  save(
    ctx: QueryContext,
    form: WrittenForm,
    record: CheckedRecord,
    id?: string,
    stamp?: string,
  ): Promise<string>;
  /** Deletes records the caller may delete, all or nothing; answers how many. */
  remove(ctx: QueryContext, form: WrittenForm, ids: string[]): Promise<number>;
}

/** Ordinary forms: records as JSONB in form_records (records.ts). */
export const formRecordStore: RecordStore = {
  list: (ctx, { template, definition }, filters, paging, sort, count) =>
    listRecords(ctx, template, definition, filters, paging, sort, count),
  get: async (ctx, { template }, id) => (await getRecord(ctx, template, id)).data,
  permissions: async (ctx, { template }) => {
    const actions = ['add', 'edit', 'del', 'export', 'import'] as const;
    const [add = false, edit = false, del = false, exportAllowed = false, importAllowed = false] =
      await Promise.all(actions.map((action) => mayDo(ctx, template, action)));
    return { add, edit, del, export: exportAllowed, import: importAllowed };
  },
  assertMayWrite: async (ctx, { template }, id) => {
    await assertMayDo(ctx, template, id ? 'edit' : 'add');
    if (id) await getRecord(ctx, template, id);
  },
  // A record the caller sees is theirs or they manage the form: the edit right decides.
  mayEdit: (ctx, { template }) => mayDo(ctx, template, 'edit'),
  save: async (ctx, form, record, id, stamp) => {
    const [saved] = await writeRecords(ctx, form, [{ record, id, stamp }]);
    return saved!;
  },
  remove: async (ctx, { template }, ids) => {
    await assertMayDo(ctx, template, 'del');
    return deleteRecords(ctx, template, ids);
  },
};
