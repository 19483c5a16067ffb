import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { holidayTips } from '../../../domain/shell/holiday-tips';
import { columnByAlias, columnsByAlias, homeLayout } from '../../../domain/shell/layout';
import { runningNotices } from '../../../domain/shell/notices';
import { dismissPopup, pendingPopups } from '../../../domain/shell/popups';
import { reportTarget } from '../../../domain/shell/reports';
import type { ShellSettings } from '../../../domain/shell/settings';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { done, ok } from '../../schemas';
import { addRoute } from '../../contract';
import { shellCalls } from '../../../../src/contract/shell';
import { businessCalendar } from '../../../lib/time';

/** Marquee, holiday tips, pop-ups, layout and report links (docs/shell-api.md, "Home"). */
export async function homeRoutes(untyped: FastifyInstance, options: { settings: ShellSettings }) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const today = () => businessCalendar(config).today;

  addRoute(app, shellCalls.notices, async (request) =>
    ok(await runningNotices(db, today(), request.language)),
  );

  addRoute(app, shellCalls.holidayTips, async (request) =>
    ok(await holidayTips(db, currentUser(request), today(), request.language)),
  );

  addRoute(app, shellCalls.popups, async (request) => {
    const rows = await pendingPopups(db, currentUser(request));
    return ok({ count: rows.length, rows });
  });

  addRoute(app, shellCalls.closePopup, async (request) => {
    await dismissPopup(db, currentUser(request), request.query.id);
    return done(request, 'server:shell.popupClosed');
  });

  addRoute(app, shellCalls.homeLayout, async (request) => {
    const layout = await homeLayout(db, currentUser(request), request.language);
    // The widget list is the shared readonly columnWidgets; the reply's type is a plain array.
    return ok({ ...layout, widgets: [...layout.widgets] });
  });

  addRoute(app, shellCalls.column, async (request) => {
    const { alias } = request.query;
    return ok(await columnByAlias(db, currentUser(request), alias, request.language));
  });

  addRoute(app, shellCalls.columns, async (request) => {
    const aliases = request.body.alias.split(',');
    if (aliases.length > 50) throw badRequest('server:shell.tooManyAliases');
    return ok(await columnsByAlias(db, currentUser(request), aliases, request.language));
  });

  addRoute(app, shellCalls.reportTarget, async (request) => {
    const { alias } = request.query;
    const target = await reportTarget(
      db,
      currentUser(request),
      alias,
      options.settings.reportServerUrl,
    );
    return ok(target);
  });
}
