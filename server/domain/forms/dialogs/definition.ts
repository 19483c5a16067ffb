// What getByAlias answers is the contract's.
import type {
  CustomDialogDefinition as DialogDefinition,
  DialogField,
} from '../../../../src/contract/custom-dialog';
import type { Selectable } from 'kysely';
import type { CustomDialogsTable } from '../../../db/schema-dialogs';
import type { Language } from '../../../i18n';
import type { AuthUser } from '../../../lib/context';
import type { Db } from '../../../db/database';
import { forbidden, notFound, UserError } from '../../../lib/errors';

/**
 * A custom dialog as stored (JSON field lists in the seed's words) and as the browser gets
 * it: labels in the caller's language, the field lists parsed, and no address: a 'url'
 * dialog's endpoint is called by the server, so the browser never needs to know it.
 */

export interface StoredField {
  field: string;
  comment: string;
  commentEn?: string;
}

export interface StoredCondition extends StoredField {
  /** LIKE (substring) or EQUAL; the named query's filter kind decides, this is shown. */
  condition: 'LIKE' | 'EQUAL' | 'BETWEEN';
  dbType: 'varchar' | 'number' | 'date';
  /** '1': the user fills it in; '2': a fixed value the server applies itself. */
  defaultType: '1' | '2';
  defaultValue: string;
}

export interface StoredSort {
  field: string;
  sortType: 'asc' | 'desc';
}

/** A stored dialog with its JSON parsed; a broken row is the administrator's error, a 500. */
export interface LoadedDialog {
  row: Selectable<CustomDialogsTable>;
  display: StoredField[];
  result: StoredField[];
  sort: StoredSort[];
  conditions: StoredCondition[];
  roles: string[];
}

function parseList<T>(text: string): T[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed as T[];
  } catch {
    // Falls through to the error below.
  }
  throw new UserError(500, 'server:customDialogs.broken');
}

export async function loadDialog(db: Db, caller: AuthUser, alias: string): Promise<LoadedDialog> {
  const row = await db
    .selectFrom('custom_dialogs')
    .selectAll()
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (!row) throw notFound('server:customDialogs.notFound');
  const roles = parseList<string>(row.visible_roles);
  const allowed =
    roles.length === 0 || caller.seesEverything || roles.some((id) => caller.roleIds.includes(id));
  if (!allowed) throw forbidden('server:customDialogs.forbidden');
  return {
    row,
    roles,
    display: parseList<StoredField>(row.displayfield),
    result: parseList<StoredField>(row.resultfield),
    sort: parseList<StoredSort>(row.sortfield),
    conditions: parseList<StoredCondition>(row.conditionfield),
  };
}

const label = (field: StoredField, language: Language) =>
  (language === 'en-US' && field.commentEn) || field.comment || field.field;

const shown = (fields: StoredField[], language: Language): DialogField[] =>
  fields.map((field) => ({ field: field.field, comment: label(field, language) }));

export function toDefinition(dialog: LoadedDialog, language: Language): DialogDefinition {
  const { row } = dialog;
  return {
    alias: row.alias,
    name: (language === 'en-US' && row.name_en) || row.name,
    style: row.style,
    selectNum: row.select_num,
    displayfield: shown(dialog.display, language),
    resultfield: shown(dialog.result, language),
    sortfield: dialog.sort.map(({ field, sortType }) => ({ field, sortType })),
    conditionfield: dialog.conditions.map((condition) => ({
      field: condition.field,
      comment: label(condition, language),
      condition: condition.condition,
      dbType: condition.dbType,
      defaultType: condition.defaultType,
      // A fixed value is the server's business; the browser only learns that one applies.
      defaultValue: condition.defaultType === '1' ? condition.defaultValue : '',
    })),
    dsType: row.ds_type,
    requestType: row.request_type,
    needPage: row.need_page,
    pageSize: row.page_size,
    listKey: row.list_key,
    pageKey: row.page_key,
    pageSizeKey: row.page_size_key,
    totalKey: row.total_key,
    treeIdField: row.tree_id_field,
    treeParentField: row.tree_parent_field,
  };
}
