import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { checkPasswordPolicy } from '../../../src/core/rules/password';
import { passwordHashOf, replacePassword } from '../../domain/password-change';
import { defaultPolicy } from '../../domain/password-policy';
import { countHit, releaseHit, tooManyRequests, type Limit } from '../../domain/rate-limit';
import { revokeOtherSessions } from '../../domain/sessions';
import { badRequest } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { currentUser } from '../../plugins/auth';
import { done, ok } from '../schemas';
import { addRoute } from '../contract';
import { authCalls } from '../../../src/contract/auth';

/** Wrong old passwords allowed per user and 15 minutes. */
const oldPasswordGuesses = (userId: string): Limit => ({
  key: `password-change:user:${userId}`,
  max: 5,
  windowSeconds: 900,
});

export async function passwordRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  addRoute(app, authCalls.passwordPolicy, async () => ok(await defaultPolicy(db), ''));

  addRoute(
    app,
    authCalls.changePassword,
    async (request) => {
      const caller = currentUser(request);
      const { oldPwd, newPwd } = request.body;
      if (!oldPwd) throw badRequest('rules:password.oldRequired');
      if (!newPwd) throw badRequest('rules:password.newRequired');
      const broken = checkPasswordPolicy(newPwd, await defaultPolicy(db));
      if (broken) throw badRequest(broken.key, broken.params);
      const passwordHash = await passwordHashOf(db, caller.id);
      // A stolen session must not become a way to guess the password: wrong old passwords
      // are limited like failed sign-ins, counted first and taken back when right.
      const guesses = oldPasswordGuesses(caller.id);
      if ((await countHit(db, guesses)) > guesses.max) throw tooManyRequests(guesses);
      if (!(await verifyPassword(oldPwd, passwordHash)))
        throw badRequest('server:oldPasswordWrong');
      await releaseHit(db, guesses);
      if (oldPwd === newPwd) throw badRequest('server:samePassword');
      await replacePassword(db, caller.id, newPwd);
      // Whoever else holds a session of this user (a stolen token, another device) is out;
      // the session that changed the password goes on.
      await revokeOtherSessions(db, caller.id, caller.sessionId, app.deps.sessionCache);
      return done(request, 'rules:password.success');
    },
    // The way out of a required password change.
    { config: { access: 'password-reset' } },
  );
}
