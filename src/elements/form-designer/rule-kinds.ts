import type { Rule } from '../../core/rules';

/**
 * What one argument of a rule is, so the visual editor offers the right input: a whole
 * number (a length), a number (a limit), another field of the group, a field or a literal
 * date, a pattern, or free text (a backend validator and its arguments, comma-separated).
 */
export type RuleArgument = 'count' | 'number' | 'field' | 'fieldOrDate' | 'pattern' | 'text';

interface RuleKind {
  args: RuleArgument[];
  /** The arguments a new rule of the kind starts with. */
  start: string[];
}

/**
 * The rule kinds the designer's visual view offers (src/core/rules/rule-string.ts has what
 * each means), in the order of its list. `required` is the field's own box; `max` is
 * maxLength under another name and `frontJs` runs the page's script: both stay in the rule
 * text (the advanced view), where the visual view shows them as they are written.
 */
export const ruleKinds: Record<string, RuleKind> = {
  maxLength: { args: ['count'], start: ['50'] },
  min: { args: ['count'], start: ['1'] },
  length: { args: ['count'], start: ['11'] },
  number: { args: [], start: [] },
  numeric: { args: [], start: [] },
  decimal: { args: ['count'], start: ['2'] },
  min_value: { args: ['number'], start: ['0'] },
  max_value: { args: ['number'], start: ['100'] },
  maxIntLen: { args: ['count'], start: ['10'] },
  maxDecimalLen: { args: ['count'], start: ['2'] },
  phone: { args: [], start: [] },
  email: { args: [], start: [] },
  url: { args: [], start: [] },
  alpha: { args: [], start: [] },
  date: { args: [], start: [] },
  time: { args: [], start: [] },
  dateLess: { args: ['fieldOrDate'], start: [''] },
  dateMore: { args: ['fieldOrDate'], start: [''] },
  dateRangeStart: { args: ['fieldOrDate'], start: [''] },
  dateRangeEnd: { args: ['fieldOrDate'], start: [''] },
  daysWithin: { args: ['field', 'field'], start: ['', ''] },
  confirmed: { args: ['field'], start: [''] },
  exists: { args: [], start: [] },
  regex: { args: ['pattern'], start: [''] },
  backend: { args: ['text'], start: [''] },
};

/**
 * A rule's arguments as the visual view edits them: one per argument of its kind (a backend
 * rule's validator and arguments are one text), or all as one text for a kind it does not
 * offer.
 */
export function argumentsOf(rule: Rule): string[] {
  const kind = ruleKinds[rule.name];
  if (!kind || kind.args.includes('text')) return [rule.args.join(',')];
  return kind.args.map((_, at) => rule.args[at] ?? '');
}

/**
 * A rule from the visual view's inputs. Empty trailing arguments are left out, but for a text
 * of arguments, where the comma just typed must stay.
 */
export function ruleOf(name: string, inputs: string[]): Rule {
  const kind = ruleKinds[name];
  if (!kind || kind.args.includes('text'))
    return { name, args: inputs[0] ? inputs[0].split(',').map((arg) => arg.trim()) : [] };
  const args = inputs.map((arg, at) => (kind.args[at] === 'pattern' ? arg : arg.trim()));
  while (args.length > 0 && args.at(-1) === '') args.pop();
  return { name, args };
}

/** Whether a rule the visual view offers lacks an argument it needs (it would never pass). */
export function lacksArgument(rule: Rule): boolean {
  const kind = ruleKinds[rule.name];
  if (!kind || rule.name === 'decimal') return false;
  return kind.args.some((_, at) => !rule.args[at]);
}
