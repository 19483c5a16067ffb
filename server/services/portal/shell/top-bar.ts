import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { assetDetails, assetSummary } from '../../../domain/shell/assets';
import { greetingFor } from '../../../domain/shell/greetings';
import { recordTour, tourState } from '../../../domain/shell/tour';
import { unreadNewsCount } from '../../../domain/shell/unread';
import { unreadMailCount } from '../../../mail/messages';
import { businessCalendar, formatDateTime } from '../../../lib/time';
import { currentUser } from '../../../plugins/auth';
import { commonResult, ok } from '../../schemas';
import { assertOwnAccount } from './context';
import { accountQuery } from './schemas';
import { phraseCalls } from '../../../../src/contract/phrases';
import { addRoute } from '../../contract';

const tourSchema = Type.Object({
  due: Type.Boolean(),
  version: Type.Integer(),
  seenVersion: Type.Integer(),
  outcome: Type.Union([Type.Literal('complete'), Type.Literal('exit'), Type.Literal('')]),
});

/** Greeting, assets, the unread dot and the guided tour (docs/shell-api.md, "Top bar"). */
export async function topBarRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const today = () => businessCalendar(config).today;

  addRoute(app, phraseCalls.approvalTime, async () => ({
    state: true,
    message: formatDateTime(new Date(), config.timeZone),
  }));

  app.post(
    '/bpm/haiyaapi/getManageGreets',
    {
      schema: {
        summary: "The caller's scrolling greeting for today",
        response: { 200: commonResult(Type.Object({ zswb: Type.String() })) },
      },
    },
    async (request) =>
      ok({ zswb: await greetingFor(db, currentUser(request), today(), request.language) }),
  );

  app.post(
    '/bpm/haiyaapi/getZcmc',
    {
      schema: {
        summary: "The caller's asset unit (dwmc) and the names of their assets with counts",
        response: {
          200: commonResult(
            Type.Object({
              dwmc: Type.String(),
              items: Type.Array(Type.Object({ zcmc: Type.String(), count: Type.Integer() })),
            }),
          ),
        },
      },
    },
    async (request) => ok(await assetSummary(db, currentUser(request))),
  );

  app.post(
    '/bpm/haiyaapi/getGrzcmx',
    {
      schema: {
        summary: "The caller's assets of one name (all when zcmc is empty)",
        querystring: Type.Object({ zcmc: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: {
          200: commonResult(
            Type.Array(
              Type.Object({
                zcmc: Type.String(),
                zcid: Type.String(),
                ggxh: Type.String(),
                dwmc: Type.String(),
                acquiredOn: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { zcmc } = request.query;
      return ok(await assetDetails(db, currentUser(request), zcmc ?? ''));
    },
  );

  app.get(
    '/bpm/haiyaapi/isReadNews',
    {
      schema: {
        summary:
          'Whether the caller has unread news, announcements or mail (the contacts dot); count is news, mailCount mail',
        querystring: accountQuery,
        response: {
          200: commonResult(
            Type.Object({
              hasUnread: Type.Boolean(),
              count: Type.Integer(),
              mailCount: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const caller = assertOwnAccount(request, request.query.account);
      const count = await unreadNewsCount(db, caller, today());
      const mailCount = await unreadMailCount(db, caller.id);
      return ok({ hasUnread: count + mailCount > 0, count, mailCount });
    },
  );

  app.post(
    '/bpm/haiyaapi/getMailsNewsId',
    {
      schema: {
        summary: "Ids of the caller's unread mail in their inboxes, newest first (at most 100)",
        response: { 200: commonResult(Type.Array(Type.String())) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const rows = await db
        .selectFrom('mail_messages')
        .select('id')
        .where('user_id', '=', caller.id)
        .where('folder', '=', 'inbox')
        .where('seen', '=', false)
        .where('pending', 'is', null)
        .orderBy('sent_at', 'desc')
        .limit(100)
        .execute();
      return ok(rows.map((row) => row.id));
    },
  );

  app.post(
    '/bpm/haiyaapi/getManageGuide',
    {
      schema: {
        summary: 'Whether the guided tour is due for the caller',
        querystring: accountQuery,
        response: { 200: commonResult(tourSchema) },
      },
    },
    async (request) => {
      const caller = assertOwnAccount(request, request.query.account);
      return ok(await tourState(db, caller));
    },
  );

  app.post(
    '/bpm/haiyaapi/updateManageGuide',
    {
      schema: {
        summary: 'Records that the caller completed or exited the current tour version',
        querystring: Type.Object({
          account: Type.Optional(Type.String({ maxLength: 100 })),
          outcome: Type.Optional(Type.Union([Type.Literal('complete'), Type.Literal('exit')])),
        }),
        // No body at all is fine: the outcome may come in the query.
        body: Type.Union([
          Type.Object({
            outcome: Type.Optional(Type.Union([Type.Literal('complete'), Type.Literal('exit')])),
          }),
          Type.Null(),
        ]),
        response: { 200: commonResult(tourSchema) },
      },
    },
    async (request) => {
      const { query } = request;
      const caller = assertOwnAccount(request, query.account);
      // No body at all reaches here as undefined (Fastify validates it as null).
      const outcome = request.body?.outcome ?? query.outcome ?? 'complete';
      return ok(await recordTour(db, caller, outcome), request.t('server:shell.tourRecorded'));
    },
  );
}
