import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { BodyOf } from '../../../src/contract/call';
import type { LayoutShop, mapCalls } from '../../../src/contract/map';
import type { AuthUser } from '../../lib/context';
import { UserError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertAssigner, assertLayoutEditor, type MapAccess } from './access';
import { diffLayouts } from './diff';
import { validateLayout } from './geometry';
import { parse } from './read';

type Trx = Transaction<Database>;

/**
 * The floor row, locked for the rest of the transaction: saves of one floor queue behind
 * each other. The caller's store is checked before anything else is told (a stranger learns
 * nothing of versions or drafts); then, with `baseVersion`, a save made on an older published
 * version than the current one is refused.
 */
async function lockFloor(trx: Trx, floorId: string, access: MapAccess, baseVersion?: number) {
  const floor = await trx
    .selectFrom('map_floors')
    .select(['id', 'store_code', 'floor', 'plan_width', 'plan_height', 'version'])
    .where('id', '=', floorId)
    .forUpdate()
    .executeTakeFirst();
  if (!floor) throw notFound('server:map.noFloor');
  assertLayoutEditor(access, floor.store_code);
  if (baseVersion !== undefined && floor.version !== baseVersion) {
    throw new UserError(409, 'server:map.staleVersion', { version: floor.version });
  }
  return floor;
}

/**
 * The floor's draft (its floor row is locked, so drafts of one floor queue too), checked
 * against the revision the editor last read: 0 when it saw none.
 */
async function checkedDraft(trx: Trx, floorId: string, revision: number) {
  const draft = await trx
    .selectFrom('map_layout_drafts')
    .select(['base_version', 'revision', 'shops', 'note'])
    .where('floor_id', '=', floorId)
    .executeTakeFirst();
  const current = draft?.revision ?? 0;
  if (current !== revision) throw conflict('server:map.staleDraft', { revision: current });
  return draft && { ...draft, shops: parse(draft.shops) };
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

/** Validates a layout for the floor (geometry, numbers of its other floors); its areas. */
async function checkLayout(
  trx: Trx,
  floor: { id: string; store_code: string; plan_width: number; plan_height: number },
  shops: LayoutShop[],
) {
  const areas = validateLayout(shops, floor.plan_width, floor.plan_height);
  const taken = await numbersElsewhere(
    trx,
    floor.store_code,
    floor.id,
    shops.map((s) => s.number),
  );
  if (taken.length > 0) throw badRequest('server:map.numberTaken', { number: taken[0]! });
  return areas;
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
  const areas = await checkLayout(trx, floor, shops);
  const existing = await trx
    .selectFrom('map_shops')
    .select(['id', 'shop_no', 'category', 'polygon'])
    .where('floor_id', '=', floor.id)
    .execute();
  const byNumber = new Map(existing.map((row) => [row.shop_no, row.id]));
  // A renumbered shop is the same unit under a new number: it keeps its row, so its brand,
  // contract and status go with it instead of coming back vacant.
  const published = existing.map((row) => ({
    number: row.shop_no,
    category: row.category,
    polygon: parse(row.polygon),
  }));
  for (const { from, to } of diffLayouts(published, shops).renumbered)
    byNumber.set(to, byNumber.get(from)!);
  const kept = new Set(shops.map((shop) => byNumber.get(shop.number)));
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await trx.deleteFrom('map_shops').where('id', 'in', gone).execute();
  for (const [i, shop] of shops.entries()) {
    const values = {
      shop_no: shop.number,
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

export interface DraftInput {
  floorId: string;
  /** The published version the draft was drawn on. */
  baseVersion: number;
  /** The draft's revision the editor read; 0 when there was none. */
  revision: number;
  shops: LayoutShop[];
  note: string;
}

/**
 * Keeps an editor's layout as the floor's draft (docs/floor-map.md): checked like a
 * publish (geometry and numbers), so problems show while drawing, but nobody else sees it.
 */
export function saveDraft(db: Db, access: MapAccess, user: AuthUser, input: DraftInput) {
  return db.transaction().execute(async (trx) => {
    const floor = await lockFloor(trx, input.floorId, access, input.baseVersion);
    await checkedDraft(trx, floor.id, input.revision);
    await checkLayout(trx, floor, input.shops);
    const revision = input.revision + 1;
    const values = {
      base_version: floor.version,
      revision,
      shops: JSON.stringify(input.shops),
      note: input.note,
      updated_by: user.id,
      updated_at: new Date(),
    };
    await trx
      .insertInto('map_layout_drafts')
      .values({ floor_id: floor.id, ...values })
      .onConflict((oc) => oc.column('floor_id').doUpdateSet(values))
      .execute();
    return revision;
  });
}

/** Makes the floor's draft the published layout, as the next version, and drops the draft. */
export function publishDraft(
  db: Db,
  access: MapAccess,
  user: AuthUser,
  input: { floorId: string; baseVersion: number; revision: number },
) {
  return db.transaction().execute(async (trx) => {
    const floor = await lockFloor(trx, input.floorId, access, input.baseVersion);
    const draft = await checkedDraft(trx, floor.id, input.revision);
    if (!draft) throw notFound('server:map.noDraft');
    const version = await applyLayout(trx, floor, draft.shops, user, draft.note);
    await trx.deleteFrom('map_layout_drafts').where('floor_id', '=', floor.id).execute();
    return version;
  });
}

/** Drops the floor's draft; the published layout is untouched. */
export function discardDraft(
  db: Db,
  access: MapAccess,
  input: { floorId: string; revision: number },
) {
  return db.transaction().execute(async (trx) => {
    const floor = await lockFloor(trx, input.floorId, access);
    const draft = await checkedDraft(trx, floor.id, input.revision);
    if (!draft) throw notFound('server:map.noDraft');
    await trx.deleteFrom('map_layout_drafts').where('floor_id', '=', floor.id).execute();
  });
}

/**
 * Publishes an earlier version's layout again, as a new version (nothing is lost). A draft
 * of the floor was drawn on the version this replaces, so it goes too; the editor was told
 * so before confirming, and `revision` says which draft they were shown.
 */
export function restoreVersion(
  db: Db,
  access: MapAccess,
  user: AuthUser,
  input: { floorId: string; baseVersion: number; version: number; revision: number },
) {
  return db.transaction().execute(async (trx) => {
    const floor = await lockFloor(trx, input.floorId, access, input.baseVersion);
    await checkedDraft(trx, floor.id, input.revision);
    const shops = await versionShops(trx, floor.id, input.version);
    const version = await applyLayout(trx, floor, shops, user, `restore:${input.version}`);
    await trx.deleteFrom('map_layout_drafts').where('floor_id', '=', floor.id).execute();
    return version;
  });
}

/** The shops of a saved version of the floor. */
export async function versionShops(trx: Trx | Db, floorId: string, version: number) {
  const saved = await trx
    .selectFrom('map_layout_versions')
    .select('shops')
    .where('floor_id', '=', floorId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!saved) throw notFound('server:map.noVersion');
  return parse(saved.shops);
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

export type AssignInput = BodyOf<typeof mapCalls.assign>;

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
