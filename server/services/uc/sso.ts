import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { signInWithTicket, ssoLoginUrl, ssoSettings } from '../../domain/sso';
import { UserError } from '../../lib/errors';
import { loginAnswer } from '../../../src/contract/auth';

export async function ssoRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const sso = ssoSettings();

  app.get(
    '/sso/info',
    {
      schema: {
        summary: 'Whether single sign-on is on, and where its pages are',
        description:
          "ssoUrl is the CAS login page with this portal's configured service address " +
          '(SSO_SERVICE_URL) in it; the browser goes there as it is.',
        response: {
          200: Type.Object({
            enable: Type.Boolean(),
            ssoUrl: Type.String(),
            ssoLogoutUrl: Type.String(),
          }),
        },
      },
    },
    async () => ({
      enable: Boolean(sso),
      ssoUrl: sso ? ssoLoginUrl(sso) : '',
      ssoLogoutUrl: sso?.logoutUrl ?? '',
    }),
  );

  app.get(
    '/sso/auth',
    {
      schema: {
        summary: 'Exchanges a single-sign-on ticket for a session',
        querystring: Type.Object({
          ticket: Type.String({ minLength: 1, maxLength: 512 }),
          // Sent by platform clients; ignored: tickets are validated for SSO_SERVICE_URL.
          service: Type.Optional(Type.String({ maxLength: 2048 })),
          code: Type.Optional(Type.String({ maxLength: 512 })),
        }),
        response: { 200: loginAnswer },
      },
    },
    async (request) => {
      if (!sso) throw new UserError(503, 'server:ssoOff');
      const { ticket } = request.query;
      return signInWithTicket(db, config, sso, ticket);
    },
  );
}
