import { sql, type Expression, type SqlBool } from 'kysely';
import { orgName, postName } from '../../workflow/queries/names';
import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import { badRequest } from '../../lib/errors';
import { filtersOf, type QueryFilterBody } from '../shell/queries/query-filter';
import { containing, startingWith } from '../../lib/like';

/**
 * The people directory (issue 12, part 5; docs/directory.md): the org tree with its
 * dimensions and posts, the roles, and people. Readable by any signed-in user, and only
 * what a colleague may know: names, accounts, orgs and posts of active staff (members of an
 * org). Never password hashes, mobile numbers, e-mail addresses or anything of merchants,
 * who belong to no org and are not in it. Search text reaches SQL only as bound parameters.
 */

/** The most rows one directory page answers, whatever the request asks for. */
export const maxDirectoryPageSize = 50;

export interface Paging {
  page: number;
  pageSize: number;
}

export function pagingOf(body: QueryFilterBody | null | undefined, defaultSize = 20): Paging {
  const page = Math.max(1, Math.min(10_000, Math.trunc(body?.pageBean?.page ?? 1) || 1));
  const asked = Math.trunc(body?.pageBean?.pageSize ?? defaultSize) || defaultSize;
  return { page, pageSize: Math.max(1, Math.min(maxDirectoryPageSize, asked)) };
}

/** The querys of a QueryFilter as text values, refusing properties the call does not know. */
export function textFilters(
  body: QueryFilterBody | null | undefined,
  known: readonly string[],
): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [property, value] of Object.entries(filtersOf(body))) {
    if (!known.includes(property))
      throw badRequest('server:shell.queryUnknownField', { field: property });
    if (typeof value !== 'string')
      throw badRequest('server:shell.queryBadValue', { field: property });
    // `ids` lists up to 100 ids (searchPeople's limit), each up to 64 characters.
    const limit = property === 'ids' ? 100 * 65 : 100;
    if (value.length > limit) throw badRequest('server:shell.queryBadValue', { field: property });
    filters[property] = value.trim();
  }
  return filters;
}

/** `%text%` for ILIKE with the wildcards of the text itself escaped. */

export interface PageList<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------
// The org tree

interface OrgNode {
  id: string;
  code: string;
  name: string;
  parent_id: string | null;
  sort: number;
  dem_id: string;
}

/** Every org, with its path of names and its children: the tree is small (departments). */
export class OrgTree {
  readonly byId: Map<string, OrgNode>;
  readonly children = new Map<string, OrgNode[]>();

  constructor(orgs: OrgNode[]) {
    this.byId = new Map(orgs.map((org) => [org.id, org]));
    for (const org of orgs) {
      const key = org.parent_id ?? '';
      this.children.set(key, [...(this.children.get(key) ?? []), org]);
    }
  }

  /** The tree with every org's name in the reader's language (English when it has one). */
  static async load(db: Db, language?: Language): Promise<OrgTree> {
    const orgs = await db
      .selectFrom('wf_orgs as o')
      .select(['o.id', 'o.code', 'o.parent_id', 'o.sort', 'o.dem_id'])
      .select(orgName(language).as('name'))
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return new OrgTree(orgs);
  }

  pathName(id: string): string {
    const names: string[] = [];
    for (let org = this.byId.get(id), depth = 0; org && depth < 32; depth++) {
      names.unshift(org.name);
      org = org.parent_id ? this.byId.get(org.parent_id) : undefined;
    }
    return names.join('/');
  }

  /** The org and every org under it. */
  withDescendants(id: string): string[] {
    const ids: string[] = [];
    const stack = [id];
    while (stack.length > 0 && ids.length < 10_000) {
      const current = stack.pop()!;
      if (ids.includes(current)) continue;
      ids.push(current);
      for (const child of this.children.get(current) ?? []) stack.push(child.id);
    }
    return ids;
  }

  row(org: OrgNode) {
    return {
      id: org.id,
      name: org.name,
      code: org.code,
      parentId: org.parent_id ?? '0',
      demId: org.dem_id,
      orderNo: org.sort,
      pathName: this.pathName(org.id),
      isParent: (this.children.get(org.id)?.length ?? 0) > 0,
    };
  }
}

