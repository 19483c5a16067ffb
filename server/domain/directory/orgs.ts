import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import { OrgTree, type OrgRow } from './org-tree';
import type { PageList, Paging } from './paging';

/** The directory's dimensions and orgs (docs/directory.md). */

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
