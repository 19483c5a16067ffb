import type { Db } from '../db/database';
import { notFound } from '../lib/errors';

/** A tenant as its login page and the top bar show it. */
export interface TenantWithLogo {
  id: string;
  code: string;
  name: string;
  /** JSON text of `[{id, name}]`: the logo file, or an empty list. */
  logo: string;
}

/** A logo file as the platform keeps logos: JSON text of a list of `{id, name}`. */
export function logoList(fileId: string | null, fileName: string | null): string {
  return JSON.stringify(fileId ? [{ id: fileId, name: fileName }] : []);
}

async function tenantWhere(
  db: Db,
  column: 't.code' | 't.id',
  value: string,
): Promise<TenantWithLogo> {
  const tenant = await db
    .selectFrom('tenants as t')
    .leftJoin('files as f', 'f.id', 't.logo_file_id')
    .select(['t.id', 't.code', 't.name', 'f.id as logo_id', 'f.name as logo_name'])
    .where(column, '=', value)
    .executeTakeFirst();
  if (!tenant) throw notFound('server:tenantNotFound');
  return {
    id: tenant.id,
    code: tenant.code,
    name: tenant.name,
    logo: logoList(tenant.logo_id, tenant.logo_name),
  };
}

/** The tenant of a login page's code: 404 when there is none. */
export function tenantByCode(db: Db, code: string): Promise<TenantWithLogo> {
  return tenantWhere(db, 't.code', code);
}

/** A tenant by id: 404 when there is none. */
export function tenantById(db: Db, id: string): Promise<TenantWithLogo> {
  return tenantWhere(db, 't.id', id);
}