export type OrgRow = ReturnType<OrgTree['row']>;

export async function defaultDemId(db: Db): Promise<string> {
  const dem = await db
    .selectFrom('uc_dems')
    .select('id')
    .orderBy('is_default', 'desc')
    .orderBy('code')
    .executeTakeFirst();
  return dem?.id ?? '';
}

/** Dimensions, default first; the name in the caller's language. */
export async function listDems(db: Db, language: Language) {
  const dems = await db
    .selectFrom('uc_dems')
    .selectAll()
    .orderBy('is_default', 'desc')
    .orderBy('code')
    .execute();
  return dems.map((dem) => ({
    id: dem.id,
    code: dem.code,
    demName: language === 'en-US' && dem.name_en ? dem.name_en : dem.name,
    isDefault: dem.is_default ? 1 : 0,
    description: dem.description,
  }));
}

/**
 * Orgs of a dimension (the default one unless named): the children of parentId, or the
 * whole dimension flat (parents before children) when no parent is named.
 */
export async function orgsByParent(
  db: Db,
  options: {
    demId?: string | undefined;
    parentId?: string | undefined;
    language?: Language | undefined;
  },
): Promise<OrgRow[]> {
  const tree = await OrgTree.load(db, options.language);
  const demId = options.demId || (await defaultDemId(db));
  const parent = options.parentId && options.parentId !== '0' ? options.parentId : null;
  if (parent) {
    return (tree.children.get(parent) ?? [])
      .filter((org) => org.dem_id === demId)
      .map((org) => tree.row(org));
  }
  const rows: OrgRow[] = [];
  const visit = (key: string) => {
    for (const org of tree.children.get(key) ?? []) {
      if (org.dem_id !== demId) continue;
      rows.push(tree.row(org));
      visit(org.id);
    }
  };
  visit('');
  return rows;
}

/** getOrgPage: orgs filtered by name or code text, dimension and parent. */
export async function orgPage(
  db: Db,
  filters: Record<string, string>,
  paging: Paging,
  language?: Language,
): Promise<PageList<OrgRow>> {
  const tree = await OrgTree.load(db, language);
  const text = (filters.name || filters.code || filters.keyword || '').toLowerCase();
  const matching = [...tree.byId.values()].filter(
    (org) =>
      (!filters.demId || org.dem_id === filters.demId) &&
      (!filters.parentId || (org.parent_id ?? '0') === filters.parentId) &&
      (!text || org.name.toLowerCase().includes(text) || org.code.toLowerCase().includes(text)),
  );
  matching.sort((a, b) => tree.pathName(a.id).localeCompare(tree.pathName(b.id), 'zh-CN'));
  const start = (paging.page - 1) * paging.pageSize;
  return {
    rows: matching.slice(start, start + paging.pageSize).map((org) => tree.row(org)),
    total: matching.length,
    ...paging,
  };
}

/** The caller's master org (the one they act from), or null for a user without an org. */
export async function masterOrg(
  db: Db,
  userId: string,
  language?: Language,
): Promise<OrgRow | null> {
  const member = await db
    .selectFrom('wf_org_members as m')
    .innerJoin('wf_orgs as o', 'o.id', 'm.org_id')
    .select('o.id')
    .where('m.user_id', '=', userId)
    .orderBy('m.is_main', 'desc')
    .orderBy('o.sort')
    .orderBy('o.id')
    .executeTakeFirst();
  if (!member) return null;
  const tree = await OrgTree.load(db, language);
  const org = tree.byId.get(member.id);
  return org ? tree.row(org) : null;
}

// ---------------------------------------------------------------------------------------
// Roles and posts

export async function rolePage(db: Db, filters: Record<string, string>, paging: Paging) {
  const text = filters.name || filters.code || filters.keyword || '';
  let query = db.selectFrom('roles');
  if (text) {
    const pattern = containing(text);
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', pattern), eb('code', 'ilike', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'code', 'name'])
      .orderBy('code')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((role) => ({ ...role, enabled: 1 })),
    total: Number(count.total),
    ...paging,
  };
}

