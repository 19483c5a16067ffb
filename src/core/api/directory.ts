import type { PageList } from '../../contract/envelope';
import type { Org, Person, directoryCalls } from '../../contract/directory';
import { send } from '../http';

/** The people directory of the user centre (docs/directory.md); shapes from the contract. */
export type { Org, Person } from '../../contract/directory';

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
  return send<typeof directoryCalls.people>(
    'uc',
    { method: 'POST', path: '/api/user/v1/users/listJson' },
    {
      body: {
        pageBean: { page: options.page ?? 1, pageSize: options.pageSize ?? 20, showTotal: true },
        querys,
      },
    },
    { quiet: true },
  );
}

/** The people named by ids (or accounts), to show the names of a saved value. */
export async function peopleByIds(ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const page = await send<typeof directoryCalls.people>(
    'uc',
    { method: 'POST', path: '/api/user/v1/users/listJson' },
    { body: { pageBean: { page: 1, pageSize: 50 }, querys: [query('ids', ids.join(','), 'IN')] } },
    { quiet: true },
  );
  return page.rows;
}

/** The whole org tree of the default dimension, flat, parents first. */
export function orgTree(): Promise<Org[]> {
  return send<typeof directoryCalls.orgs>(
    'uc',
    { method: 'POST', path: '/api/org/v1/orgs/getByParentAndDem' },
    { body: {} },
    { quiet: true },
  );
}
