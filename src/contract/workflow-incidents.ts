import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { pageList, queryFilter, stateAnswer } from './envelope';
import { id, optionalText } from './fields';

/**
 * Incidents (docs/workflow.md, "Incidents"), for administrators only: failed jobs and stalled
 * instances, with retry and cancel (runtime service, /runtime/incident/v1).
 */
const base = '/runtime/incident/v1';

const incident = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('job'), Type.Literal('stalled')]),
  /** The kind in the reader's language. */
  kindName: Type.String(),
  instId: Type.String(),
  subject: Type.String(),
  procDefKey: Type.String(),
  procDefName: Type.String(),
  instStatus: Type.String(),
  nodeId: Type.String(),
  nodeName: Type.String(),
  /** In the reader's language when the engine refused (no approver...). */
  error: Type.String(),
  attempts: Type.Integer(),
  state: Type.Union([Type.Literal('open'), Type.Literal('resolved')]),
  resolution: Type.Union([
    Type.Literal(''),
    Type.Literal('retried'),
    Type.Literal('cancelled'),
    Type.Literal('recovered'),
  ]),
  /** The incident's note column: nothing writes it yet, so ''. */
  note: Type.String(),
  resolvedByName: Type.Union([Type.String(), Type.Null()]),
  applicantName: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
  /** '' while open. */
  resolvedTime: Type.String(),
});

export type Incident = Static<typeof incident>;

export const incidentCalls = defineCalls({
  list: {
    method: 'POST',
    path: `${base}/list`,
    schema: {
      summary:
        'Incidents (administrators): failed jobs and stalled instances, newest first; querys on state (open|resolved), kind (job|stalled), subject, procDefKey',
      body: Type.Optional(queryFilter),
      response: { 200: pageList(incident) },
    },
  },
  retry: {
    method: 'POST',
    path: `${base}/retry`,
    schema: {
      summary:
        'Retries an incident: the failed job runs again, or a stalled instance gets its tasks again; 409 with the error when it fails again',
      body: Type.Object({ id }),
      response: { 200: stateAnswer },
    },
  },
  cancel: {
    method: 'POST',
    path: `${base}/cancel`,
    schema: {
      summary:
        'Cancels an incident: a failed reminder is dropped; an instance that cannot go on ends (manualend) and its applicant is told',
      body: Type.Object({ id, reason: optionalText(2000) }),
      response: { 200: stateAnswer },
    },
  },
});
