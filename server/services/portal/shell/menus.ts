import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { appCenterAlias, appCentreTree, appsOfMenu, searchApps } from '../../../domain/shell/apps';
import { menuTree, sideMenu } from '../../../domain/shell/menus';
import { methodAuth } from '../../../domain/shell/methods';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { ok } from '../../schemas';
import { assertOwnAccount } from './context';
import { shellCalls } from '../../../../src/contract/shell';
import { widgetCalls } from '../../../../src/contract/widgets';
import { addRoute } from '../../contract';

/** Menus, the side menu, the app centre and the app search (docs/shell-api.md, "Menus"). */
export async function menuRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  addRoute(app, shellCalls.menu, async (request) => {
    const { menuAlias } = request.query;
    const caller = currentUser(request);
    const tree = await menuTree(db, caller, menuAlias, request.language);
    // The app centre's nodes only where the caller may open an app.
    const shown = menuAlias === appCenterAlias ? await appCentreTree(db, caller, tree) : tree;
    return ok(shown, request.t('server:shell.menuLoaded'));
  });

  addRoute(app, shellCalls.methodAuth, async (request) =>
    ok(await methodAuth(db, currentUser(request), request.language)),
  );

  addRoute(app, shellCalls.sideMenu, async (request) => {
    const caller = assertOwnAccount(request, request.query.account);
    return ok(await sideMenu(db, caller, request.language));
  });

  addRoute(app, widgetCalls.authorisedApps, async (request) => {
    const { menuId } = request.body;
    return appsOfMenu(db, currentUser(request), menuId, request.language);
  });

  addRoute(app, shellCalls.searchApps, async (request) => {
    const keyword = request.query.keyword?.trim() ?? '';
    if (!keyword) throw badRequest('server:shell.searchEmpty');
    return ok(await searchApps(db, currentUser(request), keyword, request.language));
  });
}
