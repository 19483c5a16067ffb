import { Type } from 'typebox';

/**
 * What the online forms' calls (docs/forms.md) take and answer in common: keys, record ids,
 * a record's values and the list of ids a delete names. A record's fields come from its
 * form's definition, so a record is an open object here.
 */

/** A data template's key, a form's key, a business object's alias or a sub-table's name. */
export const templateKey = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
});

export const recordId = Type.String({ minLength: 1, maxLength: 24, pattern: '^[0-9]+$' });

/** `ids=1,2,3` of the DELETE calls: at most 500 decimal ids. */
export const idList = Type.String({
  minLength: 1,
  maxLength: 12_500,
  pattern: '^[0-9]+(,[0-9]+)*$',
});

/** A record's values as a save or a draft sends them, by field name. */
export const values = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
  maxProperties: 200,
});

/** A record (or a sub-table row) as answered: its form's fields, and ours (ID_, UPDATED_AT_). */
export const formRow = Type.Record(Type.String(), Type.Unknown());

/** The page a list asks for; its own defaults when left out. */
export const pageBean = Type.Optional(
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  }),
);

/**
 * An online form's definition, answered as it is (no schema walk). Its shape is the forms'
 * own (src/core/forms/definition.ts), which the contract cannot name (it imports TypeBox
 * only): the calls that answer one are made for a form type, as the workflow's are
 * (src/contract/workflow-flows.ts).
 */
export const definitionSchema = <Form>() =>
  Type.Unsafe<Form>({ description: "An online form's definition: fields, sub-tables, formulas" });
