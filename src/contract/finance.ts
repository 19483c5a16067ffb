import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { listRow } from './fields';

/**
 * The finance lists' calls (docs/finance-queries.md): the generic named query and a
 * contract-month's invoices. The query's rows are open records keyed by the spec's column
 * names (JLBH, HTH, ...), which vary by query: they are declared as records of values, and
 * each list reads its own. The caller's merchant scope is the server's, from the session.
 */

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
        querystring: Type.Object({ param: Type.String({ minLength: 1, maxLength: 65_536 }) }),
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
