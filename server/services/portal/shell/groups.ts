import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  createGroup,
  deleteGroup,
  groupEditor,
  layoutGroups,
  renameGroup,
  saveGroup,
} from '../../../domain/shell/layout-groups';
import { currentUser } from '../../../plugins/auth';
import { commonResult, done, ok, okMessage } from '../../schemas';
import { layoutCell } from './schemas';

const id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' });
const name = Type.String({ minLength: 1, maxLength: 60 });
const pickable = { alias: Type.String(), name: Type.String(), widget: Type.String() };

const group = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  columnCount: Type.Integer(),
});

/** Column groups of /v-personal/groupManager, administrators only (docs/shell-api.md). */
export async function groupRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/bpm/haiyaapi/getLayoutGroups',
    {
      schema: {
        summary:
          'Column groups (role home layouts) with their role and column count, and the roles',
        response: {
          200: commonResult(
            Type.Object({
              groups: Type.Array(group),
              roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
            }),
          ),
        },
      },
    },
    async (request) => ok(await layoutGroups(db, currentUser(request))),
  );

  app.post(
    '/bpm/haiyaapi/createLayoutGroup',
    {
      schema: {
        summary: "Creates a role's column group (one per role), starting from the default columns",
        body: Type.Object({ name, roleId: id }),
        response: { 200: commonResult(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => {
      const body = request.body;
      const created = await createGroup(db, currentUser(request), body.name, body.roleId);
      return ok({ id: created }, request.t('server:widgets.groupCreated'));
    },
  );

  app.post(
    '/bpm/haiyaapi/renameLayoutGroup',
    {
      schema: {
        summary: 'Renames a column group',
        body: Type.Object({ id, name }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const body = request.body;
      await renameGroup(db, currentUser(request), body.id, body.name);
      return done(request, 'server:widgets.groupRenamed');
    },
  );

  app.post(
    '/bpm/haiyaapi/deleteLayoutGroup',
    {
      schema: {
        summary: "Deletes a column group: its role's users fall back to the default group",
        body: Type.Object({ id }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await deleteGroup(db, currentUser(request), request.body.id);
      return done(request, 'server:widgets.groupDeleted');
    },
  );

  app.get(
    '/bpm/haiyaapi/getLayoutGroup',
    {
      schema: {
        summary: 'A column group for editing: its placed columns and what its role may add',
        querystring: Type.Object({ id }),
        response: {
          200: commonResult(
            Type.Object({
              id: Type.String(),
              name: Type.String(),
              columns: Type.Array(
                Type.Object({
                  ...pickable,
                  x: Type.Integer(),
                  y: Type.Integer(),
                  w: Type.Integer(),
                  h: Type.Integer(),
                }),
              ),
              available: Type.Array(Type.Object(pickable)),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(await groupEditor(db, currentUser(request), request.query.id, request.language)),
  );

  app.post(
    '/bpm/haiyaapi/saveLayoutGroup',
    {
      schema: {
        summary: "Saves a column group's grid (columns its role may see, each once)",
        body: Type.Object({ id, columns: Type.Array(layoutCell, { maxItems: 100 }) }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const body = request.body;
      await saveGroup(db, currentUser(request), body.id, body.columns);
      return done(request, 'server:widgets.groupSaved');
    },
  );
}
