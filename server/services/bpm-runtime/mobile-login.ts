import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendLoginCode, signInWithTicket, verifyLoginCode } from '../../domain/mobile-login';
import { commonResult, ok } from '../schemas';
import { loginAnswerSchema } from '../uc/auth';

/** The code of a `{ code }` body, cut to the code's length; any other body has none. */
function bodyCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code.slice(0, 10) : undefined;
}

/**
 * Mobile login, in three calls of the platform's shape. Unlike the original (which generated
 * and checked the code in the browser), the server makes the code, checks it, and issues a
 * token only against a ticket that proves the check passed.
 */
export async function mobileLoginRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, sms } = app.deps;

  app.post(
    '/api/user/v1/user/getMobileCode',
    {
      schema: {
        summary: 'Sends a login code to a mobile number (60 s cooldown)',
        querystring: Type.Object({ mobile: Type.String({ maxLength: 20 }) }),
        response: {
          200: commonResult(
            Type.Object({ cooldownSeconds: Type.Integer(), expiresInSeconds: Type.Integer() }),
          ),
        },
      },
    },
    async (request) => {
      const { mobile } = request.query;
      await sendLoginCode(db, config.jwtSecret, sms, {
        mobile: mobile.trim(),
        ip: request.ip,
        language: request.language,
      });
      return ok({ cooldownSeconds: 60, expiresInSeconds: 300 }, request.t('server:codeSent'));
    },
  );

  app.post(
    '/api/user/v1/user/getMobileTokenByUserUserName',
    {
      schema: {
        summary: 'Checks the code; answers the accounts tied to the mobile and a one-time ticket',
        querystring: Type.Object({
          mobile: Type.String({ maxLength: 20 }),
          code: Type.Optional(Type.String({ maxLength: 10 })),
        }),
        // The code may come in the query (as the original client sends it) or as {code}; a
        // body of anything else (null, text) is ignored rather than refused.
        body: Type.Optional(Type.Unknown()),
        response: {
          200: commonResult(
            Type.Object({
              ticket: Type.String(),
              accounts: Type.Array(
                Type.Object({ account: Type.String(), username: Type.String() }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { mobile, code: queryCode } = request.query;
      const code = bodyCodeOf(request.body) ?? queryCode ?? '';
      const value = await verifyLoginCode(db, config.jwtSecret, mobile.trim(), code.trim());
      return ok(value, '');
    },
  );

  app.post(
    '/api/user/v1/user/getTokenByUserUserName',
    {
      schema: {
        summary: 'Signs in as one of the accounts of a verified mobile',
        querystring: Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) }),
        body: Type.Object({ ticket: Type.String({ maxLength: 2000 }) }),
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const { username } = request.query;
      const { ticket } = request.body;
      return signInWithTicket(db, config, ticket, username.trim());
    },
  );
}
