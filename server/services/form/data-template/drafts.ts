import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { draftCalls } from '../../../../src/contract/form-drafts';
import {
  draftRight,
  getDraft,
  listDrafts,
  removeDrafts,
  saveDraft,
} from '../../../domain/forms/drafts';
import { formTemplate } from '../../../domain/forms/form-templates';
import { assertInFormRecords, getRecord } from '../../../domain/forms/records';
import { addRoute } from '../../contract';
import { queryContext } from '../../portal/shell/context';
import { ok } from '../../schemas';
import { splitIds } from './schemas';

/** Drafts: boSaveDraft, getTempDraftData, getMyDraftList, removeTempDraft (docs/forms.md). */
export async function formDraftRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  addRoute(app, draftCalls.save, async (request) => {
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
  });

  addRoute(app, draftCalls.get, async (request) => {
    const ctx = queryContext(app, request);
    return ok(await getDraft(ctx, request.params.id));
  });

  addRoute(app, draftCalls.list, async (request) => {
    const ctx = queryContext(app, request);
    const body = request.body;
    const paging = { page: body?.pageBean?.page ?? 1, pageSize: body?.pageBean?.pageSize ?? 20 };
    return { ...(await listDrafts(ctx, paging, body?.templateKey)), ...paging };
  });

  addRoute(app, draftCalls.remove, async (request) => {
    const ctx = queryContext(app, request);
    const count = await removeDrafts(ctx, splitIds(request.query.ids));
    return ok(count, request.t('server:forms.deleted'));
  });
}
