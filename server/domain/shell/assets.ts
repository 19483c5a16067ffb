import type { AssetDetail, AssetSummary } from '../../../src/contract/shell';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';

export async function assetSummary(db: Db, caller: AuthUser): Promise<AssetSummary> {
  const rows = await db
    .selectFrom('personal_assets')
    .select(['unit_name', 'name', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', caller.id)
    .groupBy(['unit_name', 'name'])
    .orderBy('name')
    .execute();
  return {
    dwmc: rows[0]?.unit_name ?? '',
    items: rows.map((row) => ({ zcmc: row.name, count: Number(row.count) })),
  };
}

/** The caller's assets with this name; every asset of theirs when the name is empty. */
export async function assetDetails(db: Db, caller: AuthUser, name: string): Promise<AssetDetail[]> {
  let query = db
    .selectFrom('personal_assets')
    .select(['name', 'asset_code', 'model', 'unit_name', 'acquired_on'])
    .where('user_id', '=', caller.id);
  if (name.trim()) query = query.where('name', '=', name.trim());
  const rows = await query.orderBy('name').orderBy('asset_code').execute();
  return rows.map((row) => ({
    zcmc: row.name,
    zcid: row.asset_code,
    ggxh: row.model,
    dwmc: row.unit_name,
    acquiredOn: row.acquired_on,
  }));
}
