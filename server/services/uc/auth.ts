import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { validateLogin } from '../../../src/core/rules/login';
import { checkCredentials, loginAnswer, signInAs } from '../../domain/accounts';
import { guardSignIn } from '../../domain/login-guard';
import { createSession, revokeSession } from '../../domain/sessions';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { done, okMessage } from '../schemas';

export const loginAnswerSchema = Type.Object({
  token: Type.String(),
  username: Type.String(),
  account: Type.String(),
  userId: Type.String(),
  expiration: Type.Integer(),
  loginStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  userAttrs: Type.Object({ tenantId: Type.String() }),
});

export async function authRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.post(
    '/auth',
    {
      schema: {
        summary: 'Password login',
        querystring: Type.Object({ tenantId: Type.Optional(Type.String()) }),
        body: Type.Object({
          username: Type.String({ maxLength: 100 }),
          password: Type.String({ maxLength: 200 }),
        }),
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const account = username.trim();
      const failures = validateLogin({ account, password });
      const first = failures.account ?? failures.password;
      if (first) throw badRequest(first.key, first.params);
      const user = await guardSignIn(
        db,
        config.loginAttempts,
        { account, address: request.ip },
        () => checkCredentials(db, account, password),
      );
      return signInAs(db, config, user);
    },
  );

  app.get(
    '/refresh',
    {
      config: { access: 'password-reset' },
      schema: {
        summary: 'A fresh token for the current session',
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const user = await db
        .selectFrom('users')
        .select(['id', 'account', 'fullname', 'must_change_password', 'tenant_id'])
        .where('id', '=', caller.id)
        .executeTakeFirstOrThrow();
      // A new session replaces the old one, so a leaked old token stops working.
      const token = await createSession(db, config, user.id);
      await revokeSession(db, caller.sessionId, app.deps.sessionCache);
      return loginAnswer(user, token, config.tokenTtlSeconds);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'password-reset' },
      schema: { summary: 'Ends the current session', response: { 200: okMessage } },
    },
    async (request) => {
      await revokeSession(db, currentUser(request).sessionId, app.deps.sessionCache);
      return done(request, 'server:logoutDone');
    },
  );
}
