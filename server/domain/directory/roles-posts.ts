import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import { containing } from '../../lib/like';
import { postName } from '../workflow/queries/names';
import { OrgTree } from './org-tree';
import type { Paging } from './paging';

/** The directory's roles and posts (docs/directory.md). */

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
