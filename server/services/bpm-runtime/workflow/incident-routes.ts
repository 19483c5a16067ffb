import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  cancelIncident,
  listIncidents,
  retryIncident,
} from '../../../domain/workflow/incidents/actions';
import { incidentCalls } from '../../../../src/contract/workflow-incidents';
import { addRoute } from '../../contract';
import { callerOf } from './common';
import { done } from '../../schemas';

/**
 * Incidents (docs/workflow.md, "Incidents"), for administrators only: failed jobs and
 * stalled instances, with retry and cancel.
 */
export async function incidentRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  addRoute(app, incidentCalls.list, async (request) =>
    listIncidents(db, callerOf(request), request.body ?? {}, config.timeZone),
  );

  addRoute(app, incidentCalls.retry, async (request) => {
    await retryIncident(db, callerOf(request), request.body.id, config.timeZone);
    return done(request, 'server:workflow.done.incidentRetried');
  });

  addRoute(app, incidentCalls.cancel, async (request) => {
    await cancelIncident(db, callerOf(request), request.body);
    return done(request, 'server:workflow.done.incidentCancelled');
  });
}
