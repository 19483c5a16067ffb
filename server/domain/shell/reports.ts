import type { ReportTarget } from '../../../src/contract/shell';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { notFound, UserError } from '../../lib/errors';

/**
 * The report-server address for an alias. DTID is the caller's tenant (the tenantId of the
 * login answer), so the report server can scope its data without trusting the page.
 */
export async function reportTarget(
  db: Db,
  caller: AuthUser,
  alias: string,
  serverUrl: string | null,
): Promise<ReportTarget> {
  const link = await db
    .selectFrom('report_links')
    .selectAll()
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (!link) throw notFound('server:shell.reportNotFound');
  if (!serverUrl) throw new UserError(503, 'server:shell.reportServerMissing');
  const user = await db
    .selectFrom('users')
    .select('tenant_id')
    .where('id', '=', caller.id)
    .executeTakeFirstOrThrow();
  return {
    alias: link.alias,
    name: link.name,
    url: `${serverUrl}/${link.reportlet.replace(/^\/+/, '')}`,
    method: 'POST',
    fields: { account: caller.account, DTID: user.tenant_id ?? '' },
  };
}
