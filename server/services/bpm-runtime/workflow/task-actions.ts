import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { givenFields } from '../../../lib/given-fields';
import {
  askOthers,
  removeSigners,
  revokeChildren,
  startCustomSign,
  startTrans,
} from '../../../workflow/actions/children';
import { completeTask } from '../../../workflow/actions/complete';
import { saveTaskDraft } from '../../../workflow/actions/drafts';
import { delegateTask, lockUnlock, retrieveTask } from '../../../workflow/actions/holding';
import { deleteNotice, markNoticesRead } from '../../../workflow/actions/notices';
import {
  callerOf,
  decodeData,
  files,
  id,
  idList,
  leaderParam,
  optionalText,
  stateAnswer,
  userList,
} from './common';
import { done } from '../../schemas';

const base = '/runtime/task/v1';

/** DoNextParamObject (reference/platform-api.md section 3, "Complete"). */
export const doNextBody = Type.Object({
  taskId: id,
  instId: Type.Optional(Type.String({ maxLength: 64 })),
  actionName: Type.String({ minLength: 1, maxLength: 32 }),
  opinion: optionalText(2000),
  data: Type.Optional(
    Type.Union([Type.String({ maxLength: 700_000 }), Type.Record(Type.String(), Type.Unknown())]),
  ),
  formType: optionalText(16),
  jumpType: optionalText(16),
  destination: optionalText(64),
  backHandMode: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('direct')])),
  nodeUsers: optionalText(10_000),
  vars: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  files,
  zfiles: files,
  notifyType: optionalText(64),
  directHandlerSign: Type.Optional(Type.Boolean()),
  urgentStateValue: Type.Optional(Type.Unknown()),
  agentLeaderId: optionalText(64),
  account: optionalText(100),
});

/** TaskTransParamObject: transfer, inquiry, communication, add-sign, custom sign answers. */
const transBody = Type.Object({
  taskId: id,
  instanceId: optionalText(64),
  userIds: Type.Optional(userList),
  opinion: optionalText(2000),
  notifyType: optionalText(64),
  action: Type.Optional(Type.Union([Type.Literal('submit'), Type.Literal('back')])),
  decideType: Type.Optional(Type.Union([Type.Literal('agree'), Type.Literal('refuse')])),
  voteType: Type.Optional(Type.Union([Type.Literal('amount'), Type.Literal('percent')])),
  voteAmount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  signType: Type.Optional(Type.Union([Type.Literal('parallel'), Type.Literal('seq')])),
  actionName: optionalText(32),
  data: Type.Optional(Type.Unknown()),
  files,
  zfiles: files,
});

/** AssignParamObject: delegate and the custom sign starts. */
const assignBody = Type.Object({
  taskId: id,
  userId: userList,
  opinion: optionalText(2000),
  messageType: optionalText(64),
  files,
  account: optionalText(100),
});

const joinUsers = (users: string | string[] | undefined) =>
  Array.isArray(users) ? users.join(',') : (users ?? '');

const leaderQuery = Type.Object({ leaderId: optionalText(64) });
const taskIdQuery = Type.Object({ taskId: id, leaderId: optionalText(64) });

