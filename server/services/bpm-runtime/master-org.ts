import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { masterOrgCallOf } from '../../../src/contract/shell';
import { setMasterOrg } from '../../domain/shell/posts';
import { currentUser } from '../../plugins/auth';
import { addRoute } from '../contract';
import { done } from '../schemas';

/** Post switching of the top bar (spec/shell.md section 4), under the configured product. */
export async function masterOrgRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  addRoute(app, masterOrgCallOf(app.deps.config.product), async (request) => {
    const { orgid, userid } = request.query;
    await setMasterOrg(app.deps.db, currentUser(request), userid, orgid);
    return done(request, 'server:shell.masterOrgSet');
  });
}
