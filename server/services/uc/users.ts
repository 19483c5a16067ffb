import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { findUserByAccount } from '../../domain/accounts';
import { orgsAndPosts } from '../../domain/shell/posts';
import { activeRolesOf } from '../../domain/user-roles';
import { forbidden, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../schemas';
import { addRoute } from '../contract';
import { authCalls } from '../../../src/contract/auth';

export async function userRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  addRoute(
    app,
    authCalls.userDetail,
    async (request) => {
      const caller = currentUser(request);
      const account = request.query.account || caller.account;
      if (account !== caller.account && !caller.seesEverything) throw forbidden();
      const user = await findUserByAccount(db, account);
      if (!user) throw notFound();
      const roles = await activeRolesOf(db, user.id);
      const { orgs, posts } = await orgsAndPosts(db, user.id);
      return ok({
        id: user.id,
        account: user.account,
        fullname: user.fullname,
        mobile: user.mobile ?? '',
        email: user.email ?? '',
        sex: user.sex ?? '',
        address: user.address ?? '',
        status: user.status,
        loginStatus: user.must_change_password ? (0 as const) : (1 as const),
        overTime: user.idle_minutes,
        roles,
        orgs,
        posts,
      });
    },
    // The caller's own details, also before a required password change.
    { config: { access: 'password-reset' } },
  );
}
