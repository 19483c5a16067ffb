import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { LayoutShop, ShopStatus } from '../../db/schema-map';
import type { AuthUser } from '../../lib/context';
import { UserError, badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertAssigner, assertLayoutEditor, type MapAccess } from './access';
import { validateLayout } from './geometry';

type Trx = Transaction<Database>;

/**
 * The floor row, locked for the rest of the transaction: saves of one floor queue behind
 * each other, and a save made on an older version than the current one is refused.
 */
async function lockFloor(trx: Trx, floorId: string, baseVersion: number) {
  const floor = await trx
    .selectFrom('map_floors')
    .select(['id', 'store_code', 'floor', 'plan_width', 'plan_height', 'version'])
    .where('id', '=', floorId)
    .forUpdate()
    .executeTakeFirst();
  if (!floor) throw notFound('server:map.noFloor');
  if (floor.version !== baseVersion) {
    throw new UserError(409, 'server:map.staleVersion', { version: floor.version });
  }
  return floor;
}

/** Shop numbers of the store already used on its other floors. */
async function numbersElsewhere(trx: Trx, store: string, floorId: string, numbers: string[]) {
  if (numbers.length === 0) return [];
  const rows = await trx
    .selectFrom('map_shops')
    .select('shop_no')
    .where('store_code', '=', store)
    .where('floor_id', '<>', floorId)
    .where(
      sql<string>`upper(shop_no)`,
      'in',
      numbers.map((n) => n.toUpperCase()),
    )
    .execute();
  return rows.map((row) => row.shop_no);
}

/**
 * Replaces the floor's shops with the layout: shops keep their assignments by number, new
 * numbers come in vacant, missing ones go. Writes the layout as the next version.
 */
async function applyLayout(
  trx: Trx,
  floor: {
    id: string;
    store_code: string;
    plan_width: number;
    plan_height: number;
    version: number;
  },
  shops: LayoutShop[],
  user: AuthUser,
  note: string,
): Promise<number> {
  const areas = validateLayout(shops, floor.plan_width, floor.plan_height);
  const taken = await numbersElsewhere(
    trx,
    floor.store_code,
    floor.id,
    shops.map((s) => s.number),
  );
  if (taken.length > 0) throw badRequest('server:map.numberTaken', { number: taken[0]! });
  const existing = await trx
    .selectFrom('map_shops')
    .select(['id', 'shop_no'])
    .where('floor_id', '=', floor.id)
    .execute();
  const byNumber = new Map(existing.map((row) => [row.shop_no, row.id]));
  const kept = new Set(shops.map((shop) => shop.number));
  const gone = existing.filter((row) => !kept.has(row.shop_no)).map((row) => row.id);
  if (gone.length > 0) await trx.deleteFrom('map_shops').where('id', 'in', gone).execute();
  for (const [i, shop] of shops.entries()) {
    const values = {
      polygon: JSON.stringify(shop.polygon),
      area: areas[i]!,
      category: shop.category,
      updated_at: new Date(),
    };
    const id = byNumber.get(shop.number);
    if (id) await trx.updateTable('map_shops').set(values).where('id', '=', id).execute();
    else
      await trx
        .insertInto('map_shops')
        .values({
          id: newId(),
          floor_id: floor.id,
          store_code: floor.store_code,
          shop_no: shop.number,
          ...values,
        })
        .execute();
  }
  const version = floor.version + 1;
  await trx
    .insertInto('map_layout_versions')
    .values({
      id: newId(),
      floor_id: floor.id,
      version,
      shops: JSON.stringify(shops),
      note,
      created_by: user.id,
    })
    .execute();
  await trx
    .updateTable('map_floors')
    .set({ version, updated_at: new Date() })
    .where('id', '=', floor.id)
    .execute();
  return version;
}

export interface LayoutInput {
  floorId: string;
  baseVersion: number;
  shops: LayoutShop[];
  note: string;
}

/** Saves a floor's layout as a new version, all in one transaction. */
export function saveLayout(db: Db, access: MapAccess, user: AuthUser, input: LayoutInput) {
  return db.transaction().execute(async (trx) => {
    const floor = await lockFloor(trx, input.floorId, input.baseVersion);
    assertLayoutEditor(access, floor.store_code);
    return applyLayout(trx, floor, input.shops, user, input.note);
  });
}

