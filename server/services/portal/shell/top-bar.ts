import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { assetDetails, assetSummary } from '../../../domain/shell/assets';
import { greetingFor } from '../../../domain/shell/greetings';
import { recordTour, tourState } from '../../../domain/shell/tour';
import { unreadNewsCount } from '../../../domain/shell/unread';
import { unreadMailCount, unreadMailIds } from '../../../domain/mail/unread';
import { businessCalendar, formatDateTime } from '../../../lib/time';
import { currentUser } from '../../../plugins/auth';
import { ok } from '../../schemas';
import { addRoute } from '../../contract';
import { shellCalls } from '../../../../src/contract/shell';
import { assertOwnAccount } from './context';
import { phraseCalls } from '../../../../src/contract/phrases';

/** Greeting, assets, the unread dot and the guided tour (docs/shell-api.md, "Top bar"). */
export async function topBarRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const today = () => businessCalendar(config).today;

  addRoute(app, phraseCalls.approvalTime, async () => ({
    state: true,
    message: formatDateTime(new Date(), config.timeZone),
  }));

  addRoute(app, shellCalls.greeting, async (request) =>
    ok({ zswb: await greetingFor(db, currentUser(request), today(), request.language) }),
  );

  addRoute(app, shellCalls.assets, async (request) =>
    ok(await assetSummary(db, currentUser(request))),
  );

  addRoute(app, shellCalls.assetDetails, async (request) => {
    const { zcmc } = request.query;
    return ok(await assetDetails(db, currentUser(request), zcmc ?? ''));
  });

  addRoute(app, shellCalls.unreadNews, async (request) => {
    const caller = assertOwnAccount(request, request.query.account);
    const count = await unreadNewsCount(db, caller, today());
    const mailCount = await unreadMailCount(db, caller.id);
    return ok({ hasUnread: count + mailCount > 0, count, mailCount });
  });

  addRoute(app, shellCalls.unreadMailIds, async (request) => {
    const caller = currentUser(request);
    return ok(await unreadMailIds(db, caller.id));
  });

  addRoute(app, shellCalls.tour, async (request) => {
    const caller = assertOwnAccount(request, request.query.account);
    return ok(await tourState(db, caller));
  });

  addRoute(app, shellCalls.recordTour, async (request) => {
    const { query } = request;
    const caller = assertOwnAccount(request, query.account);
    // No body at all reaches here as undefined (Fastify validates it as null).
    const outcome = request.body?.outcome ?? query.outcome ?? 'complete';
    return ok(await recordTour(db, caller, outcome), request.t('server:shell.tourRecorded'));
  });
}
