import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  fieldNamePattern,
  formFieldTypes,
  type FormDefinition,
} from '../../../src/core/forms/definition';
import {
  definitionProblems,
  type DefinitionProblem,
} from '../../../src/core/forms/definition-check';
import { translate, type Language } from '../../i18n';
import { badRequest, UserError } from '../../lib/errors';
import { SchemaRefusal } from '../../lib/schema-messages';
import { parseRules, ruleNames } from '../../../src/core/rules/rule-string';
import { hasUnsafePattern } from '../../../src/core/rules/safe-pattern';

/** A field or sub-table name (src/core/forms/definition.ts says why it looks so). */
const name = Type.String({ pattern: fieldNamePattern });
const label = Type.String({ minLength: 1, maxLength: 60 });

const option = Type.Object(
  { value: Type.String({ maxLength: 60 }), label, labelEn: Type.Optional(label) },
  { additionalProperties: false },
);

const field = Type.Object(
  {
    name,
    label,
    labelEn: Type.Optional(label),
    type: Type.Union(formFieldTypes.map((kind) => Type.Literal(kind))),
    rules: Type.Optional(Type.String({ maxLength: 500 })),
    required: Type.Optional(Type.Boolean()),
    formula: Type.Optional(Type.String({ maxLength: 1000 })),
    capitalsOf: Type.Optional(name),
    options: Type.Optional(Type.Array(option, { maxItems: 200 })),
    dictionary: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' })),
    dialog: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' })),
    indexed: Type.Optional(Type.Boolean()),
    span: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  },
  { additionalProperties: false },
);

const fields = Type.Array(field, { minItems: 1, maxItems: 100 });

/** The TypeBox schema every stored definition passes (docs/forms.md, "Definitions"). */
export const formDefinitionSchema = Type.Object(
  {
    key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' }),
    name: label,
    nameEn: Type.Optional(label),
    fields,
    subTables: Type.Array(
      Type.Object(
        { name, label, labelEn: Type.Optional(label), fields },
        { additionalProperties: false },
      ),
      { maxItems: 10 },
    ),
  },
  { additionalProperties: false },
);

type Checked = Static<typeof formDefinitionSchema>;

/**
 * A definition as sent by an administrator: the schema, then what a schema cannot say
 * (names unique across the form, a select has its choices, capitals point at a money field).
 */
export function checkDefinition(input: unknown): FormDefinition {
  if (!Value.Check(formDefinitionSchema, input)) {
    // Worded for the administrator (the field by its name, the problem in words), never
    // the validator's own text.
    throw new SchemaRefusal(
      'server:forms.definitionInvalid',
      [...Value.Errors(formDefinitionSchema, input)],
      input,
    );
  }
  const definition = input as Checked as FormDefinition;
  // Main fields and sub-table names share the record's keys; a sub-table's own fields
  // need only differ from each other.
  uniqueNames([
    ...definition.fields.map((each) => each.name),
    ...definition.subTables.map((sub) => sub.name),
  ]);
  for (const sub of definition.subTables) uniqueNames(sub.fields.map((each) => each.name));
  for (const group of [definition.fields, ...definition.subTables.map((sub) => sub.fields)]) {
    for (const each of group) {
      const unknown = parseRules(each.rules).find((rule) => !ruleNames.includes(rule.name));
      if (unknown)
        throw badRequest('server:forms.unknownRule', { name: each.name, rule: unknown.name });
      if (hasUnsafePattern(each.rules))
        throw badRequest('server:forms.unsafePattern', { name: each.name });
      if (each.type === 'select' && !each.options?.length && !each.dictionary)
        throw badRequest('server:forms.selectWithoutOptions', { name: each.name });
      const money = group.find((other) => other.name === each.capitalsOf);
      if (each.capitalsOf && money?.type !== 'money')
        throw badRequest('server:forms.capitalsNotMoney', { name: each.name });
    }
  }
  // Formulas and rules as the form will run them: the designer's preview shows these too.
  const problems = definitionProblems(definition);
  if (problems.length) throw new DefinitionRefusal(definition, problems);
  return definition;
}

/** Most problems one refusal names; the rest are counted. */
export const maxNamedProblems = 10;
/** A formula is quoted up to this many characters (a definition may hold 1,000 a formula). */
const formulaShown = 80;

/**
 * A definition whose formulas or rules would not run: every problem, each naming the field
 * (label and name) and the formula or rule, worded in the reader's language.
 */
export class DefinitionRefusal extends UserError {
  constructor(
    private readonly definition: FormDefinition,
    readonly problems: DefinitionProblem[],
  ) {
    super(400, 'server:forms.definitionRefused');
  }

  override describe(language: Language): string {
    const named = this.problems.slice(0, maxNamedProblems).map((each) => this.line(language, each));
    const rest = this.problems.length - named.length;
    if (rest > 0) named.push(translate(language, 'server:forms.moreProblems', { count: rest }));
    return translate(language, this.key, {
      problems: named.join(translate(language, 'server:forms.problemSeparator')),
    });
  }

  private line(language: Language, problem: DefinitionProblem): string {
    const english = language === 'en-US';
    const sub = this.definition.subTables.find((each) => each.name === problem.table);
    const field = (sub?.fields ?? this.definition.fields).find(
      (each) => each.name === problem.field,
    );
    const labelOf = (item?: { label: string; labelEn?: string }) =>
      (english && item?.labelEn) || item?.label || '';
    const label = [sub && labelOf(sub), labelOf(field) || problem.field].filter(Boolean).join('.');
    const name = [problem.table, problem.field].filter(Boolean).join('.');
    const message = translate(language, problem.key, problem.params);
    const quoted = (text: string) =>
      text.length > formulaShown ? `${text.slice(0, formulaShown)}…` : text;
    if (problem.formula !== undefined) {
      const formula = quoted(problem.formula);
      return translate(language, 'server:forms.formulaProblem', { label, name, formula, message });
    }
    if (problem.rule !== undefined) {
      const rule = quoted(problem.rule);
      return translate(language, 'server:forms.ruleProblem', { label, name, rule, message });
    }
    return translate(language, 'server:forms.fieldProblem', { label, name, message });
  }
}

function uniqueNames(names: string[]) {
  const seen = new Set<string>();
  for (const each of names) {
    if (seen.has(each.toLowerCase())) throw badRequest('server:forms.nameTwice', { name: each });
    seen.add(each.toLowerCase());
  }
}
