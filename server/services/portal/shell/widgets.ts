import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { layoutEditor, resetLayout, saveLayout } from '../../../domain/shell/layout';
import {
  favouriteApps,
  saveFavouriteApps,
  visibleApp,
} from '../../../domain/widgets/favourite-apps';
import { meetingDetail, meetingPage } from '../../../domain/widgets/meetings';
import { shortcutApps } from '../../../domain/widgets/shortcuts';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { widgetCalls } from '../../../../src/contract/widgets';
import { addRoute } from '../../contract';
import { done, ok } from '../../schemas';
import { assertOwnAccount } from './context';
import { businessCalendar } from '../../../lib/time';

/**
 * The day a meetings query keeps (querys kssj): 'today' in the business time zone, or a
 * 'YYYY-MM-DD' date; any other property or value is a 400.
 */
function meetingDay(
  querys: { property: string; value?: unknown }[] | undefined,
  today: string,
): string | undefined {
  let day: string | undefined;
  for (const query of querys ?? []) {
    const value = typeof query.value === 'string' ? query.value.trim() : '';
    if (query.property !== 'kssj')
      throw badRequest('server:shell.queryUnknownField', { field: query.property });
    if (value === 'today') day = today;
    else if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) day = value;
    else throw badRequest('server:shell.queryBadValue', { field: 'kssj' });
  }
  return day;
}

/** Home widgets: meetings, favourite apps, shortcuts and the caller's own layout. */
export async function widgetRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  addRoute(app, widgetCalls.meetings, async (request) => {
    const { body } = request;
    const { page = 1, pageSize = 10 } = body?.pageBean ?? {};
    const calendar = businessCalendar(config);
    return meetingPage(
      db,
      currentUser(request),
      { page, pageSize, day: meetingDay(body?.querys, calendar.today) },
      request.language,
      calendar,
    );
  });

  addRoute(app, widgetCalls.meeting, async (request) =>
    meetingDetail(db, currentUser(request), request.query.id, request.language, config.timeZone),
  );

  addRoute(app, widgetCalls.favouriteApps, async (request) =>
    favouriteApps(db, currentUser(request), request.language),
  );

  addRoute(app, widgetCalls.saveFavouriteApps, async (request) => {
    const { app: apps } = request.body;
    await saveFavouriteApps(
      db,
      currentUser(request),
      apps.map((entry) => entry.yybm),
      request.language,
    );
    return done(request, 'server:widgets.favouritesSaved');
  });

  addRoute(app, widgetCalls.shortcutApps, async (request) => {
    const caller = assertOwnAccount(request, request.query.account);
    return shortcutApps(db, caller, request.language);
  });

  addRoute(app, widgetCalls.app, async (request) => {
    const { id } = request.query;
    return ok(await visibleApp(db, currentUser(request), id, request.language));
  });

  addRoute(app, widgetCalls.myLayout, async (request) =>
    ok(await layoutEditor(db, currentUser(request), request.language)),
  );

  addRoute(app, widgetCalls.saveMyLayout, async (request) => {
    const { columns } = request.body;
    await saveLayout(db, currentUser(request), columns, request.language);
    return done(request, 'server:widgets.layoutSaved');
  });

  addRoute(app, widgetCalls.resetMyLayout, async (request) => {
    await resetLayout(db, currentUser(request));
    return done(request, 'server:widgets.layoutReset');
  });
}
