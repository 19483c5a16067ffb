import { fieldsNamedBy, parseRules } from '../rules/rule-string';
import type { RuleFailure } from '../rules/types';
import { formulaProblems } from './compute';
import type { FormDefinition, FormField } from './definition';

/**
 * What a definition's formulas and rules say wrong before any record exists (docs/forms.md,
 * "Definitions"): the designer's preview shows it, and the server refuses to store a
 * definition that has any. One list, from the plan computeFormulas runs, so the two never
 * disagree about which formula compiles.
 */
export interface DefinitionProblem extends RuleFailure {
  field: string;
  /** The sub-table of a sub-table field. */
  table?: string;
  /** The formula at fault, as written. */
  formula?: string;
  /** The rule at fault (`confirmed:password`). */
  rule?: string;
}

export function definitionProblems(definition: FormDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const fieldOf = (name: string, table?: string): FormField | undefined =>
    (table === undefined
      ? definition.fields
      : definition.subTables.find((sub) => sub.name === table)?.fields
    )?.find((field) => field.name === name);
  for (const error of formulaProblems(definition)) {
    const { field, table, key, params } = error;
    const formula = fieldOf(field, table)?.formula;
    problems.push({
      field,
      ...(table === undefined ? {} : { table }),
      ...(formula === undefined ? {} : { formula }),
      key,
      ...(params ? { params } : {}),
    });
  }
  // A rule reads the values of its own group: the main fields, or the sub-table row's.
  const groups = [
    { fields: definition.fields, table: undefined },
    ...definition.subTables.map((sub) => ({ fields: sub.fields, table: sub.name })),
  ];
  for (const { fields, table } of groups) {
    const names = new Set(fields.map((field) => field.name));
    for (const field of fields) {
      for (const rule of parseRules(field.rules)) {
        const missing = fieldsNamedBy(rule).find((name) => !names.has(name));
        if (missing === undefined) continue;
        problems.push({
          field: field.name,
          ...(table === undefined ? {} : { table }),
          rule: [rule.name, rule.args.join(',')].filter(Boolean).join(':'),
          key: 'forms:definition.ruleUnknownField',
          params: { name: missing },
        });
      }
    }
  }
  return problems;
}
