import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FloorSummary, LayoutShop, MapShop } from '../../../src/contract/map';
import { notFound } from '../../lib/errors';
import { covers, type MapAccess } from './access';
import { ringCentroid } from './geometry';
import { containing } from '../../lib/like';

/** A JSONB column as the driver hands it over: parsed already, or as text. */
export const parse = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export async function listStores(db: Db) {
  const stores = await db
    .selectFrom('stores')
    .select(['code', 'name', 'name_en'])
    .orderBy('sort')
    .execute();
  const floors = await db
    .selectFrom('map_floors')
    .select(['id', 'store_code', 'floor', 'plan_width', 'plan_height', 'version'])
    .orderBy('sort')
    .execute();
  return stores.map((store) => ({
    code: store.code,
    name: store.name,
    nameEn: store.name_en,
    floors: floors
      .filter((floor) => floor.store_code === store.code)
      .map((floor): FloorSummary => ({
        id: floor.id,
        floor: floor.floor,
        width: floor.plan_width,
        height: floor.plan_height,
        version: floor.version,
      })),
  }));
}

export async function findFloor(db: Db, floorId: string) {
  const floor = await db
    .selectFrom('map_floors')
    .select(['id', 'store_code', 'floor', 'plan_width', 'plan_height', 'version'])
    .where('id', '=', floorId)
    .executeTakeFirst();
  if (!floor) throw notFound('server:map.noFloor');
  return floor;
}

/** The first day of the business month (not the database's, whose zone may differ). */
const monthStart = (today: string) => sql<string>`${`${today.slice(0, 7)}-01`}::date`;

async function staffFacts(db: Db, contractIds: string[], today: string) {
  const thisMonth = monthStart(today);
  if (contractIds.length === 0)
    return new Map<string, { statement: MapShop['statementStatus']; overdue: boolean }>();
  const notices = await db
    .selectFrom('contracts as c')
    .leftJoin('joint_fee_notices as j', (join) =>
      join.onRef('j.contract_no', '=', 'c.number').on('j.month', '=', thisMonth),
    )
    .leftJoin('lease_fee_notices as l', (join) =>
      join.onRef('l.contract_no', '=', 'c.number').on('l.month', '=', thisMonth),
    )
    .select([
      'c.id',
      sql<string | null>`coalesce(j.id, l.id)`.as('notice'),
      sql<string | null>`coalesce(j.confirmed_by, l.confirmed_by)`.as('confirmedBy'),
      sql<boolean>`exists (select 1 from dunning_notices d where d.contract_id = c.id and d.total > 0)`.as(
        'overdue',
      ),
    ])
    .where('c.id', 'in', contractIds)
    .execute();
  return new Map(
    notices.map((row) => [
      row.id,
      {
        statement: (row.notice
          ? row.confirmedBy
            ? 'confirmed'
            : 'pending'
          : 'none') as MapShop['statementStatus'],
        overdue: Boolean(row.overdue),
      },
    ]),
  );
}

/** One floor's shops, each with the fields the caller may read. */
export async function readFloorShops(
  db: Db,
  floorId: string,
  access: MapAccess,
  today: string,
): Promise<MapShop[]> {
  const rows = await db
    .selectFrom('map_shops as s')
    .innerJoin('map_floors as f', 'f.id', 's.floor_id')
    .leftJoin('contracts as c', 'c.id', 's.contract_id')
    .leftJoin('merchants as m', 'm.code', 's.merchant_code')
    .select([
      's.id',
      's.shop_no',
      's.store_code',
      'f.floor',
      's.brand_name',
      's.category',
      's.area',
      's.status',
      's.polygon',
      's.merchant_code',
      's.contract_id',
      'c.number as contract_no',
      'm.name as merchant_name',
    ])
    .where('s.floor_id', '=', floorId)
    .orderBy('s.shop_no')
    .execute();
  const visible = (row: (typeof rows)[number]) =>
    covers(access.staffStores, row.store_code) ||
    (access.vendorCode !== null && row.merchant_code === access.vendorCode);
  const facts = await staffFacts(
    db,
    rows.filter((row) => visible(row) && row.contract_id).map((row) => row.contract_id!),
    today,
  );
  return rows.map((row) => {
    const polygon = parse(row.polygon);
    const [x, y] = ringCentroid(polygon.coordinates[0]!);
    const shop: MapShop = {
      id: row.id,
      number: row.shop_no,
      floor: row.floor,
      brand: row.brand_name,
      category: row.category,
      area: Number(row.area),
      status: row.status,
      x,
      y,
      polygon,
    };
    if (access.vendorCode !== null && row.merchant_code === access.vendorCode) shop.own = true;
    if (!visible(row)) return shop;
    const fact = row.contract_id ? facts.get(row.contract_id) : undefined;
    return {
      ...shop,
      merchantName: row.merchant_name ?? '',
      contractNo: row.contract_no ?? '',
      contractId: row.contract_id ?? '',
      statementStatus: fact?.statement ?? 'none',
      overdue: fact?.overdue ?? false,
    };
  });
}

/** Shops of a store whose brand or number contains the text (literal, not a pattern). */
export async function searchShops(db: Db, store: string, text: string) {
  const needle = containing(text);
  const rows = await db
    .selectFrom('map_shops as s')
    .innerJoin('map_floors as f', 'f.id', 's.floor_id')
    .select(['s.id', 's.shop_no', 's.brand_name', 'f.floor', 'f.id as floor_id'])
    .where('s.store_code', '=', store)
    .where((eb) =>
      eb.or([
        sql<boolean>`${sql.ref('s.brand_name')} ilike ${needle} escape '\\'`,
        sql<boolean>`${sql.ref('s.shop_no')} ilike ${needle} escape '\\'`,
      ]),
    )
    .orderBy('f.sort')
    .orderBy('s.shop_no')
    .limit(20)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.shop_no,
    brand: row.brand_name,
    floor: row.floor,
    floorId: row.floor_id,
  }));
}

export async function readPlan(db: Db, floorId: string) {
  const row = await db
    .selectFrom('map_floors')
    .select(['plan_mime', 'plan_data'])
    .where('id', '=', floorId)
    .executeTakeFirst();
  if (!row) throw notFound('server:map.noFloor');
  return { mime: row.plan_mime, bytes: Buffer.from(row.plan_data) };
}

export async function listVersions(db: Db, floorId: string) {
  const rows = await db
    .selectFrom('map_layout_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.version', 'v.note', 'v.created_at', 'v.shops', 'u.fullname'])
    .where('v.floor_id', '=', floorId)
    .orderBy('v.version', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    version: row.version,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.fullname ?? '',
    shopCount: parse(row.shops).length,
  }));
}

/** The floor's draft for its layout editors (the caller is checked by the route), or null. */
export async function readDraft(db: Db, floorId: string) {
  const row = await db
    .selectFrom('map_layout_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.updated_by')
    .select(['d.base_version', 'd.revision', 'd.shops', 'd.note', 'd.updated_at', 'u.fullname'])
    .where('d.floor_id', '=', floorId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    baseVersion: row.base_version,
    revision: row.revision,
    note: row.note,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.fullname ?? '',
    shops: parse(row.shops),
  };
}

/** The published layout of a floor: what everyone sees now. */
export async function publishedLayout(db: Db, floorId: string): Promise<LayoutShop[]> {
  const rows = await db
    .selectFrom('map_shops')
    .select(['shop_no', 'category', 'polygon'])
    .where('floor_id', '=', floorId)
    .orderBy('shop_no')
    .execute();
  return rows.map((row) => ({
    number: row.shop_no,
    category: row.category,
    polygon: parse(row.polygon),
  }));
}
