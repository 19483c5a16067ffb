import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  batchUpdate,
  formTemplate,
  formTemplateByAlias,
} from '../../../domain/forms/form-templates';
import { getRecord } from '../../../domain/forms/records';
import { recordStoreOf } from '../../../domain/forms/record-stores';
import { notFound } from '../../../lib/errors';
import { queryContext } from '../../portal/shell/context';
import { commonResult, ok } from '../../schemas';
import { addRoute } from '../../contract';
import { page, pageBean, recordCalls, recordId, splitIds, templateKey } from './schemas';

const base = '/form/dataTemplate/v1';

/** Which sub-table of which record: getSubData's query, and getSubDataPagination's body. */
const subQueryFields = { templateKey, id: recordId, subTable: templateKey };
const subQuery = Type.Object(subQueryFields);
type SubQuery = Static<typeof subQuery>;

/**
 * Record calls of online forms besides boSave/getForm/dataList (docs/forms.md). The sub-table
 * reads are not the browser's calls (the form page has the rows with the record): plain routes.
 */
export async function formRecordRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  addRoute(app, recordCalls.batchUpdate, async (request) => {
    const ctx = queryContext(app, request);
    const { boAlias } = request.params;
    const body = request.body;
    const form = await formTemplateByAlias(ctx, boAlias, 'edit');
    const count = await batchUpdate(ctx, form, [...new Set(body.ids)], body.values);
    return ok(count, request.t('server:forms.batchUpdated', { count }));
  });

  addRoute(app, recordCalls.remove, async (request) => {
    const ctx = queryContext(app, request);
    const { boAlias } = request.params;
    const form = await formTemplateByAlias(ctx, boAlias, 'delete');
    const ids = splitIds(request.query.ids);
    const count = await recordStoreOf(form.template, app.deps.sms).remove(ctx, form, ids);
    return ok(count, request.t('server:forms.deleted'));
  });

  app.get(
    `${base}/getSubData`,
    {
      schema: {
        summary: 'All rows of one sub-table of a record the caller may see',
        querystring: subQuery,
        response: { 200: commonResult(Type.Array(Type.Record(Type.String(), Type.Unknown()))) },
      },
    },
    async (request) => {
      const { rows } = await subRows(app, request, request.query);
      return ok(rows);
    },
  );

  app.post(
    `${base}/getSubDataPagination`,
    {
      schema: {
        summary: 'One page of one sub-table of a record the caller may see',
        body: Type.Object({ ...subQueryFields, pageBean }),
        response: { 200: page },
      },
    },
    async (request) => {
      const body = request.body;
      const { rows } = await subRows(app, request, body);
      const current = body.pageBean?.page ?? 1;
      const size = body.pageBean?.pageSize ?? 10;
      return {
        rows: rows.slice((current - 1) * size, current * size),
        total: rows.length,
        page: current,
        pageSize: size,
      };
    },
  );
}

/** A sub-table's rows of a record, read with the caller's scope (another's record: 404). */
async function subRows(app: FastifyInstance, request: FastifyRequest, query: SubQuery) {
  const ctx = queryContext(app, request);
  const { template, definition } = await formTemplate(ctx, query.templateKey, 'read');
  if (!definition.subTables.some((table) => table.name === query.subTable))
    throw notFound('server:forms.subTableNotFound');
  const { data } = await getRecord(ctx, template, query.id);
  return { rows: (data[query.subTable] ?? []) as Record<string, unknown>[] };
}
