import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatDateTime } from '../../lib/time';
import { flowName } from '../../domain/workflow/queries/names';
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
  const visible = (userId: string) =>
    db
      .selectFrom('wf_phrases')
      .selectAll()
      .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]));
  const shape = (row: {
    id: string;
    owner_id: string | null;
    expression: string;
    def_key: string;
    sort: number;
    created_at: Date;
  }): Phrase => ({
    id: row.id,
    expression: row.expression,
    type: row.owner_id ? 2 : 1,
    defKey: row.def_key,
    sn: row.sort,
    createTime: formatDateTime(row.created_at, config.timeZone),
  });

  addRoute(app, phraseCalls.forFlow, async (request) => {
    const { defKey } = request.query;
    const rows = await visible(callerOf(request).id)
      .where('def_key', 'in', defKey ? ['', defKey] : [''])
      .orderBy(sql`owner_id is null`)
      .orderBy('sort')
      .orderBy('created_at')
      .execute();
    return [...new Set(rows.map((row) => row.expression))];
  });

  addRoute(app, phraseCalls.list, async (request) => {
    const rows = await visible(callerOf(request).id)
      .select((eb) =>
        eb
          .selectFrom('wf_definitions as d')
          .select(flowName(request.language, 'd').as('name'))
          .whereRef('d.def_key', '=', 'wf_phrases.def_key')
          .where('d.is_main', '=', true)
          .limit(1)
          .as('def_name'),
      )
      .orderBy(sql`owner_id is null`)
      .orderBy('sort')
      .orderBy('created_at')
      .execute();
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
    const row = await visible(callerOf(request).id)
      .where('id', '=', request.query.id)
      .executeTakeFirst();
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
    if (body.defKey) {
      const def = await db
        .selectFrom('wf_definitions')
        .select('id')
        .where('def_key', '=', body.defKey)
        .executeTakeFirst();
      if (!def) throw badRequest('server:workflow.defNotFound');
    }
    const values = { expression, def_key: body.defKey ?? '', sort: body.sn ?? 0 };
    if (body.id) {
      let update = db.updateTable('wf_phrases').set(values).where('id', '=', body.id);
      update = system
        ? update.where('owner_id', 'is', null)
        : update.where('owner_id', '=', caller.id);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('server:workflow.phraseNotFound');
    } else {
      await db
        .insertInto('wf_phrases')
        .values({ id: newId(), owner_id: system ? null : caller.id, ...values })
        .execute();
    }
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, phraseCalls.remove, async (request) => {
    const caller = callerOf(request);
    const ids = idList(request.query.ids);
    const result = await db
      .deleteFrom('wf_phrases')
      .where('id', 'in', ids)
      .where((eb) =>
        caller.isAdmin
          ? eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', caller.id)])
          : eb('owner_id', '=', caller.id),
      )
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('server:workflow.phraseNotFound');
    return done(request, 'server:workflow.done.removed');
  });
}
