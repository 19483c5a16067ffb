import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertCleanValue, jsonDepth, maxJsonDepth, tooDeep } from '../lib/safe-input';

/**
 * The one place request data is checked for bytes no route should see: NUL characters and
 * lone surrogates anywhere in the query, the path parameters or the body answer 400, and so
 * does JSON nested deeper than `maxJsonDepth` (refused before it is parsed). Routes never
 * repeat these checks; text they decode themselves (base64 parameters, JSON held in a form
 * field) goes through `parseRequestJson`.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Platform clients post parameters in the query with a JSON content type and no body.
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepth(text) > maxJsonDepth) return done(tooDeep(), undefined);
    return defaultJson(request, text, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertCleanValue(request.params);
      assertCleanValue(request.query);
      if (!request.isMultipart()) assertCleanValue(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
});
