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
} from '../../../domain/workflow/actions/children';
import { completeTask } from '../../../domain/workflow/actions/complete';
import { saveTaskDraft } from '../../../domain/workflow/actions/drafts';
import { delegateTask, lockUnlock, retrieveTask } from '../../../domain/workflow/actions/holding';
import { deleteNotice, markNoticesRead } from '../../../domain/workflow/actions/notices';
import { instanceCalls } from '../../../../src/contract/workflow-instances';
import { taskCalls } from '../../../../src/contract/workflow-tasks';
import {
  leaderQuery,
  taskIdQuery,
  transBody,
  userList,
} from '../../../../src/contract/workflow-fields';
import { addRoute } from '../../contract';
import { callerOf, decodeData, id, idList, leaderParam, optionalText, stateAnswer } from './common';
import { done } from '../../schemas';

/** The ask calls share one handler: whom they ask differs, and the message. */
type AskCall =
  typeof taskCalls.taskToInqu | typeof taskCalls.communicate | typeof taskCalls.addSign;
type RevokeCall =
  | typeof instanceCalls.revokeTrans
  | typeof instanceCalls.revokeCustomSign
  | typeof instanceCalls.revokeSignLine;
type CustomSignCall = typeof taskCalls.taskCustomSignUsers | typeof taskCalls.taskSignUsers;

const base = '/runtime/task/v1';

const joinUsers = (users: string | string[] | undefined) =>
  Array.isArray(users) ? users.join(',') : (users ?? '');

/** The task actions of the runtime service (POST task/v1/...). */
export async function taskActionRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;
  const answer = { 200: stateAnswer };

  addRoute(app, taskCalls.complete, async (request) => {
    const { body } = request;
    await completeTask(db, callerOf(request, leaderParam(request)), {
      taskId: body.taskId,
      actionName: body.actionName,
      ...(body.opinion !== undefined ? { opinion: body.opinion } : {}),
      ...(body.data !== undefined ? { data: decodeData(body.data) } : {}),
      ...givenFields(body, 'destination', 'backHandMode', 'files', 'zfiles'),
    });
    return done(request, 'server:workflow.done.complete');
  });

  addRoute(app, taskCalls.saveDraft, async (request) => {
    const { body } = request;
    await saveTaskDraft(
      db,
      callerOf(request, leaderParam(request)),
      body.taskId,
      decodeData(body.data),
    );
    return done(request, 'server:workflow.done.saved');
  });

  addRoute(app, taskCalls.delegate, async (request) => {
    const { body } = request;
    await delegateTask(db, callerOf(request, leaderParam(request)), {
      taskId: body.taskId,
      userId: joinUsers(body.userId),
      ...givenFields(body, 'opinion', 'files'),
    });
    return done(request, 'server:workflow.done.delegate');
  });

  addRoute(app, taskCalls.taskToTrans, async (request) => {
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
  });

  const ask = (call: AskCall, kind: 'inqu' | 'commu' | 'addsign') =>
    addRoute(app, call, async (request) => {
      const { body } = request;
      await askOthers(db, callerOf(request, leaderParam(request)), kind, {
        taskId: body.taskId,
        userIds: joinUsers(body.userIds),
        ...givenFields(body, 'opinion', 'files'),
      });
      return done(request, `server:workflow.done.${kind}`);
    });
  ask(taskCalls.taskToInqu, 'inqu');
  ask(taskCalls.communicate, 'commu');
  ask(taskCalls.addSign, 'addsign');

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

  const custom = (call: CustomSignCall, signType: 'seq' | 'parallel') =>
    addRoute(app, call, async (request) => {
      const { body } = request;
      await startCustomSign(db, callerOf(request, leaderParam(request)), signType, {
        taskId: body.taskId,
        userIds: joinUsers(body.userId),
        ...givenFields(body, 'opinion'),
      });
      return done(request, 'server:workflow.done.customSign');
    });
  custom(taskCalls.taskCustomSignUsers, 'seq');
  custom(taskCalls.taskSignUsers, 'parallel');

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

  addRoute(app, taskCalls.lockUnlock, async (request) => {
    const { taskId } = request.query;
    return lockUnlock(db, callerOf(request, leaderParam(request)), taskId, true);
  });

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

  addRoute(app, taskCalls.retrieve, async (request) => {
    const { taskId } = request.query;
    await retrieveTask(db, callerOf(request, leaderParam(request)), taskId);
    return done(request, 'server:workflow.done.retrieve');
  });

  addRoute(app, taskCalls.markRead, async (request) => {
    await markNoticesRead(db, callerOf(request), idList(request.query.taskId));
    return done(request, 'server:workflow.done.read');
  });
  app.post(
    `${base}/noticeTurnDode`,
    {
      schema: {
        summary: 'Marks notices done (read); taskId is a comma-separated list of notice ids',
        querystring: taskCalls.markRead.schema.querystring,
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
  const revoke = (call: RevokeCall, what: 'trans' | 'seq' | 'parallel') =>
    addRoute(app, call, async (request) => {
      await revokeChildren(db, callerOf(request, leaderParam(request)), request.body.taskId, what);
      return done(request, 'server:workflow.done.revoked');
    });
  revoke(instanceCalls.revokeTrans, 'trans');
  revoke(instanceCalls.revokeCustomSign, 'seq');
  revoke(instanceCalls.revokeSignLine, 'parallel');
}
