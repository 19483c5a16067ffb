import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { holidayTips } from '../../../domain/shell/holiday-tips';
import { columnByAlias, columnsByAlias, homeLayout } from '../../../domain/shell/layout';
import { runningNotices } from '../../../domain/shell/notices';
import { dismissPopup, pendingPopups } from '../../../domain/shell/popups';
import { reportTarget } from '../../../domain/shell/reports';
import type { ShellSettings } from '../../../domain/shell/settings';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { commonResult, done, ok, okMessage } from '../../schemas';
import { columnConfig } from './schemas';
import { businessCalendar } from '../../../lib/time';

const popupSchema = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  desc: Type.String(),
  url: Type.String(),
  popupType: Type.Union([Type.Literal('tab'), Type.Literal('new'), Type.Literal('dialog')]),
  dialogWidth: Type.String(),
  dialogHeight: Type.String(),
});

const tipSchema = Type.Object({
  lx: Type.Union([Type.Literal('birthday'), Type.Literal('anniversary'), Type.Literal('festival')]),
  account: Type.String(),
  tcwb: Type.String(),
  bjtp: Type.String(),
  title: Type.String(),
});

const placedColumn = Type.Object({
  ...columnConfig.properties,
  x: Type.Integer(),
  y: Type.Integer(),
  w: Type.Integer(),
  h: Type.Integer(),
});

/** Marquee, holiday tips, pop-ups, layout and report links (docs/shell-api.md, "Home"). */
export async function homeRoutes(untyped: FastifyInstance, options: { settings: ShellSettings }) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const today = () => businessCalendar(config).today;

  app.get(
    '/enterpriseNotice/v1/getShowEnterpriseNotice',
    {
      schema: {
        summary: 'The enterprise notices running today, for the marquee',
        response: {
          200: commonResult(
            Type.Array(Type.Object({ id: Type.String(), showInfo: Type.String() })),
          ),
        },
      },
    },
    async (request) => ok(await runningNotices(db, today(), request.language)),
  );

  app.post(
    '/bpm/haiyaapi/getHolidayTips',
    {
      schema: {
        summary: "Today's tips for the caller: their birthday, work anniversary, running festivals",
        response: { 200: commonResult(Type.Array(tipSchema)) },
      },
    },
    async (request) => ok(await holidayTips(db, currentUser(request), today(), request.language)),
  );

  app.get(
    '/bpm/haiyaapi/getPopups',
    {
      schema: {
        summary: 'Running pop-up tips for the caller that they have not closed',
        response: {
          200: commonResult(Type.Object({ count: Type.Integer(), rows: Type.Array(popupSchema) })),
        },
      },
    },
    async (request) => {
      const rows = await pendingPopups(db, currentUser(request));
      return ok({ count: rows.length, rows });
    },
  );

  app.post(
    '/bpm/haiyaapi/closePopup',
    {
      schema: {
        summary: 'Closes a pop-up tip for the caller; it does not show again',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await dismissPopup(db, currentUser(request), request.query.id);
      return done(request, 'server:shell.popupClosed');
    },
  );

  app.get(
    '/bpm/haiyaapi/getHomeLayout',
    {
      schema: {
        summary: "The caller's home grid: placed column configs and the known widgets",
        response: {
          200: commonResult(
            Type.Object({
              id: Type.String(),
              name: Type.String(),
              columns: Type.Array(placedColumn),
              widgets: Type.Array(Type.String()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const layout = await homeLayout(db, currentUser(request), request.language);
      // The widget list is the shared readonly columnWidgets; the reply's type is a plain array.
      return ok({ ...layout, widgets: [...layout.widgets] });
    },
  );

  app.get(
    '/bpm/haiyaapi/getColumnByAlias',
    {
      schema: {
        summary: 'One column config, with whether the caller may see it (displayRights)',
        querystring: Type.Object({ alias: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: commonResult(columnConfig) },
      },
    },
    async (request) => {
      const { alias } = request.query;
      return ok(await columnByAlias(db, currentUser(request), alias, request.language));
    },
  );

  app.post(
    '/bpm/haiyaapi/getColumnByAliasBatch',
    {
      schema: {
        summary: 'Column configs of comma-joined aliases, in that order; unknown ones are left out',
        body: Type.Object({ alias: Type.String({ minLength: 1, maxLength: 2000 }) }),
        response: { 200: commonResult(Type.Array(columnConfig)) },
      },
    },
    async (request) => {
      const aliases = request.body.alias.split(',');
      if (aliases.length > 50) throw badRequest('server:shell.tooManyAliases');
      return ok(await columnsByAlias(db, currentUser(request), aliases, request.language));
    },
  );

  app.get(
    '/bpm/haiyaapi/getReportUrl',
    {
      schema: {
        summary: 'Where the report page posts its hidden form (account and DTID) for an alias',
        querystring: Type.Object({ alias: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: commonResult(
            Type.Object({
              alias: Type.String(),
              name: Type.String(),
              url: Type.String(),
              method: Type.Literal('POST'),
              fields: Type.Object({ account: Type.String(), DTID: Type.String() }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { alias } = request.query;
      const target = await reportTarget(
        db,
        currentUser(request),
        alias,
        options.settings.reportServerUrl,
      );
      return ok(target);
    },
  );
}