/** Makes an earlier version the current layout again, as a new version (nothing is lost). */
export function restoreVersion(
  db: Db,
  access: MapAccess,
  user: AuthUser,
  input: { floorId: string; baseVersion: number; version: number },
) {
  return db.transaction().execute(async (trx) => {
    const floor = await lockFloor(trx, input.floorId, input.baseVersion);
    assertLayoutEditor(access, floor.store_code);
    const saved = await trx
      .selectFrom('map_layout_versions')
      .select('shops')
      .where('floor_id', '=', floor.id)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (!saved) throw notFound('server:map.noVersion');
    const shops = (
      typeof saved.shops === 'string' ? JSON.parse(saved.shops) : saved.shops
    ) as LayoutShop[];
    return applyLayout(trx, floor, shops, user, `restore:${input.version}`);
  });
}

export interface PlanInput {
  floorId: string;
  mime: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/** A new plan image; the shops must still fit inside the new plan size. */
export function replacePlan(db: Db, access: MapAccess, input: PlanInput) {
  return db.transaction().execute(async (trx) => {
    const floor = await trx
      .selectFrom('map_floors')
      .select(['id', 'store_code'])
      .where('id', '=', input.floorId)
      .forUpdate()
      .executeTakeFirst();
    if (!floor) throw notFound('server:map.noFloor');
    assertLayoutEditor(access, floor.store_code);
    const shops = await trx
      .selectFrom('map_shops')
      .select(['polygon', 'shop_no'])
      .where('floor_id', '=', floor.id)
      .execute();
    for (const shop of shops) {
      const polygon = typeof shop.polygon === 'string' ? JSON.parse(shop.polygon) : shop.polygon;
      const outside = (polygon.coordinates[0] as [number, number][]).some(
        ([x, y]) => x > input.width || y > input.height,
      );
      if (outside) throw badRequest('server:map.outsidePlan', { number: shop.shop_no });
    }
    await trx
      .updateTable('map_floors')
      .set({
        plan_mime: input.mime,
        plan_data: input.bytes,
        plan_width: input.width,
        plan_height: input.height,
        updated_at: new Date(),
      })
      .where('id', '=', floor.id)
      .execute();
  });
}

export interface AssignInput {
  shopId: string;
  status: ShopStatus;
  brand: string;
  contractNo: string;
}

/**
 * Operations staff's assignment of a shop, geometry untouched. A contract must be of the
 * shop's store and floor; the merchant and (when none is typed) the brand come from it.
 */
export function assignShop(db: Db, access: MapAccess, input: AssignInput) {
  assertAssigner(access);
  return db.transaction().execute(async (trx) => {
    const shop = await trx
      .selectFrom('map_shops as s')
      .innerJoin('map_floors as f', 'f.id', 's.floor_id')
      .select(['s.id', 's.store_code', 'f.floor'])
      .where('s.id', '=', input.shopId)
      .forUpdate()
      .executeTakeFirst();
    if (!shop) throw notFound('server:map.noShop');
    let merchant: string | null = null;
    let contractId: string | null = null;
    let brand = input.brand;
    if (input.contractNo) {
      const contract = await trx
        .selectFrom('contracts as c')
        .innerJoin('brands as b', 'b.id', 'c.brand_id')
        .select(['c.id', 'c.store_code', 'c.floor', 'c.merchant_code', 'b.name as brand'])
        .where('c.number', '=', input.contractNo)
        .executeTakeFirst();
      if (!contract || contract.store_code !== shop.store_code || contract.floor !== shop.floor) {
        throw badRequest('server:map.contractElsewhere', { number: input.contractNo });
      }
      merchant = contract.merchant_code;
      contractId = contract.id;
      brand = brand || contract.brand;
    }
    if (input.status !== 'vacant' && !brand) throw badRequest('server:map.brandNeeded');
    await trx
      .updateTable('map_shops')
      .set({
        status: input.status,
        brand_name: input.status === 'vacant' ? '' : brand,
        merchant_code: input.status === 'vacant' ? null : merchant,
        contract_id: input.status === 'vacant' ? null : contractId,
        updated_at: new Date(),
      })
      .where('id', '=', shop.id)
      .execute();
  });
}
