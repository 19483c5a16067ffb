import { rulesFor, validateValue } from '../rules/rule-string';
import type { RuleFailure } from '../rules/types';
import type { FormDefinition, FormField } from './definition';

/** Where a failure sits: a main field ('brand') or a sub-table cell ('works.0.cost'). */
export type FailurePath = string;

const entered = (field: FormField) => !field.formula && !field.capitalsOf;

function checkGroup(
  fields: FormField[],
  values: Record<string, unknown>,
  labelOf: (field: FormField) => string,
  prefix: string,
  failures: Record<FailurePath, RuleFailure>,
) {
  const labels = Object.fromEntries(fields.map((field) => [field.name, labelOf(field)]));
  for (const field of fields.filter(entered)) {
    const failure = validateValue(
      values[field.name],
      rulesFor(field.rules, { required: field.required === true }),
      { values, labels },
    );
    if (failure) failures[`${prefix}${field.name}`] = failure;
  }
}

/**
 * The browser's check of a record before it is sent: every entered field of the main form
 * and of each sub-table row against its rule string (required first when marked), the same
 * engine the server runs again on save. Every failure is answered, not only the first, so
 * the user sees all that is wrong at once.
 */
export function validateRecord(
  definition: FormDefinition,
  values: Record<string, unknown>,
  labelOf: (field: FormField) => string,
): Record<FailurePath, RuleFailure> {
  const failures: Record<FailurePath, RuleFailure> = {};
  checkGroup(definition.fields, values, labelOf, '', failures);
  for (const table of definition.subTables) {
    const rows = (values[table.name] ?? []) as Record<string, unknown>[];
    rows.forEach((row, index) =>
      checkGroup(table.fields, row, labelOf, `${table.name}.${index}.`, failures),
    );
  }
  return failures;
}
