import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatDateTime } from '../../lib/time';
import { flowName } from '../../workflow/queries/names';
import {
  callerOf,
  id,
  idList,
  optionalText,
  pageAnswer,
  stateAnswer,
} from '../bpm-runtime/workflow/common';
import { done } from '../schemas';

const base = '/flow/approvalItem/v1';
const loose = Type.Object({}, { additionalProperties: true });

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
  }) => ({
    id: row.id,
    expression: row.expression,
    type: row.owner_id ? 2 : 1,
    defKey: row.def_key,
    sn: row.sort,
    createTime: formatDateTime(row.created_at, config.timeZone),
  });

  app.get(
    `${base}/getApprovalByDefKeyAndTypeId`,
    {
      schema: {
        summary:
          "The phrases offered in the opinion box of a flow: the caller's, then the system ones",
        querystring: Type.Object({ defKey: optionalText(64), typeId: optionalText(64) }),
        response: { 200: Type.Array(Type.String()) },
      },
    },
    async (request) => {
      const { defKey } = request.query;
      const rows = await visible(callerOf(request).id)
        .where('def_key', 'in', defKey ? ['', defKey] : [''])
        .orderBy(sql`owner_id is null`)
        .orderBy('sort')
        .orderBy('created_at')
        .execute();
      return [...new Set(rows.map((row) => row.expression))];
    },
  );

  app.post(
    `${base}/listJson`,
    {
      schema: {
        summary: "The caller's and the system phrases (type 1 system, 2 personal)",
        body: Type.Optional(loose),
        response: { 200: pageAnswer },
      },
    },
    async (request) => {
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
    },
  );

  app.get(
    `${base}/approvalItemGet`,
    {
      schema: { summary: 'One phrase', querystring: Type.Object({ id }), response: { 200: loose } },
    },
    async (request) => {
      const row = await visible(callerOf(request).id)
        .where('id', '=', request.query.id)
        .executeTakeFirst();
      if (!row) throw notFound('server:workflow.phraseNotFound');
      return shape(row);
    },
  );

  app.post(
    `${base}/save`,
    {
      schema: {
        summary:
          'Adds or changes a phrase: personal (type 2) for anyone, system (type 1) by the admin only',
        body: Type.Object({
          id: optionalText(64),
          expression: Type.String({ minLength: 1, maxLength: 500 }),
          type: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
          defKey: optionalText(64),
          sn: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
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
    },
  );

  app.delete(
    `${base}/remove`,
    {
      schema: {
        summary: "Removes the caller's phrases (the admin may remove system ones)",
        querystring: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 5000 }) }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
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
    },
  );
}