/** getOrgPostPage: posts by org, by holder (posts of a user) or by name text. */
export async function postPage(
  db: Db,
  filters: Record<string, string>,
  paging: Paging,
  language?: Language,
) {
  let query = db.selectFrom('posts as p');
  if (filters.orgId) query = query.where('p.org_id', '=', filters.orgId);
  if (filters.userId) {
    const userId = filters.userId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_posts as up')
          .select('up.post_id')
          .whereRef('up.post_id', '=', 'p.id')
          .where('up.user_id', '=', userId),
      ),
    );
  }
  const text = filters.name || filters.keyword || '';
  if (text) {
    const pattern = containing(text);
    query = query.where((eb) =>
      eb.or([
        eb('p.name', 'ilike', pattern),
        eb('p.name_en', 'ilike', pattern),
        eb('p.code', 'ilike', pattern),
      ]),
    );
  }
  const [posts, count, tree] = await Promise.all([
    query
      .select(['p.id', 'p.code', 'p.org_id', 'p.is_leader'])
      .select(postName(language).as('name'))
      .orderBy('p.is_leader', 'desc')
      .orderBy('p.code')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    OrgTree.load(db, language),
  ]);
  const holders = posts.length
    ? await db
        .selectFrom('user_posts as up')
        .innerJoin('users as u', 'u.id', 'up.user_id')
        .select(['up.post_id', 'u.id', 'u.fullname'])
        .where(
          'up.post_id',
          'in',
          posts.map((post) => post.id),
        )
        .where('u.status', '=', 1)
        .orderBy('u.name_pinyin')
        .execute()
    : [];
  return {
    rows: posts.map((post) => {
      const people = holders.filter((holder) => holder.post_id === post.id);
      return {
        id: post.id,
        code: post.code,
        name: post.name,
        orgId: post.org_id,
        orgName: tree.byId.get(post.org_id)?.name ?? '',
        pathName: `${tree.pathName(post.org_id)}/${post.name}`.replace(/^\//, ''),
        isLeader: post.is_leader ? 1 : 0,
        userIds: people.map((person) => person.id).join(','),
        userNames: people.map((person) => person.fullname).join('、'),
      };
    }),
    total: Number(count.total),
    ...paging,
  };
}

// ---------------------------------------------------------------------------------------
// People

/** A person as the directory shows them to any colleague. */
export interface PersonRow {
  id: string;
  account: string;
  fullname: string;
  /** Their master org, its path, and every org they belong to. */
  orgId: string;
  orgName: string;
  pathName: string;
  orgNames: string;
  /** Their posts' names, joined with 、. */
  postNames: string;
}

export interface PeopleFilters {
  /** Name, account, pinyin initials or full pinyin, org name or post name. */
  keyword?: string | undefined;
  orgId?: string | undefined;
  /** With orgId: also the people of the orgs under it. */
  includeSub?: boolean | undefined;
  /** Exactly these people (ids or accounts), e.g. to show the names of a saved value. */
  ids?: string[] | undefined;
}

/**
 * Whether a person matches a search text: name or account containing it, pinyin initials or
 * full pinyin starting with it (刘洋 by "ly" or "liuyang"), or an org or post of theirs named
 * with it in either language. The one rule of every people search: the people picker and
 * the staff dialog (server/domain/forms/dialogs/queries.ts). `column` names the person's
 * columns (id, fullname, account, name_initials, name_pinyin) in the caller's query.
 */
export function personMatches(
  column: (name: string) => Expression<unknown>,
  keyword: string,
): Expression<SqlBool> {
  const pattern = containing(keyword);
  const letters = startingWith(keyword.toLowerCase().replace(/\s+/g, ''));
  return sql<SqlBool>`(${column('fullname')} ilike ${pattern}
    or ${column('account')} ilike ${pattern}
    or ${column('name_initials')} like ${letters}
    or ${column('name_pinyin')} like ${letters}
    or exists (select 1 from wf_org_members km join wf_orgs ko on ko.id = km.org_id
      where km.user_id = ${column('id')} and (ko.name ilike ${pattern} or ko.name_en ilike ${pattern}))
    or exists (select 1 from user_posts kp join posts kpp on kpp.id = kp.post_id
      where kp.user_id = ${column('id')} and (kpp.name ilike ${pattern} or kpp.name_en ilike ${pattern})))`;
}

