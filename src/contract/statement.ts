import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { defineCalls } from './call';
import { rowPage } from './custom-query';
import { commonResult, queryFilter } from './envelope';
import { templateKey } from './form-fields';
import { legacyField } from './form-records';

/**
 * The statement shell's query views and data templates (docs/shell-api.md, "Query views" and
 * "Data templates"). A view's rows are open records keyed by the columns its named query
 * selects (the spec's names, JLBH, HTH...): they vary by view, so the rows are records of
 * values (`rowPage`), and the view's `columns` say which keys to show.
 */

/** A column of a query view or data template list. */
export const viewColumn = Type.Object({
  field: Type.String(),
  label: Type.String(),
  labelEn: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer()),
  align: Type.Optional(
    Type.Union([Type.Literal('left'), Type.Literal('right'), Type.Literal('center')]),
  ),
  whole: Type.Optional(
    Type.Boolean({ description: 'Identifiers read whole (a contract number): never cut to fit' }),
  ),
});

export type ViewColumn = Static<typeof viewColumn>;

/** A condition: text (substring), date (a yyyy-mm-dd pair, both ends or none), select. */
export const viewCondition = Type.Object({
  field: Type.String(),
  label: Type.String(),
  labelEn: Type.Optional(Type.String()),
  type: Type.Union([Type.Literal('text'), Type.Literal('date'), Type.Literal('select')]),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
  /** Options from a list call: 'stores' is GET {portal}/bpm/haiyaapi/getStores. */
  optionsFrom: Type.Optional(Type.Literal('stores')),
});

export type ViewCondition = Static<typeof viewCondition>;

const queryView = Type.Object({
  sqlAlias: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  columns: Type.Array(viewColumn),
  conditions: Type.Array(viewCondition),
  pageSize: Type.Integer(),
});

export type QueryView = Static<typeof queryView>;

// Names of letters, digits, _ and -, as a template's key is.
const alias = templateKey;

/** A view's two names: its named query (sqlAlias) and the view of it (alias). */
export const viewAliases = Type.Object({ sqlAlias: alias, alias });

/** The caller's rights on a template's records: each is answered (the buttons it shows). */
const templatePermission = Type.Object({
  add: Type.Boolean(),
  edit: Type.Boolean(),
  get: Type.Boolean(),
  del: Type.Boolean(),
  export: Type.Boolean(),
  import: Type.Boolean(),
});

/**
 * A data template: an online form's definition, its list and the caller's rights. Made for a
 * form type, as the record calls are (src/contract/form-fields.ts says why).
 */
const dataTemplateOf = <Form extends TSchema>(form: Form) =>
  Type.Object({
    templateKey: Type.String(),
    name: Type.String(),
    boAlias: Type.String(),
    formKey: Type.String(),
    columns: Type.Array(viewColumn),
    conditions: Type.Array(viewCondition),
    fields: Type.Array(legacyField),
    permission: templatePermission,
    /** The form's definition: fields, sub-tables, formulas. */
    form,
    pageSize: Type.Integer(),
    /** A bound table's rows are listed by its named query: the page shows the plain list. */
    list: Type.Optional(Type.Literal('query')),
  });

export type DataTemplateOf<Form> = Static<ReturnType<typeof dataTemplateOf<TUnsafe<Form>>>>;

/** The template call, made for a form type. */
export const templateCallsOf = <Form extends TSchema>(form: Form) =>
  defineCalls({
    template: {
      method: 'GET',
      path: '/form/dataTemplate/v1/getBpmDataTemplateInfo',
      schema: {
        summary: 'A data template: columns, conditions, form fields with rule strings, permissions',
        querystring: Type.Object({ templateKey }),
        response: { 200: commonResult(dataTemplateOf(form)) },
      },
    },
  });

export type TemplateCallsFor<Form> = ReturnType<typeof templateCallsOf<TUnsafe<Form>>>;

export const statementCalls = defineCalls({
  view: {
    method: 'GET',
    path: '/form/query/queryView/getJson',
    schema: {
      summary: 'A query view: its columns and conditions (a bare object)',
      querystring: viewAliases,
      response: { 200: queryView },
    },
  },
  viewRows: {
    method: 'POST',
    path: '/form/query/queryView/data_:sqlAlias/:alias',
    schema: {
      summary: "One page of a view's rows, filtered by its declared conditions (a bare PageList)",
      params: viewAliases,
      body: Type.Union([queryFilter, Type.Null()]),
      response: { 200: rowPage },
    },
  },
});
