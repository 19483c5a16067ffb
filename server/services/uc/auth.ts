import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { validateLogin } from '../../../src/core/rules/login';
import { checkCredentials, loginAnswer, loginUserById, signInAs } from '../../domain/accounts';
import { guardSignIn } from '../../domain/login-guard';
import { createSession, revokeSession } from '../../domain/sessions';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { done } from '../schemas';
import { addRoute } from '../contract';
import { authCalls, loginAnswer as loginAnswerSchema } from '../../../src/contract/auth';

/** A user who must change their password may still use these routes (plugins/auth.ts). */
const passwordReset = { config: { access: 'password-reset' as const } };

export async function authRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  addRoute(app, authCalls.login, async (request) => {
    const { username, password } = request.body;
    const account = username.trim();
    const failures = validateLogin({ account, password });
    const first = failures.account ?? failures.password;
    if (first) throw badRequest(first.key, first.params);
    const user = await guardSignIn(db, config.loginAttempts, { account, address: request.ip }, () =>
      checkCredentials(db, account, password),
    );
    return signInAs(db, config, user);
  });

  // Not a call of the contract: the request layer sends it itself (src/contract/auth.ts).
  app.get(
    '/refresh',
    {
      ...passwordReset,
      schema: {
        summary: 'A fresh token for the current session',
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const user = await loginUserById(db, caller.id);
      // A new session replaces the old one, so a leaked old token stops working.
      const token = await createSession(db, config, user.id);
      await revokeSession(db, caller.sessionId, app.deps.sessionCache);
      return loginAnswer(user, token, config.tokenTtlSeconds);
    },
  );

  addRoute(
    app,
    authCalls.logout,
    async (request) => {
      await revokeSession(db, currentUser(request).sessionId, app.deps.sessionCache);
      return done(request, 'server:logoutDone');
    },
    passwordReset,
  );
}