/** Users in the directory: active, and members of at least one org (staff, not merchants). */
function directoryUsers(db: Db) {
  return db
    .selectFrom('users as u')
    .where('u.status', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('wf_org_members as dm')
          .select('dm.user_id')
          .whereRef('dm.user_id', '=', 'u.id'),
      ),
    );
}

export async function searchPeople(
  db: Db,
  filters: PeopleFilters,
  paging: Paging,
  language?: Language,
): Promise<PageList<PersonRow>> {
  const tree = await OrgTree.load(db, language);
  let query = directoryUsers(db);
  const keyword = filters.keyword?.trim() ?? '';
  if (keyword) {
    const ref = (column: string) => sql.ref(`u.${column}`);
    query = query.where(personMatches(ref, keyword));
  }
  if (filters.orgId) {
    const orgIds = filters.includeSub ? tree.withDescendants(filters.orgId) : [filters.orgId];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('wf_org_members as om')
          .select('om.user_id')
          .whereRef('om.user_id', '=', 'u.id')
          .where('om.org_id', 'in', orgIds),
      ),
    );
  }
  if (filters.ids) {
    const ids = filters.ids.slice(0, 100);
    if (ids.length === 0) return { rows: [], total: 0, ...paging };
    query = query.where((eb) => eb.or([eb('u.id', 'in', ids), eb('u.account', 'in', ids)]));
  }
  const [users, count] = await Promise.all([
    query
      .select(['u.id', 'u.account', 'u.fullname'])
      .orderBy('u.name_pinyin')
      .orderBy('u.account')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: await describePeople(db, tree, users, language),
    total: Number(count.total),
    ...paging,
  };
}

async function describePeople(
  db: Db,
  tree: OrgTree,
  users: { id: string; account: string; fullname: string }[],
  language: Language | undefined,
): Promise<PersonRow[]> {
  if (users.length === 0) return [];
  const ids = users.map((user) => user.id);
  const [memberships, posts] = await Promise.all([
    db
      .selectFrom('wf_org_members')
      .select(['user_id', 'org_id', 'is_main'])
      .where('user_id', 'in', ids)
      .execute(),
    db
      .selectFrom('user_posts as up')
      .innerJoin('posts as p', 'p.id', 'up.post_id')
      .select(['up.user_id', 'p.code'])
      .select(postName(language).as('name'))
      .where('up.user_id', 'in', ids)
      .orderBy('p.code')
      .execute(),
  ]);
  return users.map((user) => {
    const orgs = memberships
      .filter((member) => member.user_id === user.id && tree.byId.has(member.org_id))
      .sort(
        (a, b) =>
          Number(b.is_main) - Number(a.is_main) ||
          tree.byId.get(a.org_id)!.sort - tree.byId.get(b.org_id)!.sort,
      );
    const master = orgs[0]?.org_id ?? '';
    return {
      id: user.id,
      account: user.account,
      fullname: user.fullname,
      orgId: master,
      orgName: tree.byId.get(master)?.name ?? '',
      pathName: master ? tree.pathName(master) : '',
      orgNames: [...new Set(orgs.map((org) => tree.byId.get(org.org_id)!.name))].join('、'),
      postNames: posts
        .filter((post) => post.user_id === user.id)
        .map((post) => post.name)
        .join('、'),
    };
  });
}

/** One person by account: someone in the directory, or the caller themself. */
export async function personByAccount(
  db: Db,
  account: string,
  callerId: string,
  language?: Language,
): Promise<PersonRow | null> {
  const found = await directoryUsers(db)
    .select(['u.id', 'u.account', 'u.fullname'])
    .where('u.account', '=', account)
    .executeTakeFirst();
  const user =
    found ??
    (await db
      .selectFrom('users')
      .select(['id', 'account', 'fullname'])
      .where('account', '=', account)
      .where('id', '=', callerId)
      .executeTakeFirst());
  if (!user) return null;
  const [row] = await describePeople(db, await OrgTree.load(db, language), [user], language);
  return row ?? null;
}
