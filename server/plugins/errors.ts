import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { languageOf, translate } from '../i18n';
import { UserError } from '../lib/errors';
import { requestProblem, schemaMessage, type SchemaError } from '../lib/schema-messages';
import { isDatabaseUnavailable } from '../lib/database-errors';

/**
 * Every failure answers with the platform envelope `{ state: false, message }`, the message
 * in the caller's language. Schema violations are 400 with the offending field named;
 * anything unexpected is logged and answered with a generic 500 that leaks nothing.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'zh-CN');
  app.decorateRequest(
    't',
    function (this: { language: 'zh-CN' | 'en-US' }, key: string, params = {}) {
      return translate(this.language, key, params);
    },
  );
  // Synchronous hooks take `done`: an async one costs every request a promise (issue 18).
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageOf(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError | UserError, request, reply) => {
    if (error instanceof UserError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply
        .status(error.statusCode)
        .send({ state: false, message: error.describe(request.language) });
    }
    if (error.validation) {
      // The field named in the user's language and the problem in their words, never the
      // validator's own text (server/lib/schema-messages.ts).
      const checked = error.validationContext === 'body' ? request.body : undefined;
      return reply.status(400).send({
        state: false,
        message: schemaMessage(request.language, error.validation as SchemaError[], checked),
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away: say so and when to try again; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ state: false, message: request.t('server:unavailable') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ state: false, message: request.t('server:internal') });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type), by their code.
    return reply
      .status(status)
      .send({ state: false, message: requestProblem(request.language, error.code) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ state: false, message: request.t('server:notFound') });
  });
});
