import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { layoutEditor, resetLayout, saveLayout } from '../../../domain/shell/layout';
import {
  favouriteApps,
  saveFavouriteApps,
  visibleApp,
} from '../../../domain/widgets/favourite-apps';
import { meetingDetail, meetingDetailSchema, meetingPage } from '../../../domain/widgets/meetings';
import { shortcutApps } from '../../../domain/widgets/shortcuts';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { commonResult, done, ok, okMessage, pageList, queryFilter } from '../../schemas';
import { assertOwnAccount } from './context';
import { columnConfig, layoutCell } from './schemas';
import { businessCalendar } from '../../../lib/time';

const meetingRow = Type.Object({
  id: Type.String(),
  hymc: Type.String(),
  kssj: Type.String(),
  taskId: Type.String(),
  kind: Type.Union([Type.Literal('meeting'), Type.Literal('booking')]),
  room: Type.String(),
  canOpen: Type.Boolean(),
});

const favouriteApp = Type.Object({
  yybm: Type.String(),
  yymc: Type.String(),
  icon: Type.String(),
  type: Type.Integer(),
  content: Type.String(),
  menuname: Type.String(),
});

const code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' });

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

  app.post(
    '/portal/meeting/v1/getMeetingPagination',
    {
      schema: {
        summary: "The caller's meetings (hymc, kssj, taskId), start time descending",
        description:
          'Workflow meetings the caller attends (kind meeting, opens /task/{taskId}) and the ' +
          'meeting bookings (online form meetingBooking) they booked, host or are invited to ' +
          'that start today or later (kind booking, with its room; canOpen when the caller ' +
          'may open the record). A querys entry {property: "kssj", value: "today" or ' +
          '"YYYY-MM-DD"} keeps those starting that day (the home card: today, business time zone).',
        body: Type.Optional(queryFilter),
        response: { 200: pageList(meetingRow) },
      },
    },
    async (request) => {
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
    },
  );

  app.get(
    '/portal/meeting/v1/get',
    {
      schema: {
        summary: 'One meeting: time, room, organiser, attendees and the request it reviews',
        description: 'For its attendees, its organiser and the administrator; 404 otherwise.',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: meetingDetailSchema },
      },
    },
    async (request) =>
      meetingDetail(db, currentUser(request), request.query.id, request.language, config.timeZone),
  );

  app.post(
    '/bpm/haiyaapi/getOftenFlows',
    {
      schema: {
        summary: "The caller's favourite apps in their order (yybm, yymc, icon, type, content)",
        response: { 200: Type.Array(favouriteApp) },
      },
    },
    async (request) => favouriteApps(db, currentUser(request), request.language),
  );

  app.post(
    '/bpm/haiyaapi/UpdateOftenFlow',
    {
      schema: {
        summary: "Replaces the caller's favourite apps (1 to 11 apps they may see)",
        description: 'yymc is the client’s label and is ignored: names come from the app centre.',
        body: Type.Object({
          app: Type.Array(
            Type.Object({ yybm: code, yymc: Type.Optional(Type.String({ maxLength: 200 })) }),
            { maxItems: 100 },
          ),
        }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const { app: apps } = request.body;
      await saveFavouriteApps(
        db,
        currentUser(request),
        apps.map((entry) => entry.yybm),
        request.language,
      );
      return done(request, 'server:widgets.favouritesSaved');
    },
  );

  app.post(
    '/bpm/haiyaapi/getYykjrk',
    {
      schema: {
        summary: 'The quick system-entry bar: yymc, tb (icon file ids), yylj, nwyylj',
        querystring: Type.Object({ account: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.String(),
              yymc: Type.String(),
              tb: Type.String(),
              yylj: Type.String(),
              nwyylj: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const caller = assertOwnAccount(request, request.query.account);
      return shortcutApps(db, caller, request.language);
    },
  );

  app.get(
    '/portal/sysApp/v1/getApp',
    {
      schema: {
        summary: 'One app of the app centre the caller may see, with the route that opens it',
        querystring: Type.Object({ id: code }),
        response: { 200: commonResult(Type.Object({ url: Type.String(), name: Type.String() })) },
      },
    },
    async (request) => {
      const { id } = request.query;
      return ok(await visibleApp(db, currentUser(request), id, request.language));
    },
  );

  app.get(
    '/bpm/haiyaapi/getMyLayout',
    {
      schema: {
        summary:
          "The caller's layout for editing: placed columns, whether it is their own, what can be added",
        response: {
          200: commonResult(
            Type.Object({
              columns: Type.Array(
                Type.Intersect([
                  columnConfig,
                  Type.Object({
                    x: Type.Integer(),
                    y: Type.Integer(),
                    w: Type.Integer(),
                    h: Type.Integer(),
                  }),
                ]),
              ),
              custom: Type.Boolean(),
              available: Type.Array(
                Type.Object({ alias: Type.String(), name: Type.String(), widget: Type.String() }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(await layoutEditor(db, currentUser(request), request.language)),
  );

  app.post(
    '/bpm/haiyaapi/saveMyLayout',
    {
      schema: {
        summary: "Saves the caller's own home layout (columns they may see, each once)",
        body: Type.Object({ columns: Type.Array(layoutCell, { maxItems: 100 }) }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const { columns } = request.body;
      await saveLayout(db, currentUser(request), columns, request.language);
      return done(request, 'server:widgets.layoutSaved');
    },
  );

  app.post(
    '/bpm/haiyaapi/resetMyLayout',
    {
      schema: {
        summary: "Forgets the caller's own layout: the home page shows their role's again",
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await resetLayout(db, currentUser(request));
      return done(request, 'server:widgets.layoutReset');
    },
  );
}
