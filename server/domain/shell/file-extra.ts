import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { UserError } from '../../lib/errors';
import { mayReadFile } from '../file-access';
import { maxExtraProp } from '../../../src/contract/files';

/** The longest extra property a file keeps (characters): the route's schema says so too. */
export { maxExtraProp };

/**
 * Updates a file's extra property (the portal's updateFileExtraProp, spec/workflow-office.md
 * 7.4): text its control keeps with the file, often JSON (a rotation, a caption, a page
 * count). Who may change it is who may delete the file: its uploader, or the administrator;
 * a file the caller may not read answers 404 like a missing one, a system file (no uploader:
 * logos, news pictures, invoices) 409.
 */
export async function updateExtraProp(
  db: Db,
  caller: AuthUser,
  fileId: string,
  extraProp: string,
): Promise<void> {
  if (extraProp.length > maxExtraProp)
    throw new UserError(400, 'server:specRows.extraPropTooLong', { max: maxExtraProp });
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || !(await mayReadFile(trx, row, caller)))
      throw new UserError(404, 'server:fileNotFound');
    if (row.uploader_id === null) throw new UserError(409, 'server:specRows.systemFileFixed');
    if (!caller.seesEverything && row.uploader_id !== caller.id)
      throw new UserError(403, 'server:specRows.fileNotYours');
    await trx
      .updateTable('files')
      .set({ extra_prop: extraProp })
      .where('id', '=', fileId)
      .execute();
  });
}
