import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { signInWithTicket, ssoSettings } from '../../domain/sso';
import { UserError } from '../../lib/errors';
import { loginAnswerSchema } from './auth';

export async function ssoRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const sso = ssoSettings();

  app.get(
    '/sso/info',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether single sign-on is on, and where its pages are',
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
      ssoUrl: sso ? `${sso.url}/login` : '',
      ssoLogoutUrl: sso?.logoutUrl ?? '',
    }),
  );

  app.get(
    '/sso/auth',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Exchanges a single-sign-on ticket for a session',
        querystring: Type.Object({
          ticket: Type.String({ minLength: 1, maxLength: 512 }),
          service: Type.String({ minLength: 1, maxLength: 2048 }),
          code: Type.Optional(Type.String({ maxLength: 512 })),
        }),
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      if (!sso) throw new UserError(503, 'server:ssoOff');
      const { ticket, service } = request.query as { ticket: string; service: string };
      return signInWithTicket(db, config, sso, ticket, service);
    },
  );
}
