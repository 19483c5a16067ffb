import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { dialogCalls } from '../../../src/contract/custom-dialog';
import { loadDialog, toDefinition } from '../../domain/forms/dialogs/definition';
import { endpointOf, type Endpoint } from '../../domain/forms/dialogs/endpoint';
import { listData, type ListRequest } from '../../domain/forms/dialogs/list-data';
import { addRoute } from '../contract';
import { queryContext } from '../portal/shell/context';

/**
 * Custom dialogs (spec/workflow-office.md 7.6; docs/forms.md "Custom dialogs"): a definition
 * by alias and its rows or tree nodes. Rows come from a named server query with the caller's
 * scope, or from the dialog's configured address, called by this server.
 */
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

  addRoute(app, dialogCalls.byAlias, async (request) => {
    const ctx = queryContext(app, request);
    const dialog = await loadDialog(ctx.db, ctx.caller, request.query.alias);
    return toDefinition(dialog, ctx.language);
  });

  addRoute(app, dialogCalls.listData, async (request) => {
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
  });
}
