import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { getNews, listNews, manageNewsMethod } from '../../domain/news';
import { heldMethods } from '../../domain/shell/methods';
import { forbidden } from '../../lib/errors';
import { businessCalendar } from '../../lib/time';

const listItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  titleDescription: Type.String(),
  drafter: Type.String(),
  createTime: Type.String(),
  type: Type.String(),
  isUrl: Type.String(),
  rotatingDisplayPictures: Type.String(),
  status: Type.String(),
  start_: Type.Union([Type.Literal('启用'), Type.Literal('停用')], {
    description: '启用 while the item runs; 停用 past its end date (listed only with includeEnded)',
  }),
  endTime: Type.String({ description: "The last day it runs, YYYY-MM-DD; '' for no end" }),
});

const item = Type.Object({
  ...listItem.properties,
  createByName: Type.String(),
  content: Type.String(),
  url: Type.String(),
  pageHeight: Type.Integer(),
  file: Type.String(),
});

export async function newsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.get(
    '/portalNewsNotice/v1/getNews',
    {
      schema: {
        summary:
          'Published news and announcements still running, newest first (a bare array, as the platform answers)',
        description:
          'Items past their end date (ends_on) leave the list, as they leave the unread count. ' +
          'includeEnded=true lists them too (start_ 停用), for those who hold news:manage; ' +
          'anyone else asking for them gets 403.',
        querystring: Type.Object({
          classifyId: Type.Optional(Type.String({ maxLength: 64 })),
          type: Type.Optional(
            Type.Union([
              Type.Literal('announcement'),
              Type.Literal('news'),
              Type.Literal('1'),
              Type.Literal('0'),
            ]),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          includeEnded: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
        }),
        response: { 200: Type.Array(listItem) },
      },
    },
    async (request) => {
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
    },
  );

  app.get(
    '/portalNewsNotice/v1/getNewsById',
    {
      schema: {
        summary: 'One news item (a bare object)',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: item },
      },
    },
    async (request) => getNews(db, request.query.id, request.user, businessCalendar(config)),
  );
}
