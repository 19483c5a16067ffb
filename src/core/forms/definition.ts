/**
 * Online form definitions (issue 17, docs/forms.md): what a form holds, shared by the
 * server (which validates and stores records) and the elements (which render them).
 * No React here.
 */

/** The kinds of field a form offers; each renders its own input and stores one value. */
export const formFieldTypes = [
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
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/**
 * A field or sub-table name: it becomes a JSON key and part of an index name. A capital first
 * letter is allowed for the platform's column names (F_MDID of dyzl); names are unique
 * regardless of case, since index names are lower case.
 */
export const fieldNamePattern = '^[A-Za-z][A-Za-z0-9_]{0,39}$';

/** A select's choices: listed in the definition, or a dictionary the server keeps. */
export type FieldOptions = { value: string; label: string; labelEn?: string }[];

export interface FormField {
  /** Key in the record's data: lower camel or snake, ASCII (it names a JSON key and an index). */
  name: string;
  label: string;
  labelEn?: string;
  type: FormFieldType;
  /** Rule string of src/core/rules/rule-string.ts ("maxLength:50|number"). */
  rules?: string;
  /** The platform's `b` mark: a value is required. */
  required?: boolean;
  /** Computed from other fields (src/core/forms/formula-expression.ts); read-only on screen. */
  formula?: string;
  /** A money field whose amount this field spells in Chinese capitals. */
  capitalsOf?: string;
  options?: FieldOptions;
  /** Name of a dictionary (server/domain/forms/dictionaries.ts) for select options. */
  dictionary?: string;
  /** Custom dialog alias a `dialog` field picks its value through. */
  dialog?: string;
  /** Listed and filtered by data templates: the server keeps an index on it. */
  indexed?: boolean;
  /** Width in the form's grid: 1 (half a row, the default) or 2 (the whole row). */
  span?: 1 | 2;
}

/** Rows under a record (the works of a fitting-out application). */
export interface SubTable {
  name: string;
  label: string;
  labelEn?: string;
  fields: FormField[];
}

export interface FormDefinition {
  key: string;
  name: string;
  nameEn?: string;
  fields: FormField[];
  subTables: SubTable[];
}

/** Values of one record: main fields by name, each sub-table's rows under its name. */
export type FormRecordData = Record<string, unknown> & {
  [subTable: string]: unknown;
};
