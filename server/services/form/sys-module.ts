import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sysModuleCalls } from '../../../src/contract/sys-module';
import { loadModule } from '../../domain/modules/sys-modules';
import { currentUser } from '../../plugins/auth';
import { addRoute } from '../contract';

/** System modules (/sysModulePreview/{id}; docs/forms.md "System modules"). */
export async function sysModuleRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  addRoute(app, sysModuleCalls.get, async (request) =>
    loadModule(app.deps.db, currentUser(request), request.query.id),
  );
}
