import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { orgName, postName } from '../workflow/queries/names';
import type { PageList, Paging } from './paging';
import { searchPeople, type PeopleFilters, type PersonRow } from './people';
import { containing } from '../../lib/like';

/**
 * The user centre's calls the spec names beside the directory (spec/merchant-finance.md
 * section 7; issue 39, item 8): the org and post a user works in now, users with their main
 * org and post, the users of a group, and the jobs. What a row shows is the directory's
 * (docs/directory.md): only active staff, only what a colleague may know.
 */

// ---------------------------------------------------------------------------------------
// The current org and post (putInCacheOrgPost, getCacheByKeyOrgPost)

export interface CurrentPost {
  orgId: string;
  orgName: string;
  postId: string;
  postName: string;
  /** Chosen by the user (putInCacheOrgPost), or their master org and its post by default. */
  chosen: boolean;
}

/** A `key` naming the user must be the caller (id or account): nobody reads another's. */
export function assertOwnKey(caller: AuthUser, key: string | undefined): void {
  if (key && key !== caller.id && key !== caller.account)
    throw forbidden('server:shell.accountNotCaller');
}

/**
 * Keeps the org (and post) the caller works in now. The org must be one of theirs, the post
 * one they hold in that org; one row a user, so the last choice wins on every process.
 */
export async function putCurrentPost(
  db: Db,
  caller: AuthUser,
  orgId: string,
  postId: string | undefined,
): Promise<void> {
  const member = await db
    .selectFrom('wf_org_members')
    .select('org_id')
    .where('user_id', '=', caller.id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!member) throw badRequest('server:shell.orgNotYours');
  if (postId) {
    const held = await db
      .selectFrom('user_posts as up')
      .innerJoin('posts as p', 'p.id', 'up.post_id')
      .select('p.id')
      .where('up.user_id', '=', caller.id)
      .where('p.id', '=', postId)
      .where('p.org_id', '=', orgId)
      .executeTakeFirst();
    if (!held) throw badRequest('server:specRows.postNotYours');
  }
  await db
    .insertInto('user_current_posts')
    .values({ user_id: caller.id, org_id: orgId, post_id: postId ?? null })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ org_id: orgId, post_id: postId ?? null, updated_at: sql`now()` }),
    )
    .execute();
}

/**
 * The org and post the caller works in now: their choice while it still holds (they are
 * still in that org and hold that post), else their master org and its first post; null for
 * a user in no org (a merchant).
 */
export async function currentPost(
  db: Db,
  caller: AuthUser,
  language: Language,
): Promise<CurrentPost | null> {
  const chosen = await db
    .selectFrom('user_current_posts as c')
    .innerJoin('wf_org_members as m', (join) =>
      join.onRef('m.org_id', '=', 'c.org_id').onRef('m.user_id', '=', 'c.user_id'),
    )
    .select(['c.org_id', 'c.post_id'])
    .where('c.user_id', '=', caller.id)
    .executeTakeFirst();
  const master = chosen
    ? undefined
    : await db
        .selectFrom('wf_org_members')
        .select('org_id')
        .where('user_id', '=', caller.id)
        .orderBy('is_main', 'desc')
        .orderBy('org_id')
        .executeTakeFirst();
  const orgId = chosen?.org_id ?? master?.org_id;
  if (!orgId) return null;
  const org = await db
    .selectFrom('wf_orgs as o')
    .select(orgName(language).as('name'))
    .where('o.id', '=', orgId)
    .executeTakeFirstOrThrow();
  let posts = db
    .selectFrom('user_posts as up')
    .innerJoin('posts as p', 'p.id', 'up.post_id')
    .select(['p.id'])
    .select(postName(language).as('name'))
    .where('up.user_id', '=', caller.id)
    .where('p.org_id', '=', orgId);
  if (chosen?.post_id) posts = posts.where('p.id', '=', chosen.post_id);
  const post = await posts.orderBy('p.is_leader', 'desc').orderBy('p.code').executeTakeFirst();
  return {
    orgId,
    orgName: org.name,
    postId: post?.id ?? '',
    postName: post?.name ?? '',
    chosen: Boolean(chosen),
  };
}

// ---------------------------------------------------------------------------------------
// People with their main org and post, and the people of a group

export interface PersonWithMainPost extends PersonRow {
  postId: string;
  postName: string;
}

