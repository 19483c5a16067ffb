import type { Db } from '../db/database';
import type { AuthUser } from '../lib/context';
import type { PageList, Paging } from './directory/paging';
import { containing } from '../lib/like';
import { logoList } from './tenants';

/**
 * The tenant search (spec/merchant-finance.md section 7, "Tenants": listJson with a
 * pageBean and querys, LIKE on the name, 20 a page). The designated user who sees
 * everything finds every tenant; anyone else only their own (a tenant's name and logo are on
 * its public login page, but the list of who else uses the portal is not theirs to read).
 */
export interface TenantRow {
  id: string;
  code: string;
  name: string;
  /** JSON text of `[{id, name}]`: the logo, as getTenantByCode answers it. */
  ico: string;
  createTime: string;
}

export async function searchTenants(
  db: Db,
  caller: AuthUser,
  filters: { name?: string | undefined; code?: string | undefined },
  paging: Paging,
  formatTime: (value: Date | string) => string,
): Promise<PageList<TenantRow>> {
  let query = db.selectFrom('tenants as t');
  if (!caller.seesEverything) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users as u')
          .select('u.id')
          .whereRef('u.tenant_id', '=', 't.id')
          .where('u.id', '=', caller.id),
      ),
    );
  }
  if (filters.name) query = query.where('t.name', 'ilike', containing(filters.name));
  if (filters.code) query = query.where('t.code', 'ilike', containing(filters.code));
  const [rows, count] = await Promise.all([
    query
      .leftJoin('files as f', 'f.id', 't.logo_file_id')
      .select([
        't.id',
        't.code',
        't.name',
        't.created_at',
        'f.id as logo_id',
        'f.name as logo_name',
      ])
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      ico: logoList(row.logo_id, row.logo_name),
      createTime: formatTime(row.created_at),
    })),
    total: Number(count.total),
    ...paging,
  };
}
