import type {
  CustomDialogDefinition,
  dialogCalls,
  DialogPage,
  DialogRow,
} from '../../contract/custom-dialog';
import { send } from '../http';

/**
 * Custom dialogs (spec/workflow-office.md 7.6; docs/forms.md "Custom dialogs"): a definition
 * by alias, then its rows (list) or nodes (tree) from the server. The server reads the data
 * source, so the browser never calls a dialog's configured address itself.
 */

export type {
  CustomDialogDefinition,
  DialogCondition,
  DialogField,
  DialogNode,
  DialogPage,
  DialogRow,
} from '../../contract/custom-dialog';

/**
 * What the chooser asks for, as it holds it: `dialogData` writes it as the call's QueryFilter
 * (values as LIKE conditions, the sort as the sorter). Not a wire type.
 */
export interface DialogQuery {
  page: number;
  pageSize: number;
  /** Condition values by field; empty ones are left out (an empty condition means any). */
  values: Record<string, string>;
  sort?: { field: string; direction: 'ASC' | 'DESC' } | undefined;
}

export function dialogByAlias(alias: string): Promise<CustomDialogDefinition> {
  return send<typeof dialogCalls.byAlias>(
    'form',
    { method: 'GET', path: '/form/customDialog/v1/getByAlias' },
    { query: { alias } },
    { quiet: true },
  );
}

export function dialogData(alias: string, query: DialogQuery): Promise<DialogPage> {
  const querys = Object.entries(query.values)
    .filter(([, value]) => value.trim() !== '')
    .map(([property, value]) => ({ property, value: value.trim(), operation: 'LIKE' }));
  return send<typeof dialogCalls.listData>(
    'form',
    { method: 'POST', path: '/form/customDialog/v1/getListData' },
    {
      query: { alias },
      body: {
        pageBean: { page: query.page, pageSize: query.pageSize },
        querys,
        ...(query.sort
          ? { sorter: [{ property: query.sort.field, direction: query.sort.direction }] }
          : {}),
      },
    },
    { quiet: true },
  );
}

const text = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

/** A row's value: its first result field (the id of a tree node when none is declared). */
export function rowValue(definition: CustomDialogDefinition, row: DialogRow): string {
  const field = definition.resultfield[0]?.field ?? definition.treeIdField;
  return text(row[field]);
}

/** A row's label for chips: the first display field that is not the value, else the value. */
export function rowLabel(definition: CustomDialogDefinition, row: DialogRow): string {
  const valueField = definition.resultfield[0]?.field;
  const fields = [...definition.resultfield.slice(1), ...definition.displayfield];
  const field = fields.find((candidate) => candidate.field !== valueField);
  return text(field ? row[field.field] : undefined) || rowValue(definition, row);
}

/** How many rows may be chosen: 0 means any; `multiple` on the element lifts a 1 to any. */
export function choiceLimit(definition: CustomDialogDefinition, multiple: boolean): number {
  if (definition.selectNum === 1 && multiple) return 0;
  return Math.max(0, definition.selectNum);
}

/** The form value: the chosen rows' values joined by commas, in the order chosen. */
export function joinedValue(values: readonly string[]): string {
  return values.filter(Boolean).join(',');
}

export const valuesOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
