import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { cancelIncident, listIncidents, retryIncident } from '../../../workflow/incidents/actions';
import { callerOf, id, optionalText, pageAnswer, stateAnswer } from './common';
import { done, queryFilter } from '../../schemas';

const base = '/runtime/incident/v1';

/**
 * Incidents (docs/workflow.md, "Incidents"), for administrators only: failed jobs and
 * stalled instances, with retry and cancel.
 */
export async function incidentRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.post(
    `${base}/list`,
    {
      schema: {
        summary:
          'Incidents (administrators): failed jobs and stalled instances, newest first; querys on state (open|resolved), kind (job|stalled), subject, procDefKey',
        body: Type.Optional(queryFilter),
        response: { 200: pageAnswer },
      },
    },
    async (request) => listIncidents(db, callerOf(request), request.body ?? {}, config.timeZone),
  );

  app.post(
    `${base}/retry`,
    {
      schema: {
        summary:
          'Retries an incident: the failed job runs again, or a stalled instance gets its tasks again; 409 with the error when it fails again',
        body: Type.Object({ id }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      await retryIncident(db, callerOf(request), request.body.id, config.timeZone);
      return done(request, 'server:workflow.done.incidentRetried');
    },
  );

  app.post(
    `${base}/cancel`,
    {
      schema: {
        summary:
          'Cancels an incident: a failed reminder is dropped; an instance that cannot go on ends (manualend) and its applicant is told',
        body: Type.Object({ id, reason: optionalText(2000) }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      await cancelIncident(db, callerOf(request), body);
      return done(request, 'server:workflow.done.incidentCancelled');
    },
  );
}
