import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { orgsAndPosts } from '../../domain/shell/posts';
import { forbidden, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { commonResult, ok } from '../schemas';

const detailSchema = Type.Object({
  id: Type.String(),
  account: Type.String(),
  fullname: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  sex: Type.String(),
  address: Type.String(),
  status: Type.Integer(),
  loginStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  overTime: Type.Union([Type.Integer(), Type.Null()]),
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  /** The user's orgs (the workflow area's org tree) with the master one marked. */
  orgs: Type.Array(
    Type.Object({
      orgId: Type.String(),
      orgname: Type.String(),
      orgcode: Type.String(),
      pathname: Type.String(),
      ismaster: Type.Boolean(),
    }),
  ),
  /** The user's posts; pathname is the org path and the post name. */
  posts: Type.Array(
    Type.Object({
      postId: Type.String(),
      postname: Type.String(),
      postcode: Type.String(),
      orgId: Type.String(),
      pathname: Type.String(),
      isMaster: Type.Boolean(),
    }),
  ),
});

export async function userRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/user/v1/user/getDetailByAccountOrId',
    {
      config: { access: 'password-reset' },
      schema: {
        summary: "A user's details: the caller's own, or anyone's for the admin",
        querystring: Type.Object({ account: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: commonResult(detailSchema) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const account = request.query.account || caller.account;
      if (account !== caller.account && !caller.seesEverything) throw forbidden();
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('account', '=', account)
        .executeTakeFirst();
      if (!user) throw notFound();
      const roles = await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['r.id', 'r.name'])
        .where('ur.user_id', '=', user.id)
        .where('ur.deleted', '=', false)
        .orderBy('r.id')
        .execute();
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
  );
}