/** The task actions of the runtime service (POST task/v1/...). */
export async function taskActionRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;
  const answer = { 200: stateAnswer };

  app.post(
    `${base}/complete`,
    {
      schema: {
        summary:
          'Acts on a task: agree, oppose, abandon, reject, backToStart, rejectToAnyNode, agreeTrans, opposeTrans, inquReply, commuReply',
        body: doNextBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await completeTask(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        actionName: body.actionName,
        ...(body.opinion !== undefined ? { opinion: body.opinion } : {}),
        ...(body.data !== undefined ? { data: decodeData(body.data) } : {}),
        ...givenFields(body, 'destination', 'backHandMode', 'files', 'zfiles'),
      });
      return done(request, 'server:workflow.done.complete');
    },
  );

  app.post(
    `${base}/saveDraft`,
    {
      schema: {
        summary: 'Keeps form changes on an open task without completing it',
        body: doNextBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await saveTaskDraft(
        db,
        callerOf(request, leaderParam(request)),
        body.taskId,
        decodeData(body.data),
      );
      return done(request, 'server:workflow.done.saved');
    },
  );

  app.post(
    `${base}/delegate`,
    {
      schema: {
        summary: 'Hands the task to one other person (DELIVERTO)',
        querystring: leaderQuery,
        body: assignBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await delegateTask(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        userId: joinUsers(body.userId),
        ...givenFields(body, 'opinion', 'files'),
      });
      return done(request, 'server:workflow.done.delegate');
    },
  );

  app.post(
    `${base}/taskToTrans`,
    {
      schema: {
        summary: 'Transfer (流转): the task waits while the users vote',
        querystring: leaderQuery,
        body: transBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await startTrans(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        userIds: joinUsers(body.userIds),
        ...givenFields(
          body,
          'opinion',
          'action',
          'decideType',
          'voteType',
          'voteAmount',
          'signType',
          'files',
        ),
      });
      return done(request, 'server:workflow.done.trans');
    },
  );

  const ask = (path: string, kind: 'inqu' | 'commu' | 'addsign', summary: string) =>
    app.post(
      path,
      { schema: { summary, querystring: leaderQuery, body: transBody, response: answer } },
      async (request) => {
        const { body } = request;
        await askOthers(db, callerOf(request, leaderParam(request)), kind, {
          taskId: body.taskId,
          userIds: joinUsers(body.userIds),
          ...givenFields(body, 'opinion', 'files'),
        });
        return done(request, `server:workflow.done.${kind}`);
      },
    );
  ask(
    `${base}/taskToInqu`,
    'inqu',
    'Inquiry (征询): asks the users; the task waits for their replies before agreeing',
  );
  ask(
    `${base}/communicate`,
    'commu',
    'Communicate (沟通): asks the users without holding the task',
  );
  ask(
    `${base}/addSign`,
    'addsign',
    'Add-sign (加签): the users must sign before the task can be agreed',
  );

  app.post(
    `${base}/removeSign`,
    {
      schema: {
        summary:
          'Remove add-signers (减签): the holder takes back add-signs nobody has answered yet',
        querystring: leaderQuery,
        body: Type.Object({ taskId: id, userIds: userList, opinion: optionalText(2000) }),
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await removeSigners(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        userIds: joinUsers(body.userIds),
        ...givenFields(body, 'opinion'),
      });
      return done(request, 'server:workflow.done.removeSign');
    },
  );

  app.post(
    `${base}/taskToInquReply`,
    {
      schema: {
        summary: 'Replies to an inquiry (opinion status inqu)',
        querystring: leaderQuery,
        body: transBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      await completeTask(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        actionName: 'inquReply',
        ...givenFields(body, 'opinion', 'files', 'zfiles'),
      });
      return done(request, 'server:workflow.done.reply');
    },
  );

  const custom = (path: string, signType: 'seq' | 'parallel', summary: string) =>
    app.post(
      path,
      { schema: { summary, querystring: leaderQuery, body: assignBody, response: answer } },
      async (request) => {
        const { body } = request;
        await startCustomSign(db, callerOf(request, leaderParam(request)), signType, {
          taskId: body.taskId,
          userIds: joinUsers(body.userId),
          ...givenFields(body, 'opinion'),
        });
        return done(request, 'server:workflow.done.customSign');
      },
    );
  custom(
    `${base}/taskCustomSignUsers`,
    'seq',
    'Custom sign in sequence (SIGNSEQUENCEED): the task waits',
  );
  custom(
    `${base}/taskSignUsers`,
    'parallel',
    'Custom sign in parallel (SIGNLINEED): the task waits',
  );

  app.post(
    `${base}/userTaskToSign`,
    {
      schema: {
        summary:
          'A custom signer signs: actionName agree (default) or oppose, or decideType refuse',
        querystring: leaderQuery,
        body: transBody,
        response: answer,
      },
    },
    async (request) => {
      const { body } = request;
      const refuse = body.actionName === 'oppose' || body.decideType === 'refuse';
      await completeTask(db, callerOf(request, leaderParam(request)), {
        taskId: body.taskId,
        actionName: refuse ? 'oppose' : 'agree',
        ...givenFields(body, 'opinion', 'files'),
      });
      return done(request, 'server:workflow.done.complete');
    },
  );

  app.get(
    `${base}/lockUnlock`,
    {
      schema: {
        summary:
          'Claims or releases a shared task; a bare int: 0 handled, 1 locked, 2 no lock needed, 3 unlocked, 4 locked by someone else',
        querystring: taskIdQuery,
        response: { 200: Type.Integer() },
      },
    },
    async (request) => {
      const { taskId } = request.query;
      return lockUnlock(db, callerOf(request, leaderParam(request)), taskId, true);
    },
  );

  app.get(
    `${base}/canLock`,
    {
      schema: {
        summary: 'What lockUnlock would answer now (a bare int), without changing anything',
        querystring: taskIdQuery,
        response: { 200: Type.Integer() },
      },
    },
    async (request) => {
      const { taskId } = request.query;
      return lockUnlock(db, callerOf(request, leaderParam(request)), taskId, false);
    },
  );

  app.get(
    `${base}/retrieveBpmTask`,
    {
      schema: {
        summary: 'The owner takes back a delegated (DELIVERTO) or agent (AGENT) task',
        querystring: taskIdQuery,
        response: answer,
      },
    },
    async (request) => {
      const { taskId } = request.query;
      await retrieveTask(db, callerOf(request, leaderParam(request)), taskId);
      return done(request, 'server:workflow.done.retrieve');
    },
  );

  const readMarks = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 5000 }) });
  app.post(
    `${base}/addReadRecord`,
    {
      schema: {
        summary: 'Marks notices (carbon copies, follow notices) read: taskId is the notice id',
        querystring: readMarks,
        response: answer,
      },
    },
    async (request) => {
      await markNoticesRead(db, callerOf(request), idList(request.query.taskId));
      return done(request, 'server:workflow.done.read');
    },
  );
  app.post(
    `${base}/noticeTurnDode`,
    {
      schema: {
        summary: 'Marks notices done (read); taskId is a comma-separated list of notice ids',
        querystring: readMarks,
        response: answer,
      },
    },
    async (request) => {
      await markNoticesRead(db, callerOf(request), idList(request.query.taskId));
      return done(request, 'server:workflow.done.read');
    },
  );
  app.post(
    `${base}/delBpmTaskNoticeById`,
    {
      schema: {
        summary: 'The receiver removes a notice from their lists',
        querystring: Type.Object({ id }),
        response: answer,
      },
    },
    async (request) => {
      await deleteNotice(db, callerOf(request), request.query.id);
      return done(request, 'server:workflow.done.removed');
    },
  );
}

/** Revokes of the instance service that act on a waiting task. */
export async function revokeRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;
  const body = Type.Object({ taskId: id, instanceId: optionalText(64), cause: optionalText(2000) });
  const revoke = (path: string, what: 'trans' | 'seq' | 'parallel', summary: string) =>
    app.post(
      path,
      { schema: { summary, querystring: leaderQuery, body, response: { 200: stateAnswer } } },
      async (request) => {
        await revokeChildren(
          db,
          callerOf(request, leaderParam(request)),
          request.body.taskId,
          what,
        );
        return done(request, 'server:workflow.done.revoked');
      },
    );
  revoke(
    '/runtime/instance/v1/revokeTrans',
    'trans',
    'Calls back a transfer: unanswered votes are cancelled, the task is open again',
  );
  revoke('/runtime/instance/v1/revokeCustomSign', 'seq', 'Calls back a custom sign in sequence');
  revoke('/runtime/instance/v1/revokeSignLine', 'parallel', 'Calls back a custom sign in parallel');
}
