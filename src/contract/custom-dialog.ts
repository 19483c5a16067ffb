import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { querySorter } from './envelope';

/**
 * Custom dialogs (spec/workflow-office.md 7.6; docs/forms.md "Custom dialogs"): a definition
 * by alias and its rows or tree nodes. A row's fields are the dialog's data source's, so a
 * row is an open object.
 */
const base = '/form/customDialog/v1';

const alias = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

const field = Type.Object({ field: Type.String(), comment: Type.String() });

export type DialogField = Static<typeof field>;

const condition = Type.Object({
  ...field.properties,
  condition: Type.String(),
  dbType: Type.String(),
  /** '1': the user fills it in; anything else is fixed and applied by the server. */
  defaultType: Type.String(),
  defaultValue: Type.String(),
});

export type DialogCondition = Static<typeof condition>;

const definition = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  style: Type.Union([Type.Literal('list'), Type.Literal('tree')]),
  /** 1: one row; n > 1: at most n; 0: any number. */
  selectNum: Type.Integer(),
  displayfield: Type.Array(field),
  resultfield: Type.Array(field),
  sortfield: Type.Array(Type.Object({ field: Type.String(), sortType: Type.String() })),
  conditionfield: Type.Array(condition),
  dsType: Type.Union([Type.Literal('query'), Type.Literal('url')]),
  requestType: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
  needPage: Type.Boolean(),
  pageSize: Type.Integer(),
  /** Where a url dialog's answer keeps its rows, page, page size and total. */
  listKey: Type.String(),
  pageKey: Type.String(),
  pageSizeKey: Type.String(),
  totalKey: Type.String(),
  treeIdField: Type.String(),
  treeParentField: Type.String(),
});

export type CustomDialogDefinition = Static<typeof definition>;

const conditionValue = Type.Union([
  Type.String({ maxLength: 200 }),
  Type.Number(),
  Type.Null(),
  Type.Array(Type.String({ maxLength: 20 }), { minItems: 2, maxItems: 2 }),
]);

/** The platform's QueryFilter, limited to what a dialog reads. */
const listBody = Type.Object({
  pageBean: Type.Optional(
    Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      showTotal: Type.Optional(Type.Boolean()),
    }),
  ),
  querys: Type.Optional(
    Type.Array(
      Type.Object({
        property: Type.String({ minLength: 1, maxLength: 64 }),
        value: Type.Optional(conditionValue),
        operation: Type.Optional(Type.String({ maxLength: 20 })),
        relation: Type.Optional(Type.String({ maxLength: 10 })),
        group: Type.Optional(Type.String({ maxLength: 20 })),
      }),
      { maxItems: 20 },
    ),
  ),
  sorter: Type.Optional(querySorter),
  params: Type.Optional(Type.Unknown()),
});

const row = Type.Record(Type.String(), Type.Unknown());

export type DialogRow = Static<typeof row>;

/** A tree dialog's node: its row's fields and the nodes below it. */
export interface DialogNode extends DialogRow {
  children: DialogNode[];
}

/**
 * The nodes' schema is a row's (the serializer writes `children` as it is): a recursive
 * schema would be walked for every node of a tree of up to 1,000.
 */
const node = Type.Unsafe<DialogNode>(row);

const listAnswer = Type.Object({
  rows: Type.Optional(Type.Array(row)),
  nodes: Type.Optional(Type.Array(node)),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export type DialogPage = Static<typeof listAnswer>;

export const dialogCalls = defineCalls({
  byAlias: {
    method: 'GET',
    path: `${base}/getByAlias`,
    schema: {
      summary: 'A custom dialog by alias (a bare object, labels in the caller language)',
      description:
        'Unknown alias: 404. A dialog limited to roles the caller does not hold: 403. ' +
        'The configured address of a url dialog is not shown: the server calls it.',
      querystring: Type.Object({ alias }),
      response: { 200: definition },
    },
  },
  listData: {
    method: 'POST',
    path: `${base}/getListData`,
    schema: {
      summary: "One page of a dialog's rows, or a tree dialog's nodes",
      description:
        'The body is a QueryFilter: pageBean { page, pageSize (at most 100) }, querys on the ' +
        "dialog's editable condition fields only (another field: 400), sorter on one of its " +
        'display, result or sort fields. A list answers { rows, total, page, pageSize }; a ' +
        'tree { nodes (each with children), total (matching nodes), page, pageSize }; with ' +
        'a search, a tree keeps the matching nodes and their ancestors.',
      querystring: Type.Object({ alias }),
      body: Type.Optional(listBody),
      response: { 200: listAnswer },
    },
  },
});
