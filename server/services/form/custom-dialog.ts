import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { querySorter } from '../../../src/contract/envelope';
import { loadDialog, toDefinition } from '../../domain/forms/dialogs/definition';
import { endpointOf, type Endpoint } from '../../domain/forms/dialogs/endpoint';
import { listData, type ListRequest } from '../../domain/forms/dialogs/list-data';
import { queryContext } from '../portal/shell/context';

/**
 * Custom dialogs (spec/workflow-office.md 7.6; docs/forms.md "Custom dialogs"): a definition
 * by alias and its rows or tree nodes. Rows come from a named server query with the caller's
 * scope, or from the dialog's configured address, called by this server.
 */
const alias = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

const field = Type.Object({ field: Type.String(), comment: Type.String() });

const definition = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  style: Type.Union([Type.Literal('list'), Type.Literal('tree')]),
  selectNum: Type.Integer(),
  displayfield: Type.Array(field),
  resultfield: Type.Array(field),
  sortfield: Type.Array(Type.Object({ field: Type.String(), sortType: Type.String() })),
  conditionfield: Type.Array(
    Type.Object({
      field: Type.String(),
      comment: Type.String(),
      condition: Type.String(),
      dbType: Type.String(),
      defaultType: Type.String(),
      defaultValue: Type.String(),
    }),
  ),
  dsType: Type.Union([Type.Literal('query'), Type.Literal('url')]),
  requestType: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
  needPage: Type.Boolean(),
  pageSize: Type.Integer(),
  listKey: Type.String(),
  pageKey: Type.String(),
  pageSizeKey: Type.String(),
  totalKey: Type.String(),
  treeIdField: Type.String(),
  treeParentField: Type.String(),
});

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

const listAnswer = Type.Object({
  rows: Type.Optional(Type.Array(row)),
  nodes: Type.Optional(Type.Array(row)),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export async function customDialogRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  // A 'url' dialog whose address is one of our own routes is asked in-process, anonymously.
  const endpoint: Endpoint = endpointOf(async (method, path, payload) => {
    const response = await app.inject({
      method,
      url: path,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body };
  });

  app.get(
    '/form/customDialog/v1/getByAlias',
    {
      schema: {
        summary: 'A custom dialog by alias (a bare object, labels in the caller language)',
        description:
          'Unknown alias: 404. A dialog limited to roles the caller does not hold: 403. ' +
          'The configured address of a url dialog is not shown: the server calls it.',
        querystring: Type.Object({ alias }),
        response: { 200: definition },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      const dialog = await loadDialog(ctx.db, ctx.caller, request.query.alias);
      return toDefinition(dialog, ctx.language);
    },
  );

  app.post(
    '/form/customDialog/v1/getListData',
    {
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
    async (request) => {
      const ctx = queryContext(app, request);
      const { alias: asked } = request.query;
      const dialog = await loadDialog(ctx.db, ctx.caller, asked);
      const body = request.body ?? {};
      const wanted: ListRequest = {
        page: body.pageBean?.page,
        pageSize: body.pageBean?.pageSize,
        querys: body.querys,
        sorter: body.sorter,
      };
      return listData(ctx, endpoint, dialog, wanted);
    },
  );
}
