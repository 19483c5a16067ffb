import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryFilter } from '../../../../src/contract/envelope';
import { listCalls, listCountCalls } from '../../../../src/contract/workflow-lists';
import {
  delegateList,
  doneInstanceList,
  doneList,
  doneTimes,
  draftList,
  draftTimes,
  leaderTodoList,
  noticeList,
  noticeTimes,
  requestList,
  requestTimes,
  startableList,
  taskTimes,
  todoList,
  type NoticeBox,
} from '../../../domain/workflow/queries/lists';
import {
  runCount,
  runList,
  totalOf,
  withTimes,
  type ListSpec,
} from '../../../domain/workflow/queries/run';
import { addRoute } from '../../contract';
import { callerOf } from './common';
import { unreadMailCount } from '../../../domain/mail/unread';

/**
 * The lists (bare PageList) and their counts ([{typeId, count}]) of the runtime service, each
 * list and its count over the same rows (src/contract/workflow-lists.ts).
 */
export async function listRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const timeZone = config.timeZone;

  /** A page of a list, its times written as the platform does; its cursors fit it alone. */
  const page = async <R extends Record<string, unknown>, Time extends keyof R & string>(
    list: { path: string },
    spec: ListSpec<R>,
    filter: QueryFilter | undefined,
    times: readonly Time[],
  ) => {
    const found = await runList(db, spec, filter ?? {}, timeZone, {
      key: config.jwtSecret,
      list: list.path,
    });
    return { ...found, rows: found.rows.map((row) => withTimes(row, times, timeZone)) };
  };
  const count = (spec: ListSpec, filter?: QueryFilter) =>
    runCount(db, spec, filter ?? {}, timeZone);

  const todo = (request: FastifyRequest) => todoList(callerOf(request));
  addRoute(app, listCalls.todo, (request) =>
    page(listCalls.todo, todo(request), request.body, taskTimes),
  );
  addRoute(app, listCountCalls.todo, (request) => count(todo(request), request.body));

  const leader = (request: FastifyRequest) =>
    leaderTodoList(callerOf(request).id, request.language);
  addRoute(app, listCalls.leader, (request) =>
    page(listCalls.leader, leader(request), request.body, taskTimes),
  );
  addRoute(app, listCountCalls.leader, (request) => count(leader(request), request.body));

  const delegated = (request: FastifyRequest) =>
    delegateList(callerOf(request).id, request.language);
  addRoute(app, listCalls.myDelegate, (request) =>
    page(listCalls.myDelegate, delegated(request), request.body, taskTimes),
  );
  addRoute(app, listCountCalls.myDelegate, (request) => count(delegated(request), request.body));

  const notices = (box: NoticeBox) => (request: FastifyRequest) =>
    noticeList(callerOf(request).id, box, request.language);
  for (const box of ['todoRead', 'doneRead', 'myRead'] as const) {
    addRoute(app, listCalls[box], (request) =>
      page(listCalls[box], notices(box)(request), request.body, noticeTimes),
    );
    addRoute(app, listCountCalls[box], (request) => count(notices(box)(request), request.body));
  }

  const done = (request: FastifyRequest, status: string | undefined) =>
    doneList(callerOf(request).id, status, request.language);
  addRoute(app, listCalls.done, (request) =>
    page(listCalls.done, done(request, request.query.status), request.body, doneTimes),
  );
  addRoute(app, listCountCalls.done, (request) =>
    count(done(request, request.query.status), request.body),
  );
  addRoute(app, listCalls.doneByInstance, (request) =>
    page(
      listCalls.doneByInstance,
      doneInstanceList(
        callerOf(request).id,
        request.query.isCheckRevoke === true,
        request.language,
      ),
      request.body,
      doneTimes,
    ),
  );

  const requests = (request: FastifyRequest) => requestList(callerOf(request).id, request.language);
  addRoute(app, listCalls.request, (request) =>
    page(listCalls.request, requests(request), request.body, requestTimes),
  );
  addRoute(app, listCountCalls.request, (request) => count(requests(request)));

  const drafts = (request: FastifyRequest) => draftList(callerOf(request).id, request.language);
  addRoute(app, listCalls.draft, (request) =>
    page(listCalls.draft, drafts(request), request.body, draftTimes),
  );
  addRoute(app, listCountCalls.draft, (request) => count(drafts(request)));

  const startable = (request: FastifyRequest) => startableList(callerOf(request));
  addRoute(app, listCalls.newProcess, (request) =>
    page(listCalls.newProcess, startable(request), request.body, ['createTime']),
  );
  addRoute(app, listCountCalls.newProcess, (request) => count(startable(request), request.body));
}

/** Counter boxes of the home page (getDefaultInfoMap), from the same lists. */
export async function infoMap(app: FastifyInstance, request: FastifyRequest) {
  const { db, config } = app.deps;
  const caller = callerOf(request);
  const count = async (spec: ListSpec) => totalOf(await runCount(db, spec, {}, config.timeZone));
  const box = (key: string, value: number, url: string, type: string) => ({
    icon: '',
    color: '',
    dataText: request.t(`server:workflow.box.${key}`),
    dataContent: String(value),
    type,
    data: value,
    statType: '',
    statData: '',
    statStatus: '',
    url,
  });
  const [todo, done, delegated, requests, notices, drafts, leader, mail] = await Promise.all([
    count(todoList(caller)),
    count(doneList(caller.id, undefined)),
    count(delegateList(caller.id)),
    count(requestList(caller.id)),
    count(noticeList(caller.id, 'todoRead')),
    count(draftList(caller.id)),
    count(leaderTodoList(caller.id)),
    unreadMailCount(db, caller.id),
  ]);
  const product = config.product;
  return {
    myTaks: box('myTaks', todo, `/fvue/v-flow/v-${product}Todo?curr=todo`, 'todo'),
    myAlready: box('myAlready', done, `/fvue/v-flow/v-${product}Done`, 'done'),
    myAccordingMatters: box(
      'myAccordingMatters',
      delegated,
      '/fvue/v-flow/v-myDelegate',
      'delegate',
    ),
    myRequest: box('myRequest', requests, '/fvue/v-flow/v-request', 'request'),
    myNotice: box('myNotice', notices, '/fvue/v-flow/v-todoRead', 'notice'),
    myDraft: box('myDraft', drafts, '/fvue/v-flow/v-draft', 'draft'),
    myLeaderTodo: box('myLeaderTodo', leader, '/fvue/v-flow/v-leader', 'leader'),
    myEmail: box('myEmail', mail, '/fvue/v-mail/mailList', 'email'),
    userId: caller.id,
    fullname: caller.fullname,
  };
}
