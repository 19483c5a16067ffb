import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { financeScope, statementScope } from './scope';

/**
 * An invoice's PDF, XML and OFD files belong to its merchant: whoever may see one of the
 * invoices that point at a file may read it, nobody else (not even other signed-in users who
 * guessed its id). Answers null for files that are not invoice files.
 */
export async function mayReadInvoiceFile(
  db: Db,
  fileId: string,
  user: AuthUser | null,
): Promise<boolean | null> {
  const referenced = await db
    .selectFrom('invoices as i')
    .select('i.id')
    .where((eb) =>
      eb.or([
        eb('i.pdf_file_id', '=', fileId),
        eb('i.xml_file_id', '=', fileId),
        eb('i.ofd_file_id', '=', fileId),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (!referenced) return null;
  if (!user) return false;
  const scope = financeScope(user);
  const visible = await db
    .selectFrom('invoices as i')
    .select('i.id')
    .where((eb) =>
      eb.or([
        eb('i.pdf_file_id', '=', fileId),
        eb('i.xml_file_id', '=', fileId),
        eb('i.ofd_file_id', '=', fileId),
      ]),
    )
    .where(
      statementScope(scope, {
        merchant: 'i.merchant_code',
        accountant: 'i.accountant_name',
      }),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(visible);
}
