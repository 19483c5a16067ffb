import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { flowKeyExists } from '../../domain/workflow/flow-keys';
import {
  addPhrase,
  phrasesForFlow,
  phrasesWithFlowNames,
  removePhrases,
  updatePhrase,
  visiblePhrase,
  type PhraseRow,
} from '../../domain/workflow/phrases';
import { phraseCalls, type Phrase } from '../../../src/contract/phrases';
import { callerOf, idList } from '../bpm-runtime/workflow/common';
import { addRoute } from '../contract';
import { done } from '../schemas';

/**
 * Approval phrases (常用语): system phrases (no owner, kept by the admin) for everyone and
 * each user's own; either may be tied to one flow (defKey) or apply to all.
 */
export async function phraseRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const shape = (row: PhraseRow): Phrase => ({
    id: row.id,
    expression: row.expression,
    type: row.owner_id ? 2 : 1,
    defKey: row.def_key,
    sn: row.sort,
    createTime: formatDateTime(row.created_at, config.timeZone),
  });

  addRoute(app, phraseCalls.forFlow, async (request) => {
    const rows = await phrasesForFlow(db, callerOf(request).id, request.query.defKey);
    return [...new Set(rows.map((row) => row.expression))];
  });

  addRoute(app, phraseCalls.list, async (request) => {
    const rows = await phrasesWithFlowNames(db, callerOf(request).id, request.language);
    // The flow by its name in the reader's language (its key when it has none any more).
    const named = rows.map((row) => ({ ...shape(row), defName: row.def_name ?? row.def_key }));
    return {
      rows: named,
      total: named.length,
      page: 1,
      pageSize: Math.max(named.length, 1),
    };
  });

  addRoute(app, phraseCalls.get, async (request) => {
    const row = await visiblePhrase(db, callerOf(request).id, request.query.id);
    if (!row) throw notFound('server:workflow.phraseNotFound');
    return shape(row);
  });

  addRoute(app, phraseCalls.save, async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    const expression = body.expression.trim();
    if (!expression) throw badRequest('server:workflow.phraseEmpty');
    const system = body.type === 1;
    if (system && !caller.isAdmin) throw forbidden();
    if (body.defKey && !(await flowKeyExists(db, body.defKey)))
      throw badRequest('server:workflow.defNotFound');
    const values = { expression, def_key: body.defKey ?? '', sort: body.sn ?? 0 };
    const ownerId = system ? null : caller.id;
    if (body.id) {
      if (!(await updatePhrase(db, body.id, ownerId, values)))
        throw notFound('server:workflow.phraseNotFound');
    } else {
      await addPhrase(db, ownerId, values);
    }
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, phraseCalls.remove, async (request) => {
    const removed = await removePhrases(db, idList(request.query.ids), callerOf(request));
    if (removed === 0) throw notFound('server:workflow.phraseNotFound');
    return done(request, 'server:workflow.done.removed');
  });
}
