import {
  fieldNamePattern,
  type FormDefinition,
  type FormField,
  type FormFieldType,
  type SubTable,
} from './definition';

/**
 * The visual form designer's edits (docs/forms.md, "The designer"): each takes a definition
 * and answers a new one, leaving the old untouched, so the designer's undo, its JSON view and
 * its preview all read one value. No React here.
 *
 * A group is where fields live: the main fields (`table` undefined) or a sub-table's.
 */
export interface FieldGroup {
  table?: string | undefined;
}

/** The fields of a group; an unknown sub-table has none. */
export function fieldsOf(definition: FormDefinition, group: FieldGroup): FormField[] {
  if (group.table === undefined) return definition.fields;
  return definition.subTables.find((sub) => sub.name === group.table)?.fields ?? [];
}

function withFields(
  definition: FormDefinition,
  group: FieldGroup,
  change: (fields: FormField[]) => FormField[],
): FormDefinition {
  if (group.table === undefined) return { ...definition, fields: change(definition.fields) };
  return {
    ...definition,
    subTables: definition.subTables.map((sub) =>
      sub.name === group.table ? { ...sub, fields: change(sub.fields) } : sub,
    ),
  };
}

/** Names a new field or table may not take: the record's keys are one namespace per group. */
function takenNames(definition: FormDefinition, group: FieldGroup): Set<string> {
  const names =
    group.table === undefined
      ? [
          ...definition.fields.map((field) => field.name),
          ...definition.subTables.map((s) => s.name),
        ]
      : fieldsOf(definition, group).map((field) => field.name);
  return new Set(names.map((name) => name.toLowerCase()));
}

/** `stem1`, `stem2`, ...: the first that the group does not use (case aside). */
export function freeName(taken: Set<string>, stem: string): string {
  for (let n = 1; ; n++) if (!taken.has(`${stem}${n}`.toLowerCase())) return `${stem}${n}`;
}

/** Adds a field of `type` at the end of the group; answers the definition and its index. */
export function addField(
  definition: FormDefinition,
  group: FieldGroup,
  type: FormFieldType,
  label: string,
): { definition: FormDefinition; index: number } {
  const name = freeName(takenNames(definition, group), 'field');
  const field: FormField = { name, label, type };
  // A select needs its choices before the server takes it: one to start from.
  if (type === 'select') field.options = [{ value: '1', label: `${label} 1` }];
  const index = fieldsOf(definition, group).length;
  return { definition: withFields(definition, group, (fields) => [...fields, field]), index };
}

export function updateField(
  definition: FormDefinition,
  group: FieldGroup,
  index: number,
  patch: Partial<FormField>,
): FormDefinition {
  return withFields(definition, group, (fields) =>
    fields.map((field, at) => (at === index ? withoutEmpty({ ...field, ...patch }) : field)),
  );
}

/** Moves a field up (-1) or down (+1) within its group; at an end nothing moves. */
export function moveField(
  definition: FormDefinition,
  group: FieldGroup,
  index: number,
  step: -1 | 1,
): FormDefinition {
  const target = index + step;
  const count = fieldsOf(definition, group).length;
  if (index < 0 || index >= count || target < 0 || target >= count) return definition;
  return withFields(definition, group, (fields) => {
    const next = [...fields];
    [next[index], next[target]] = [next[target]!, next[index]!];
    return next;
  });
}

export function removeField(
  definition: FormDefinition,
  group: FieldGroup,
  index: number,
): FormDefinition {
  return withFields(definition, group, (fields) => fields.filter((_, at) => at !== index));
}

/** A new sub-table with one text field (a table holds at least one). */
export function addSubTable(
  definition: FormDefinition,
  label: string,
  fieldLabel: string,
): FormDefinition {
  const name = freeName(takenNames(definition, {}), 'table');
  const sub: SubTable = {
    name,
    label,
    fields: [{ name: 'field1', label: fieldLabel, type: 'text' }],
  };
  return { ...definition, subTables: [...definition.subTables, sub] };
}

export function updateSubTable(
  definition: FormDefinition,
  table: string,
  patch: Partial<Pick<SubTable, 'name' | 'label' | 'labelEn'>>,
): FormDefinition {
  return {
    ...definition,
    subTables: definition.subTables.map((sub) =>
      sub.name === table ? withoutEmpty({ ...sub, ...patch }) : sub,
    ),
  };
}

export function removeSubTable(definition: FormDefinition, table: string): FormDefinition {
  return { ...definition, subTables: definition.subTables.filter((sub) => sub.name !== table) };
}

/**
 * What is wrong with a name the designer is about to give a field or table of `group`
 * (`current`: its present name, which it may keep): the same rules as the server's.
 */
export function nameProblem(
  definition: FormDefinition,
  group: FieldGroup,
  name: string,
  current?: string,
): 'forms:designer.nameFormat' | 'forms:designer.nameTaken' | undefined {
  if (!new RegExp(fieldNamePattern).test(name)) return 'forms:designer.nameFormat';
  const taken = takenNames(definition, group);
  if (current !== undefined) taken.delete(current.toLowerCase());
  return taken.has(name.toLowerCase()) ? 'forms:designer.nameTaken' : undefined;
}

/** Settings every field and table keeps, even empty (the designer then says what is missing). */
const kept = new Set(['name', 'label', 'type', 'fields']);

/** Optional settings cleared in the designer are left out, not stored as '' or false. */
function withoutEmpty<T extends object>(value: T): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const [key, each] of Object.entries(copy))
    if (!kept.has(key) && (each === undefined || each === '' || each === false)) delete copy[key];
  return copy as T;
}
