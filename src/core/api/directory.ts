import type { PageList } from '../../contract/envelope';
import { http } from '../http';

/** The people directory of the user centre (docs/directory.md). */

/** A person as the directory shows them. */
export interface Person {
  id: string;
  account: string;
  fullname: string;
  orgId: string;
  orgName: string;
  pathName: string;
  orgNames: string;
  postNames: string;
}

export interface Org {
  id: string;
  name: string;
  code: string;
  /** '0' for a top org. */
  parentId: string;
  demId: string;
  orderNo: number;
  pathName: string;
  isParent: boolean;
}

export type { PageList };

const query = (property: string, value: string, operation = 'LIKE') => ({
  property,
  value,
  operation,
  relation: 'AND',
});

/** People by name, account, pinyin initials or full pinyin, org or post name. */
export function searchPeople(
  keyword: string,
  options: { orgId?: string; page?: number; pageSize?: number } = {},
): Promise<PageList<Person>> {
  const querys = [
    ...(keyword.trim() ? [query('keyword', keyword.trim())] : []),
    ...(options.orgId ? [query('orgId', options.orgId, 'EQUAL')] : []),
  ];
  return http.post<PageList<Person>>(
    'uc',
    '/api/user/v1/users/listJson',
    {
      pageBean: { page: options.page ?? 1, pageSize: options.pageSize ?? 20, showTotal: true },
      querys,
    },
    { quiet: true },
  );
}

/** The people named by ids (or accounts), to show the names of a saved value. */
export async function peopleByIds(ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const page = await http.post<PageList<Person>>(
    'uc',
    '/api/user/v1/users/listJson',
    { pageBean: { page: 1, pageSize: 50 }, querys: [query('ids', ids.join(','), 'IN')] },
    { quiet: true },
  );
  return page.rows;
}

/** The whole org tree of the default dimension, flat, parents first. */
export function orgTree(): Promise<Org[]> {
  return http.post<Org[]>('uc', '/api/org/v1/orgs/getByParentAndDem', {}, { quiet: true });
}
