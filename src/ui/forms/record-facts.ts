import type { ViewColumn } from '../../core/api/statement';
import type { FormDefinition } from '../../core/forms/definition';
import { fieldLabel } from './FieldInput';

export interface RecordFact {
  column: ViewColumn;
  value: unknown;
}

/**
 * What a template's list shows of a record that its form does not: a bound table's own facts,
 * which the server sets and no one types (dyzl: whether each registration SMS went out, and
 * when the record was made). A column the form already shows under the same label is left
 * out (the store's name, beside the store picker), and so is an empty value.
 */
export function recordFacts(
  columns: ViewColumn[],
  definition: FormDefinition,
  values: Record<string, unknown>,
  language: string,
): RecordFact[] {
  const names = new Set(definition.fields.map((field) => field.name));
  const labels = new Set(definition.fields.map((field) => fieldLabel(field, language)));
  return columns
    .filter((column) => !names.has(column.field))
    .filter((column) => !labels.has(fieldLabel(column, language)))
    .map((column) => ({ column, value: values[column.field] }))
    .filter(({ value }) => value !== undefined && value !== null && value !== '');
}
