import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import { containing, startingWith } from '../../lib/like';
import { postName } from '../workflow/queries/names';
import { OrgTree } from './org-tree';
import type { PageList, Paging } from './paging';
import type { Person } from '../../../src/contract/directory';

/**
 * The people directory (issue 12, part 5; docs/directory.md): the org tree with its
 * dimensions and posts, the roles, and people. Readable by any signed-in user, and only
 * what a colleague may know: names, accounts, orgs and posts of active staff (members of an
 * org). Never password hashes, mobile numbers, e-mail addresses or anything of merchants,
 * who belong to no org and are not in it. Search text reaches SQL only as bound parameters.
 */

/** A person as the directory shows them to any colleague (the contract's Person). */
export type PersonRow = Person;

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
