import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { markMessageRead } from '../../domain/widgets/messages';
import { currentUser } from '../../plugins/auth';
import { okMessage } from '../schemas';

export async function messageRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/message/SaveNewsItem',
    {
      schema: {
        summary:
          'Records that the caller read a message: a news item or a reminder of the workflow engine',
        description:
          'The platform body names the reader (xm, gh); the server ignores those and uses the session. ggbm is the news id or the reminder id (runtime/message/v1/myList).',
        body: Type.Object({
          ggbm: Type.String({ minLength: 1, maxLength: 64 }),
          ggbt: Type.Optional(Type.String({ maxLength: 500 })),
          xm: Type.Optional(Type.String({ maxLength: 100 })),
          gh: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await markMessageRead(app.deps.db, request.body.ggbm, currentUser(request));
      return { state: true, message: '' };
    },
  );
}