/** queryUserWithMainOrgPost: the directory search, each row with its main org's post. */
export async function peopleWithMainPost(
  db: Db,
  filters: PeopleFilters,
  paging: Paging,
  language: Language,
): Promise<PageList<PersonWithMainPost>> {
  const page = await searchPeople(db, filters, paging, language);
  const posts = page.rows.length
    ? await db
        .selectFrom('user_posts as up')
        .innerJoin('posts as p', 'p.id', 'up.post_id')
        .select(['up.user_id', 'p.id', 'p.org_id'])
        .select(postName(language).as('name'))
        .where(
          'up.user_id',
          'in',
          page.rows.map((row) => row.id),
        )
        .orderBy('p.is_leader', 'desc')
        .orderBy('p.code')
        .execute()
    : [];
  return {
    ...page,
    rows: page.rows.map((row) => {
      const post = posts.find((item) => item.user_id === row.id && item.org_id === row.orgId);
      return { ...row, postId: post?.id ?? '', postName: post?.name ?? '' };
    }),
  };
}

export type GroupType = 'org' | 'role' | 'post' | 'job';

/** The most people loadUsersByGropuId answers; a larger org pages through getOrgUserQuery. */
export const maxGroupUsers = 500;

/** Ids of the users of a group, or null when there is no such group. */
async function groupMembers(db: Db, type: GroupType, groupId: string): Promise<string[] | null> {
  const ids = (rows: { user_id: string }[]) => rows.map((row) => row.user_id);
  switch (type) {
    case 'org': {
      const org = await db.selectFrom('wf_orgs').select('id').where('id', '=', groupId).execute();
      if (org.length === 0) return null;
      return ids(
        await db
          .selectFrom('wf_org_members')
          .select('user_id')
          .where('org_id', '=', groupId)
          .execute(),
      );
    }
    case 'role': {
      const role = await db.selectFrom('roles').select('id').where('id', '=', groupId).execute();
      if (role.length === 0) return null;
      return ids(
        await db
          .selectFrom('user_roles')
          .select('user_id')
          .where('role_id', '=', groupId)
          .where('deleted', '=', false)
          .execute(),
      );
    }
    case 'post': {
      const post = await db.selectFrom('posts').select('id').where('id', '=', groupId).execute();
      if (post.length === 0) return null;
      return ids(
        await db
          .selectFrom('user_posts')
          .select('user_id')
          .where('post_id', '=', groupId)
          .execute(),
      );
    }
    case 'job': {
      const job = await db.selectFrom('uc_jobs').select('id').where('id', '=', groupId).execute();
      if (job.length === 0) return null;
      return ids(
        await db
          .selectFrom('user_posts as up')
          .innerJoin('posts as p', 'p.id', 'up.post_id')
          .select('up.user_id')
          .where('p.job_id', '=', groupId)
          .execute(),
      );
    }
  }
}

/**
 * loadUsersByGropuId (the platform's spelling): the people of an org, role, post or job,
 * as directory rows. Only people in the directory are answered (a role held only by
 * merchants answers an empty list); an unknown group answers 404.
 */
export async function groupUsers(
  db: Db,
  type: GroupType,
  groupId: string,
  language: Language,
): Promise<PersonRow[]> {
  const members = await groupMembers(db, type, groupId);
  if (members === null) throw notFound('server:specRows.groupNotFound');
  const unique = [...new Set(members)];
  if (unique.length === 0) return [];
  const rows: PersonRow[] = [];
  // searchPeople takes ids a hundred at a time.
  for (let start = 0; start < unique.length && rows.length < maxGroupUsers; start += 100) {
    const page = await searchPeople(
      db,
      { ids: unique.slice(start, start + 100) },
      { page: 1, pageSize: 100 },
      language,
    );
    rows.push(...page.rows);
  }
  return rows.slice(0, maxGroupUsers);
}

// ---------------------------------------------------------------------------------------
// Jobs (getJobPage)

export interface JobRow {
  id: string;
  code: string;
  name: string;
  postLevel: number;
  description: string;
}

/** getJobPage: jobs by name or code text (either language), in their order. */
export async function jobPage(
  db: Db,
  filters: Record<string, string>,
  paging: Paging,
  language: Language,
): Promise<PageList<JobRow>> {
  let query = db.selectFrom('uc_jobs as j');
  const text = filters.name || filters.code || filters.keyword || '';
  if (text) {
    const pattern = containing(text);
    query = query.where((eb) =>
      eb.or([
        eb('j.name', 'ilike', pattern),
        eb('j.name_en', 'ilike', pattern),
        eb('j.code', 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('j')
      .orderBy('j.sort')
      .orderBy('j.code')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((job) => ({
      id: job.id,
      code: job.code,
      name: language === 'en-US' && job.name_en ? job.name_en : job.name,
      postLevel: job.level,
      description: job.description,
    })),
    total: Number(count.total),
    ...paging,
  };
}
