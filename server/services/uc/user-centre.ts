import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { pagingOf, textFilters } from '../../domain/directory/paging';
import {
  assertOwnKey,
  currentPost,
  groupUsers,
  jobPage,
  peopleWithMainPost,
  putCurrentPost,
} from '../../domain/directory/user-centre';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { commonResult, done, ok, okMessage, pageList, queryFilter } from '../schemas';

/**
 * The user centre's calls of the spec's table that the directory did not have (issue 39,
 * item 8; docs/directory.md, "The spec's other user-centre calls"). Signed in; the caller's
 * own where a call is about a user; rows as the directory shows them.
 */
const id = Type.String({ minLength: 1, maxLength: 64 });

const person = Type.Object({
  id: Type.String(),
  account: Type.String(),
  fullname: Type.String(),
  orgId: Type.String(),
  orgName: Type.String(),
  pathName: Type.String(),
  orgNames: Type.String(),
  postNames: Type.String(),
});

const personWithPost = Type.Object({
  ...person.properties,
  postId: Type.String({ description: "The post they hold in their main org ('' when none)" }),
  postName: Type.String(),
});

const current = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  postId: Type.String(),
  postName: Type.String(),
  chosen: Type.Boolean({ description: 'false: the master org and its post, nothing chosen' }),
});

const job = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  postLevel: Type.Integer(),
  description: Type.String(),
});

const groupType = Type.Union(
  [Type.Literal('org'), Type.Literal('role'), Type.Literal('post'), Type.Literal('job')],
  { description: 'What groupId names; org when absent' },
);

export async function userCentreRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.post(
    '/api/user/v1/user/putInCacheOrgPost',
    {
      schema: {
        summary: 'Keeps the org (and post) the caller works in now',
        description:
          'orgId must be one of the caller’s orgs (400 otherwise), postId one of their posts in it.',
        querystring: Type.Object({ orgId: Type.Optional(id), postId: Type.Optional(id) }),
        body: Type.Optional(Type.Object({ orgId: Type.Optional(id), postId: Type.Optional(id) })),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      // The platform's clients send these in the query string or in the body.
      const orgId = request.body?.orgId ?? request.query.orgId;
      if (!orgId) throw badRequest('server:specRows.orgRequired');
      await putCurrentPost(
        db,
        currentUser(request),
        orgId,
        request.body?.postId ?? request.query.postId,
      );
      return done(request, 'server:specRows.currentPostSaved');
    },
  );

  app.post(
    '/api/user/v1/user/getCacheByKeyOrgPost',
    {
      schema: {
        summary: 'The org and post the caller works in now (their master org by default)',
        description: 'key, when given, must be the caller’s account or id (403 otherwise).',
        querystring: Type.Object({ key: Type.Optional(Type.String({ maxLength: 100 })) }),
        body: Type.Optional(Type.Object({ key: Type.Optional(Type.String({ maxLength: 100 })) })),
        response: { 200: commonResult(Type.Union([current, Type.Null()])) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      assertOwnKey(caller, request.body?.key ?? request.query.key);
      return ok(await currentPost(db, caller, request.language));
    },
  );

  app.post(
    '/api/user/v1/users/queryUserWithMainOrgPost',
    {
      schema: {
        summary: 'People of the directory with their main org and the post they hold there',
        description: 'QueryFilter with keyword (fullname, account), orgId or ids, as listJson.',
        body: Type.Optional(queryFilter),
        response: { 200: pageList(personWithPost) },
      },
    },
    async (request) => {
      const { body } = request;
      const filters = textFilters(body, ['keyword', 'fullname', 'account', 'orgId', 'ids']);
      const ids = filters.ids
        ?.split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (ids && ids.length > 100) throw badRequest('server:shell.queryBadValue', { field: 'ids' });
      return peopleWithMainPost(
        db,
        {
          keyword: filters.keyword || filters.fullname || filters.account || undefined,
          orgId: filters.orgId || undefined,
          ids,
        },
        pagingOf(body),
        request.language,
      );
    },
  );

  app.post(
    '/api/user/v1/users/loadUsersByGropuId',
    {
      schema: {
        summary: 'The people of an org, role, post or job (a bare list, at most 500)',
        description:
          'groupId and type in the query string or the body. Only people of the directory; an unknown group 404.',
        querystring: Type.Object({ groupId: Type.Optional(id), type: Type.Optional(groupType) }),
        body: Type.Optional(
          Type.Object({ groupId: Type.Optional(id), type: Type.Optional(groupType) }),
        ),
        response: { 200: Type.Array(person) },
      },
    },
    async (request) => {
      const groupId = request.body?.groupId ?? request.query.groupId;
      if (!groupId) throw badRequest('server:specRows.groupRequired');
      const type = request.body?.type ?? request.query.type ?? 'org';
      return groupUsers(db, type, groupId, request.language);
    },
  );

  app.post(
    '/api/job/v1/jobs/getJobPage',
    {
      schema: {
        summary: 'Jobs (职务) by name or code text (page list)',
        body: Type.Optional(queryFilter),
        response: { 200: pageList(job) },
      },
    },
    async (request) => {
      const { body } = request;
      return jobPage(
        db,
        textFilters(body, ['name', 'code', 'keyword']),
        pagingOf(body),
        request.language,
      );
    },
  );
}
