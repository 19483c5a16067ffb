import { sql } from 'kysely';
import type { UserOrg, UserPost } from '../../../src/contract/auth';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { badRequest, forbidden } from '../../lib/errors';

/** Org names from the top down to each org, over the workflow area's org tree. */
async function orgPaths(db: Db, orgIds: string[]): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  if (orgIds.length === 0) return paths;
  const orgs = await db.selectFrom('wf_orgs').select(['id', 'name', 'parent_id']).execute();
  const byId = new Map(orgs.map((org) => [org.id, org]));
  for (const id of orgIds) {
    const names: string[] = [];
    for (let org = byId.get(id), depth = 0; org && depth < 20; depth++) {
      names.unshift(org.name);
      org = org.parent_id ? byId.get(org.parent_id) : undefined;
    }
    paths.set(id, names.join('/'));
  }
  return paths;
}

export async function orgsAndPosts(
  db: Db,
  userId: string,
): Promise<{ orgs: UserOrg[]; posts: UserPost[] }> {
  const memberships = await db
    .selectFrom('wf_org_members as m')
    .innerJoin('wf_orgs as o', 'o.id', 'm.org_id')
    .select(['o.id', 'o.name', 'o.code', 'm.is_main'])
    .where('m.user_id', '=', userId)
    .orderBy('m.is_main', 'desc')
    .orderBy('o.sort')
    .orderBy('o.id')
    .execute();
  const posts = await db
    .selectFrom('user_posts as up')
    .innerJoin('posts as p', 'p.id', 'up.post_id')
    .select(['p.id', 'p.name', 'p.code', 'p.org_id'])
    .where('up.user_id', '=', userId)
    .orderBy('p.code')
    .execute();
  const paths = await orgPaths(db, [
    ...new Set([...memberships.map((m) => m.id), ...posts.map((p) => p.org_id)]),
  ]);
  const master = new Set(memberships.filter((m) => m.is_main).map((m) => m.id));
  return {
    orgs: memberships.map((m) => ({
      orgId: m.id,
      orgname: m.name,
      orgcode: m.code,
      pathname: paths.get(m.id) ?? m.name,
      ismaster: m.is_main,
    })),
    posts: posts.map((p) => ({
      postId: p.id,
      postname: p.name,
      postcode: p.code,
      orgId: p.org_id,
      pathname: `${paths.get(p.org_id) ?? ''}/${p.name}`.replace(/^\//, ''),
      isMaster: master.has(p.org_id),
    })),
  };
}

/**
 * Post switching: makes one of the caller's orgs their only master org. The user id in the
 * request must be the caller's own; nobody switches another person's post.
 */
export async function setMasterOrg(db: Db, caller: AuthUser, userId: string, orgId: string) {
  if (userId !== caller.id && userId !== caller.account) throw forbidden();
  await db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('wf_org_members')
      .select('org_id')
      .where('user_id', '=', caller.id)
      .where('org_id', '=', orgId)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw badRequest('server:shell.orgNotYours');
    await trx
      .updateTable('wf_org_members')
      .set({ is_main: sql<boolean>`org_id = ${orgId}` })
      .where('user_id', '=', caller.id)
      .execute();
  });
}
