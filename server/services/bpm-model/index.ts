import type { FastifyInstance } from 'fastify';
import { defRoutes } from './defs';
import { agentRoutes, deputyRoutes } from './people';
import { phraseRoutes } from './phrases';

/** The model service ({bpmModel}): flow definitions, rights, phrases, agents, deputies. */
export async function bpmModelService(app: FastifyInstance) {
  await app.register(defRoutes);
  await app.register(phraseRoutes);
  await app.register(agentRoutes);
  await app.register(deputyRoutes);
}
