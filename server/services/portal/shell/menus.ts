import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { appCenterAlias, appCentreTree, appsOfMenu, searchApps } from '../../../domain/shell/apps';
import { menuTree, sideMenu } from '../../../domain/shell/menus';
import { methodAuth } from '../../../domain/shell/methods';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { commonResult, ok } from '../../schemas';
import { assertOwnAccount } from './context';
import { widgetCalls } from '../../../../src/contract/widgets';
import { addRoute } from '../../contract';
import { accountQuery, appEntry, menuNode, sideMenuItem } from './schemas';

/** Menus, the side menu, the app centre and the app search (docs/shell-api.md, "Menus"). */
export async function menuRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/sys/sysMenu/v1/getCurrentUserMenu',
    {
      schema: {
        summary:
          "The caller's menu tree below the menu with this alias (front_menu, appCenterFront, ...)",
        querystring: Type.Object({ menuAlias: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: commonResult(Type.Array(menuNode)) },
      },
    },
    async (request) => {
      const { menuAlias } = request.query;
      const caller = currentUser(request);
      const tree = await menuTree(db, caller, menuAlias, request.language);
      // The app centre's nodes only where the caller may open an app.
      const shown = menuAlias === appCenterAlias ? await appCentreTree(db, caller, tree) : tree;
      return ok(shown, request.t('server:shell.menuLoaded'));
    },
  );

  app.get(
    '/sys/sysMethod/v1/getCurrentUserMethodAuth',
    {
      schema: {
        summary:
          'Method permissions: every permission-controlled action (allMethod) and those the caller holds (curUserMethod)',
        response: {
          200: commonResult(
            Type.Object({
              allMethod: Type.Array(
                Type.Object({
                  alias: Type.String(),
                  name: Type.String(),
                  menuAlias: Type.String(),
                }),
              ),
              curUserMethod: Type.Array(Type.String()),
            }),
          ),
        },
      },
    },
    async (request) => ok(await methodAuth(db, currentUser(request), request.language)),
  );

  app.post(
    '/bpm/haiyaapi/getmenu',
    {
      schema: {
        summary: "The shell's side menu: the first level of the caller's front menu",
        querystring: accountQuery,
        response: { 200: commonResult(Type.Array(sideMenuItem)) },
      },
    },
    async (request) => {
      const caller = assertOwnAccount(request, request.query.account);
      return ok(await sideMenu(db, caller, request.language));
    },
  );

  addRoute(app, widgetCalls.authorisedApps, async (request) => {
    const { menuId } = request.body;
    return appsOfMenu(db, currentUser(request), menuId, request.language);
  });

  app.post(
    '/bpm/haiyaapi/searchApps',
    {
      schema: {
        summary:
          'Apps of the app centre whose name contains the keyword, among those the caller may see',
        querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: commonResult(Type.Array(appEntry)) },
      },
    },
    async (request) => {
      const keyword = request.query.keyword?.trim() ?? '';
      if (!keyword) throw badRequest('server:shell.searchEmpty');
      return ok(await searchApps(db, currentUser(request), keyword, request.language));
    },
  );
}
