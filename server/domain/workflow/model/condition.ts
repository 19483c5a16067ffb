import {
  compileFormula,
  type CompiledFormula,
} from '../../../../src/core/forms/formula-expression';
import { truthy } from '../../../../src/core/forms/formula-library';
import type { RuleFailure } from '../../../../src/core/rules/types';
import { translate } from '../../../i18n';

/**
 * The conditions of sequence flows (docs/workflow.md, "Conditions") are formulas of the online
 * forms (docs/forms.md, "Formulas"): one grammar, one set of comparisons and one rule of what
 * holds, so `days > 3` means the same on a flow as in a form's `if(days > 3, ...)`. A
 * condition holds when its value does (true, a non-zero number, a text neither blank nor a
 * numeric zero, a non-empty list).
 */
export type Condition = CompiledFormula;

/** A condition that does not parse: the formula engine's reason, for the deploy's answer. */
export class ConditionSyntaxError extends Error {
  constructor(readonly failure: RuleFailure) {
    // Definition errors are read by whoever models the flow; like the others they are English.
    super(translate('en-US', failure.key, failure.params));
    this.name = 'ConditionSyntaxError';
  }
}

export function parseCondition(text: string): Condition {
  const compiled = compileFormula(text);
  if (!compiled.ok) throw new ConditionSyntaxError(compiled.error);
  return compiled.formula;
}

/** The form fields (a sub-table by its name) a condition reads, to check them at deploy. */
export function fieldsOf(condition: Condition): string[] {
  return [...new Set(condition.references.map((reference) => reference.table ?? reference.field))];
}

/**
 * Whether a condition holds for a request's form data. A field the data lacks is empty; a
 * condition whose evaluation fails (a division by zero) does not hold, so the gateway goes on
 * to its other branches and its default, as it does for a condition that is false.
 */
export function evaluateCondition(condition: Condition, data: Record<string, unknown>): boolean {
  const values = Object.fromEntries(
    fieldsOf(condition).map((name) => [name, Object.hasOwn(data, name) ? data[name] : undefined]),
  );
  const result = condition.evaluate(values);
  return result.ok && truthy(result.value);
}
