import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { mobileLoginCalls } from '../../../src/contract/auth';
import { sendLoginCode, signInWithTicket, verifyLoginCode } from '../../domain/mobile-login';
import { addRoute } from '../contract';
import { ok } from '../schemas';

/** The code of a `{ code }` body, cut to the code's length; any other body has none. */
function bodyCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code.slice(0, 10) : undefined;
}

/**
 * Mobile login, in three calls of the platform's shape (src/contract/auth.ts). Unlike the
 * original (which generated and checked the code in the browser), the server makes the code,
 * checks it, and issues a token only against a ticket that proves the check passed.
 */
export async function mobileLoginRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, sms } = app.deps;

  addRoute(app, mobileLoginCalls.sendCode, async (request) => {
    const { mobile } = request.query;
    await sendLoginCode(db, config.jwtSecret, sms, {
      mobile: mobile.trim(),
      ip: request.ip,
      language: request.language,
    });
    return ok({ cooldownSeconds: 60, expiresInSeconds: 300 }, request.t('server:codeSent'));
  });

  addRoute(app, mobileLoginCalls.verifyCode, async (request) => {
    const { mobile, code: queryCode } = request.query;
    const code = bodyCodeOf(request.body) ?? queryCode ?? '';
    const value = await verifyLoginCode(db, config.jwtSecret, mobile.trim(), code.trim());
    return ok(value, '');
  });

  addRoute(app, mobileLoginCalls.signIn, async (request) => {
    const { username } = request.query;
    const { ticket } = request.body;
    return signInWithTicket(db, config, ticket, username.trim());
  });
}
