import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { FormDefinition } from '../../../src/core/forms/definition';
import { badRequest } from '../../lib/errors';
import { SchemaRefusal } from '../../lib/schema-messages';
import { parseRules, ruleNames } from '../../../src/core/rules/rule-string';
import { hasUnsafePattern } from '../../../src/core/rules/safe-pattern';

/**
 * A field or sub-table name: it becomes a JSON key and part of an index name. A capital
 * first letter is allowed for the platform's column names (F_MDID of dyzl); names are unique
 * regardless of case, since index names are lower case.
 */
const name = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' });
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
    type: Type.Union(
      [
        'text',
        'textarea',
        'number',
        'decimal',
        'money',
        'date',
        'time',
        'datetime',
        'select',
        'user',
        'attachment',
        'richtext',
        'dialog',
      ].map((kind) => Type.Literal(kind)),
    ),
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
  return definition;
}

function uniqueNames(names: string[]) {
  const seen = new Set<string>();
  for (const each of names) {
    if (seen.has(each.toLowerCase())) throw badRequest('server:forms.nameTwice', { name: each });
    seen.add(each.toLowerCase());
  }
}
