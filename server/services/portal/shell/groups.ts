import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  createGroup,
  deleteGroup,
  groupEditor,
  layoutGroups,
  renameGroup,
  saveGroup,
} from '../../../domain/shell/layout-groups';
import { currentUser } from '../../../plugins/auth';
import { widgetCalls } from '../../../../src/contract/widgets';
import { addRoute } from '../../contract';
import { done, ok } from '../../schemas';

/** Column groups of /v-personal/groupManager, administrators only (docs/shell-api.md). */
export async function groupRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  addRoute(app, widgetCalls.layoutGroups, async (request) =>
    ok(await layoutGroups(db, currentUser(request))),
  );

  addRoute(app, widgetCalls.createLayoutGroup, async (request) => {
    const body = request.body;
    const created = await createGroup(db, currentUser(request), body.name, body.roleId);
    return ok({ id: created }, request.t('server:widgets.groupCreated'));
  });

  addRoute(app, widgetCalls.renameLayoutGroup, async (request) => {
    const body = request.body;
    await renameGroup(db, currentUser(request), body.id, body.name);
    return done(request, 'server:widgets.groupRenamed');
  });

  addRoute(app, widgetCalls.removeLayoutGroup, async (request) => {
    await deleteGroup(db, currentUser(request), request.body.id);
    return done(request, 'server:widgets.groupDeleted');
  });

  addRoute(app, widgetCalls.layoutGroup, async (request) =>
    ok(await groupEditor(db, currentUser(request), request.query.id, request.language)),
  );

  addRoute(app, widgetCalls.saveLayoutGroup, async (request) => {
    const body = request.body;
    await saveGroup(db, currentUser(request), body.id, body.columns);
    return done(request, 'server:widgets.groupSaved');
  });
}
