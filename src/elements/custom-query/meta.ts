import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-custom-query',
  summary:
    'A configured custom query, found by alias: its condition fields as a filter form and its rows in a table with paging. dataSource queries page on the server (doQuery over a named query); restful queries call their configured address (GET or POST, header and dataParam as JSON text) and read the rows at listKey, paged in the browser. The session token goes only to the Atrium server, never to an external address. The alias is awaited up to `wait-seconds` (a late alias, or a 404, is asked again), then "related query with alias not found". Every broken setting or answer (no url, header/dataParam/conditionfield not JSON, empty or non-JSON answer, no array at listKey, HTTP errors) shows its own message. Condition defaultType 1 (or none) is an input; other types are fixed values, sent but not shown.',
  attributes: {
    alias: { kind: 'string', description: 'The custom query alias.' },
    waitSeconds: {
      kind: 'number',
      description: 'How long to wait for the alias to resolve.',
      default: '15',
    },
    height: { kind: 'number', description: 'Most height of the table in px.', default: '400' },
    heading: { kind: 'boolean', description: "Shows the query's name above it." },
  },
  properties: {
    params: {
      type: 'Record<string, string>',
      description: "Condition values given by the page; they replace the fields' defaults.",
    },
  },
  events: {
    'atrium-query-result': {
      detail: '{ alias: string, total: number }',
      description: 'Rows arrived.',
    },
    'atrium-query-error': {
      detail: '{ alias: string, code: string, message: string }',
      description:
        'The query failed; `code` is notFound, emptyUrl, badParams, badHeader, badConditions, emptyAnswer, notJson, noArray, httpStatus, network, … or server.',
    },
  },
  methods: { refresh: 'Runs the query again with the current conditions.' },
  parts: {
    conditions: 'The condition form',
    table: 'The result table',
    pager: 'Paging',
  },
  example: '<atrium-custom-query alias="storeList" heading></atrium-custom-query>',
} satisfies ElementMeta;
