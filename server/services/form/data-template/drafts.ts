import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  draftRight,
  getDraft,
  listDrafts,
  removeDrafts,
  saveDraft,
} from '../../../domain/forms/drafts';
import { formTemplate } from '../../../domain/forms/form-templates';
import { assertInFormRecords, getRecord } from '../../../domain/forms/records';
import { queryContext } from '../../portal/shell/context';
import { commonResult, ok } from '../../schemas';
import { idList, page, pageBean, recordId, splitIds, templateKey, values } from './schemas';

const base = '/form/dataTemplate/v1';

/** Drafts: boSaveDraft, getTempDraftData, getMyDraftList, removeTempDraft (docs/forms.md). */
export async function formDraftRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    `${base}/boSaveDraft`,
    {
      schema: {
        summary: "Keeps what the user typed, unchecked, as the caller's own draft",
        body: Type.Object({
          templateKey,
          id: Type.Optional(recordId),
          recordId: Type.Optional(recordId),
          title: Type.Optional(Type.String({ maxLength: 200 })),
          data: values,
        }),
        response: { 200: commonResult(Type.String()) },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      const body = request.body;
      const { template } = await formTemplate(ctx, body.templateKey, draftRight(body.recordId));
      // A bound table's records (dyzl) are saved whole or not at all: no drafts.
      assertInFormRecords(template);
      // Resuming a record's draft needs that record to be the caller's to see.
      if (body.recordId) await getRecord(ctx, template, body.recordId);
      const id = await saveDraft(ctx, template, body.data, {
        id: body.id,
        recordId: body.recordId,
        title: body.title ?? '',
      });
      return ok(id, request.t('server:forms.draftSaved'));
    },
  );

  app.get(
    `${base}/getTempDraftData/:id`,
    {
      schema: {
        summary: "One of the caller's drafts (another user's: 404)",
        params: Type.Object({ id: recordId }),
        response: { 200: commonResult(Type.Record(Type.String(), Type.Unknown())) },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      return ok(await getDraft(ctx, request.params.id));
    },
  );

  app.post(
    `${base}/getMyDraftList`,
    {
      schema: {
        summary: "A page of the caller's drafts, newest first (one template's when given)",
        body: Type.Union([
          Type.Object({ pageBean, templateKey: Type.Optional(templateKey) }),
          Type.Null(),
        ]),
        response: { 200: page },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      const body = request.body;
      const paging = { page: body?.pageBean?.page ?? 1, pageSize: body?.pageBean?.pageSize ?? 20 };
      return { ...(await listDrafts(ctx, paging, body?.templateKey)), ...paging };
    },
  );

  app.delete(
    `${base}/removeTempDraft`,
    {
      schema: {
        summary: "Removes the caller's drafts; an id that is not theirs refuses all (404)",
        querystring: Type.Object({ ids: idList }),
        response: { 200: commonResult(Type.Integer()) },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      const count = await removeDrafts(ctx, splitIds(request.query.ids));
      return ok(count, request.t('server:forms.deleted'));
    },
  );
}
