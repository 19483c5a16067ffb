import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { readMarkCalls } from '../../../src/contract/news';
import { markMessageRead } from '../../domain/widgets/messages';
import { currentUser } from '../../plugins/auth';
import { addRoute } from '../contract';

export async function messageRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  addRoute(app, readMarkCalls.markRead, async (request) => {
    await markMessageRead(app.deps.db, request.body.ggbm, currentUser(request));
    return { state: true, message: '' };
  });
}
