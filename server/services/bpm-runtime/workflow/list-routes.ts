import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  delegateList,
  doneInstanceList,
  doneList,
  draftList,
  leaderTodoList,
  noticeList,
  requestList,
  startableList,
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
import { callerOf, countAnswer, pageAnswer } from './common';
import { unreadMailCount } from '../../../domain/mail/unread';
import { queryFilter } from '../../schemas';

const taskTimes = ['createTime', 'createDate', 'dueTime'];
const noticeTimes = ['createTime', 'readTime'];
const instanceTimes = ['createTime', 'endTime', 'completeTime', 'updateTime'];

const instanceStatus = Type.Object({
  // Spelled out, not mapped from a list: a mapped list types every entry as never.
  status: Type.Optional(
    Type.Union([
      Type.Literal('running'),
      Type.Literal('end'),
      Type.Literal('manualend'),
      Type.Literal('revoke'),
    ]),
  ),
});
/** getDoneList's query string: ?isCheckRevoke rather than ?status. */
const doneListQuery = Type.Object({ isCheckRevoke: Type.Optional(Type.Boolean()) });
/**
 * The query string as a list's spec reads it: ?status (instanceStatus), or getDoneList's
 * ?isCheckRevoke (doneListQuery). A spec reads only the one its own list's schema checks.
 */
type ListQuery = Partial<Static<typeof instanceStatus> & Static<typeof doneListQuery>>;

interface ListDef {
  path: string;
  count?: { path: string; method: 'GET' | 'POST' };
  summary: string;
  spec(request: FastifyRequest, query: ListQuery): ListSpec;
  times: string[];
  /** The query string, when the list takes ?isCheckRevoke rather than ?status. */
  query?: typeof doneListQuery;
}

function lists(): ListDef[] {
  const user = (request: FastifyRequest) => callerOf(request);
  const notices = (box: NoticeBox) => (request: FastifyRequest) =>
    noticeList(user(request).id, box, request.language);
  return [
    {
      path: '/runtime/task/v1/getTodoList',
      count: { path: '/runtime/task/v1/getTodoCount', method: 'POST' },
      summary: "The caller's to-do tasks (DefaultBpmTask rows with identityList)",
      spec: (request) => todoList(user(request)),
      times: taskTimes,
    },
    {
      path: '/runtime/task/v1/getLeaderTodoList',
      count: { path: '/runtime/task/v1/getLeaderTodoCount', method: 'POST' },
      summary:
        'To-do tasks of the leaders the caller is secretary of (identityList, orgId, orgName)',
      spec: (request) => leaderTodoList(user(request).id, request.language),
      times: taskTimes,
    },
    {
      path: '/runtime/task/v1/getDelegate',
      count: { path: '/runtime/task/v1/getDelegateCount', method: 'POST' },
      summary: 'Open tasks the caller owns that another person holds (DELIVERTO, AGENT)',
      spec: (request) => delegateList(user(request).id, request.language),
      times: taskTimes,
    },
    {
      path: '/runtime/task/v1/getNoticeTodoReadList',
      count: { path: '/runtime/task/v1/getNoticeTodoReadCount', method: 'POST' },
      summary: 'Carbon copies and follow notices not read yet',
      spec: notices('todoRead'),
      times: noticeTimes,
    },
    {
      path: '/runtime/task/v1/getNoticeDoneReadList',
      count: { path: '/runtime/task/v1/getNoticeDoneReadCount', method: 'POST' },
      summary: 'Carbon copies and follow notices read',
      spec: notices('doneRead'),
      times: noticeTimes,
    },
    {
      path: '/runtime/task/v1/getMyNoticeReadList',
      count: { path: '/runtime/task/v1/getMyNoticeReadCount', method: 'POST' },
      summary: 'Carbon copies the caller sent',
      spec: notices('myRead'),
      times: noticeTimes,
    },
    {
      path: '/runtime/instance/v1/getDoneInstList',
      count: { path: '/runtime/instance/v1/getDoneInstCount', method: 'POST' },
      summary: 'One row per action the caller took on a task, with the computed revoke flag',
      spec: (request, query) => doneList(user(request).id, query.status, request.language),
      times: instanceTimes,
    },
    {
      path: '/runtime/instance/v1/getDoneList',
      summary:
        'One row per instance the caller acted on; with isCheckRevoke=true the revocable action and its flag',
      spec: (request, query) =>
        doneInstanceList(user(request).id, query.isCheckRevoke === true, request.language),
      times: instanceTimes,
      query: doneListQuery,
    },
    {
      path: '/runtime/instance/v1/myRequest',
      count: { path: '/runtime/instance/v1/myRequestCount', method: 'GET' },
      summary: 'Instances the caller started (revoke: they may still withdraw it)',
      spec: (request) => requestList(user(request).id, request.language),
      times: instanceTimes,
    },
    {
      path: '/runtime/instance/v1/getMyDraftList',
      count: { path: '/runtime/instance/v1/myDraftCount', method: 'GET' },
      summary: "The caller's drafts",
      spec: (request) => draftList(user(request).id, request.language),
      times: instanceTimes,
    },
    {
      path: '/runtime/instance/v1/newProcess',
      count: { path: '/runtime/instance/v1/newProcessCount', method: 'POST' },
      summary: 'Flows the caller may start, with the leaders they may start each for',
      spec: (request) => startableList(user(request)),
      times: ['createTime'],
    },
  ];
}

/** The lists (bare PageList) and their counts ([{typeId, count}]) of the runtime service. */
export async function listRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  for (const list of lists()) {
    app.post(
      list.path,
      {
        schema: {
          summary: list.summary,
          querystring: list.query ?? instanceStatus,
          body: Type.Optional(queryFilter),
          response: { 200: pageAnswer },
        },
      },
      async (request) => {
        const page = await runList(
          db,
          list.spec(request, request.query),
          request.body ?? {},
          config.timeZone,
          { key: config.jwtSecret, list: list.path },
        );
        return {
          ...page,
          rows: page.rows.map((row) => withTimes(row, list.times, config.timeZone)),
        };
      },
    );
    if (!list.count) continue;
    const count = list.count;
    app.route({
      method: count.method,
      url: count.path,
      schema: {
        summary: `How many rows ${list.path.split('/').pop()} has, per flow category`,
        querystring: instanceStatus,
        ...(count.method === 'POST' ? { body: Type.Optional(queryFilter) } : {}),
        response: { 200: countAnswer },
      },
      handler: async (request) =>
        runCount(db, list.spec(request, request.query), request.body ?? {}, config.timeZone),
    });
  }
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
