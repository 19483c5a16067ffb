import { Type, type Static, type TSchema } from 'typebox';
import { defineCalls } from './call';
import { listRow, nullable } from './fields';

/**
 * The finance lists' calls (docs/finance-queries.md): the generic named query and a
 * contract-month's invoices. The query's rows are open records keyed by the spec's column
 * names (JLBH, HTH, ...), which vary by query: they are declared as records of values, and
 * each list reads its own. The caller's merchant scope is the server's, from the session.
 */

/** The most rows a page of a named query holds. */
export const maxPageSize = 10_000;
/** The most sort terms a descriptor names. */
export const maxSortTerms = 3;

/** Left out or null: the server reads both as "not given". */
const unset = <T extends TSchema>(schema: T) => Type.Optional(nullable(schema));

/** A page of a named query: both numbers, nothing else. */
export const descriptorPage = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    pageSize: Type.Integer({ minimum: 1, maximum: maxPageSize }),
  },
  { additionalProperties: false },
);

/** One sort term: a field the query lets its list be sorted by, and its direction. */
export const sortTerm = Type.Object(
  {
    field: Type.String(),
    direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
  },
  { additionalProperties: false },
);

/**
 * How the total is counted: exactly (the default); exactly up to a bound, then an estimate
 * labelled as such; or not at all (the next pages keep the first page's total).
 */
export const countMode = Type.Union([
  Type.Literal('exact'),
  Type.Literal('estimate'),
  Type.Literal('none'),
]);

/** The `next` of the page before: the rows after it (keyset paging). */
export const cursor = Type.String({ maxLength: 4096 });

/**
 * The descriptor a named query is asked with: the JSON that `param` carries as base64
 * (executeSql, exportSql) and a batch print carries as it is. It names a query the server
 * knows and never holds SQL. The server reads it part by part with these schemas
 * (server/domain/finance/descriptor.ts), so that each refusal names what is wrong, and checks
 * the filters against the named query's own (their names and kinds vary by query).
 */
export const queryDescriptor = Type.Object(
  {
    query: Type.String(),
    filters: unset(Type.Record(Type.String(), nullable(Type.String()))),
    page: unset(descriptorPage),
    sort: unset(Type.Array(sortTerm, { maxItems: maxSortTerms })),
    count: unset(countMode),
    after: unset(cursor),
  },
  { additionalProperties: false },
);

export type QueryDescriptor = Static<typeof queryDescriptor>;

/** A descriptor as base64 of its UTF-8 JSON (executeSql's query, exportSql's body). */
const param = Type.String({ minLength: 1, maxLength: 65_536 });

/** The most columns an export writes. */
export const maxExportColumns = 100;

/** A column of an export: a field on screen, its title and how its values are written. */
const exportColumn = Type.Object(
  {
    field: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    // Spelled out, not mapped from a list: a mapped list types every entry as never.
    kind: Type.Optional(
      Type.Union([
        Type.Literal('text'),
        Type.Literal('money'),
        Type.Literal('number'),
        Type.Literal('date'),
        Type.Literal('index'),
      ]),
    ),
    // A code column's words for its codes (确认状态: 1 → 已确认), as the list shows them.
    labels: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.String({ minLength: 1, maxLength: 100 }), {
        maxProperties: 50,
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * What exportSql takes (`/bpm/{product}Script/exportSql`, a plain route: it answers a file):
 * the executeSql descriptor as base64, the format, the sheet's title and the columns on screen.
 */
export const exportBody = Type.Object(
  {
    param,
    format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    columns: Type.Array(exportColumn, { minItems: 1, maxItems: maxExportColumns }),
  },
  { additionalProperties: false },
);

export type ExportBody = Static<typeof exportBody>;

const queryAnswer = Type.Object({
  state: Type.Literal(true),
  result: Type.Array(listRow),
  /** null when not counted (count: none). */
  total: Type.Union([Type.Integer(), Type.Null()]),
  estimated: Type.Optional(Type.Boolean()),
  /** The cursor of the rows after a full page (keyset paging). */
  next: Type.Optional(Type.String()),
  /** The fields the list may be sorted by (with the count). */
  sortable: Type.Optional(Type.Array(Type.String())),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  summary: Type.Optional(Type.Record(Type.String(), Type.Number())),
  permissions: Type.Optional(Type.Object({ canAdd: Type.Boolean(), canEdit: Type.Boolean() })),
  /** Notice lists: opening a notice is the caller's acknowledgement (they are its merchant). */
  acknowledges: Type.Optional(Type.Boolean()),
});

const invoice = Type.Object({
  f_pp: Type.String(),
  f_kpny: Type.String(),
  f_fyxm: Type.String(),
  f_fyje: Type.Number(),
  f_pdfwj: Type.String(),
  f_xmlwj: Type.String(),
  f_ofdwj: Type.String(),
});

export type Invoice = Static<typeof invoice>;

/**
 * The calls, made for the deployment's product: the query's path carries it
 * (`/bpm/{product}Script/executeSql`). The server passes its configured product; the browser
 * types its calls with `FinanceCalls`, whose path takes any product.
 */
export const financeCallsOf = <const Product extends string>(product: Product) =>
  defineCalls({
    query: {
      method: 'GET',
      path: `/bpm/${product}Script/executeSql`,
      schema: {
        summary: 'Runs a named finance query (param: base64 of a JSON query descriptor)',
        description:
          'Descriptor: { "query": name, "filters": {...}, "page": { "page", "pageSize" }, "sort": [{ "field", "direction" }], "count": "exact" | "estimate" | "none", "after": cursor }. SQL text is refused.',
        querystring: Type.Object({ param }),
        response: { 200: queryAnswer },
      },
    },
    invoices: {
      method: 'POST',
      path: '/bpm/haiyaapi/getKpmxqk',
      schema: {
        summary: "The invoices (PDF, XML and OFD file ids) of a contract's month",
        description:
          'None (another merchant’s contract included) is HTTP 200 with code 500 and the message.',
        body: Type.Object({
          ghdwdm: Type.Optional(Type.String({ maxLength: 32 })),
          kpny: Type.String({ maxLength: 16 }),
          hth: Type.String({ maxLength: 64 }),
        }),
        response: {
          200: Type.Union([
            Type.Object({ code: Type.Literal(200), data: Type.Array(invoice) }),
            Type.Object({ code: Type.Literal(500), message: Type.String() }),
          ]),
        },
      },
    },
  });

export type FinanceCalls = ReturnType<typeof financeCallsOf<string>>;
