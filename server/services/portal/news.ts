import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { newsCalls } from '../../../src/contract/news';
import { getNews, listNews, manageNewsMethod } from '../../domain/news';
import { heldMethods } from '../../domain/shell/methods';
import { forbidden } from '../../lib/errors';
import { businessCalendar } from '../../lib/time';
import { addRoute } from '../contract';

export async function newsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  addRoute(app, newsCalls.list, async (request) => {
    const { query } = request;
    const includeEnded = query.includeEnded === 'true';
    if (
      includeEnded &&
      !(request.user && (await heldMethods(db, request.user)).has(manageNewsMethod))
    )
      throw forbidden('server:shell.methodDenied');
    const kind =
      query.type === '1' || query.type === 'announcement'
        ? 'announcement'
        : query.type
          ? 'news'
          : undefined;
    return listNews(
      db,
      {
        ...(kind ? { kind } : {}),
        classifyId: query.classifyId ?? 'all',
        limit: query.limit ?? 50,
        includeEnded,
      },
      request.user,
      businessCalendar(config),
    );
  });

  addRoute(app, newsCalls.item, async (request) =>
    getNews(db, request.query.id, request.user, businessCalendar(config)),
  );
}
