import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import { orgName } from '../workflow/queries/names';

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
