import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { getNews, listNews } from '../../domain/news';

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
});

const item = Type.Object({
  ...listItem.properties,
  createByName: Type.String(),
  content: Type.String(),
  url: Type.String(),
  pageHeight: Type.Integer(),
  file: Type.String(),
});

export async function newsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  app.get(
    '/portalNewsNotice/v1/getNews',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Published news and announcements, newest first (a bare array, as the platform answers)',
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
        }),
        response: { 200: Type.Array(listItem) },
      },
    },
    async (request) => {
      const query = request.query as { classifyId?: string; type?: string; limit?: number };
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
        },
        request.user,
        config.timeZone,
      );
    },
  );

  app.get(
    '/portalNewsNotice/v1/getNewsById',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One news item (a bare object)',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: item },
      },
    },
    async (request) =>
      getNews(db, (request.query as { id: string }).id, request.user, config.timeZone),
  );
}
