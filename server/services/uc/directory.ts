import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { listDems, masterOrg, orgPage, orgsByParent } from '../../domain/directory/orgs';
import { pagingOf, textFilters } from '../../domain/directory/paging';
import { personByAccount, searchPeople } from '../../domain/directory/people';
import { postPage, rolePage } from '../../domain/directory/roles-posts';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { commonResult, ok, pageList, queryFilter, type QueryFilter } from '../schemas';
import { addRoute } from '../contract';
import { directoryCalls, org, person } from '../../../src/contract/directory';

/**
 * The people directory of the user centre (spec/merchant-finance.md section 7, the uc
 * calls; docs/directory.md): dimensions, the org tree, roles, posts and people. Any
 * signed-in user may read it; what a row shows is decided in server/domain/directory.
 */
const dem = Type.Object({
  id: Type.String(),
  code: Type.String(),
  demName: Type.String(),
  isDefault: Type.Integer(),
  description: Type.String(),
});

const role = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  enabled: Type.Integer(),
});

const post = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  orgId: Type.String(),
  orgName: Type.String(),
  pathName: Type.String(),
  isLeader: Type.Integer(),
  userIds: Type.String(),
  userNames: Type.String(),
});

/** The people filters of a QueryFilter: keyword, orgId, ids (comma-separated). */
function peopleFilters(body: QueryFilter | undefined, orgRequired: boolean) {
  const filters = textFilters(body, ['keyword', 'fullname', 'account', 'orgId', 'id', 'ids']);
  const orgId = filters.orgId || undefined;
  if (orgRequired && !orgId) throw badRequest('server:directory.orgRequired');
  const idText = filters.ids ?? filters.id;
  const ids =
    idText === undefined
      ? undefined
      : idText
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
  if (ids && ids.length > 100) throw badRequest('server:shell.queryBadValue', { field: 'ids' });
  const includeSub = body?.params?.includeSub;
  return {
    keyword: filters.keyword || filters.fullname || filters.account || undefined,
    orgId,
    includeSub: includeSub === true || includeSub === 'true' || includeSub === 1,
    ids,
  };
}

export async function directoryRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/demension/v1/dems/getAll',
    {
      schema: {
        summary: 'Dimensions of the org tree (bare list), the default first',
        response: { 200: Type.Array(dem) },
      },
    },
    async (request) => listDems(db, request.language),
  );

  app.post(
    '/api/demension/v1/dems/getDemListAll',
    {
      schema: {
        summary: 'Dimensions of the org tree as a page list',
        body: Type.Optional(queryFilter),
        response: { 200: pageList(dem) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.body);
      const text = textFilters(request.body, ['demName', 'code', 'keyword']);
      const needle = (text.demName || text.code || text.keyword || '').toLowerCase();
      const all = (await listDems(db, request.language)).filter(
        (item) =>
          !needle ||
          item.demName.toLowerCase().includes(needle) ||
          item.code.toLowerCase().includes(needle),
      );
      const start = (paging.page - 1) * paging.pageSize;
      return { rows: all.slice(start, start + paging.pageSize), total: all.length, ...paging };
    },
  );

  addRoute(app, directoryCalls.orgs, async (request) => {
    const body = request.body ?? {};
    // Only the two filters: the language is the request's, never the body's.
    return orgsByParent(db, {
      demId: body.demId,
      parentId: body.parentId,
      language: request.language,
    });
  });

  app.post(
    '/api/org/v1/orgs/getOrgPage',
    {
      schema: {
        summary: 'Orgs by name or code text, dimension and parent (page list)',
        body: Type.Optional(queryFilter),
        response: { 200: pageList(org) },
      },
    },
    async (request) => {
      const body = request.body;
      return orgPage(
        db,
        textFilters(body, ['name', 'code', 'keyword', 'demId', 'parentId']),
        pagingOf(body),
        request.language,
      );
    },
  );

  app.get(
    '/api/org/v1/org/getOrgMaster',
    {
      schema: {
        summary: "The caller's master org (none for a user outside the org tree)",
        response: { 200: commonResult(Type.Union([org, Type.Null()])) },
      },
    },
    async (request) => ok(await masterOrg(db, currentUser(request).id, request.language)),
  );

  app.post(
    '/api/role/v1/roles/getRolePage',
    {
      schema: {
        summary: 'Roles by name or code text (page list)',
        body: Type.Optional(queryFilter),
        response: { 200: pageList(role) },
      },
    },
    async (request) => {
      const body = request.body;
      return rolePage(db, textFilters(body, ['name', 'code', 'keyword']), pagingOf(body));
    },
  );

  app.post(
    '/api/org/v1/orgPosts/getOrgPostPage',
    {
      schema: {
        summary: "Posts of an org, a user's posts (userId) or posts by name (page list)",
        body: Type.Optional(queryFilter),
        response: { 200: pageList(post) },
      },
    },
    async (request) => {
      const body = request.body;
      return postPage(
        db,
        textFilters(body, ['orgId', 'userId', 'name', 'keyword']),
        pagingOf(body),
        request.language,
      );
    },
  );

  // The two people lists differ only in whether an org is required.
  const peopleCalls = [
    { call: directoryCalls.people, orgRequired: false },
    { call: directoryCalls.orgPeople, orgRequired: true },
  ];
  for (const { call, orgRequired } of peopleCalls) {
    addRoute(app, call, async (request) => {
      const body = request.body;
      return searchPeople(db, peopleFilters(body, orgRequired), pagingOf(body), request.language);
    });
  }

  app.post(
    '/api/user/v1/user/getByAccount',
    {
      schema: {
        summary: 'One person of the directory by account (bare object)',
        body: Type.Optional(
          Type.Object({ account: Type.Optional(Type.String({ maxLength: 100 })) }),
        ),
        querystring: Type.Object({ account: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: person },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const account = request.body?.account ?? request.query.account ?? caller.account;
      const found = await personByAccount(db, account.trim(), caller.id, request.language);
      if (!found) throw notFound('server:directory.personNotFound');
      return found;
    },
  );
}
