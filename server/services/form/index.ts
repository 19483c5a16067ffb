import type { FastifyInstance } from 'fastify';
import { customQueryService } from './custom-query';

/** The form service ({form}): custom queries, query views, data templates, form reminders. */
export async function formService(app: FastifyInstance) {
  await app.register(customQueryService);
}
