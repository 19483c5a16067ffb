import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { pageList } from './envelope';

/**
 * Custom queries (spec/shell.md section 7): a definition by alias, and a dataSource query's
 * rows. The definition's JSON settings are answered as the text they are stored as: checking
 * them is the browser's job for restful queries (a broken one is its error message to show).
 */
const base = '/form/customQuery/v1';

const definition = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  dsType: Type.Union([Type.Literal('dataSource'), Type.Literal('restful')]),
  requestType: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
  url: Type.String(),
  header: Type.String(),
  dataParam: Type.String(),
  listKey: Type.String(),
  conditionfield: Type.String(),
  resultfield: Type.String(),
  displayfield: Type.String(),
  pageSize: Type.Integer(),
  /** Where the rows come from: our doQuery for dataSource queries, the url for restful ones. */
  needPage: Type.Boolean(),
});

export type CustomQueryDefinition = Static<typeof definition>;

/** A page of rows of a named query; row fields depend on the query (see its definition). */
export const rowPage = pageList(Type.Record(Type.String(), Type.Unknown()));

export const queryCalls = defineCalls({
  byAlias: {
    method: 'POST',
    path: `${base}/getByAlias`,
    schema: {
      summary: 'A custom query definition by alias (a bare object; JSON settings as text)',
      description:
        'The alias comes as ?alias=, as a raw text body, or as { "alias": "..." }. ' +
        'Unknown alias: 404 "related query with alias not found".',
      querystring: Type.Object({ alias: Type.Optional(Type.String({ maxLength: 100 })) }),
      body: Type.Optional(Type.Unknown()),
      response: { 200: definition },
    },
  },
  run: {
    method: 'POST',
    path: `${base}/doQuery`,
    schema: {
      summary: "One page of a dataSource query's rows (a bare PageList)",
      description:
        'The body is queryData: JSON text (or a JSON object) of condition values, ' +
        '{ "field": "value" } or { "dateField": ["yyyy-mm-dd", "yyyy-mm-dd"] }. Text matches ' +
        'as a substring when not empty; a date pair only when both ends are set.',
      querystring: Type.Object({
        alias: Type.String({ minLength: 1, maxLength: 100 }),
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
      }),
      body: Type.Optional(Type.Unknown()),
      response: { 200: rowPage },
    },
  },
});
