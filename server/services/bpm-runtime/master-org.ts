import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { setMasterOrg } from '../../domain/shell/posts';
import { currentUser } from '../../plugins/auth';
import { done, okMessage } from '../schemas';

/** Post switching of the top bar (spec/shell.md section 4). */
export async function masterOrgRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    `/bpm/${app.deps.config.product}Script/setMasterByorgId`,
    {
      schema: {
        summary: "Makes one of the caller's orgs their master org (post switching)",
        description: 'userid must be the caller (id or account); orgid one of their orgs.',
        querystring: Type.Object({
          orgid: Type.String({ minLength: 1, maxLength: 64 }),
          userid: Type.String({ minLength: 1, maxLength: 100 }),
        }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const { orgid, userid } = request.query;
      await setMasterOrg(app.deps.db, currentUser(request), userid, orgid);
      return done(request, 'server:shell.masterOrgSet');
    },
  );
}
