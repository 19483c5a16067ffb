import type { Db } from '../database';
import type { LayoutShop, ShopStatus } from '../schema-map';
import { ringArea } from '../../domain/map/geometry';
import { planSize, planSvg, shopCells } from '../../domain/map/plan';
import { seedId } from './ids';
import { stores, userId } from './people';

/** Id kinds of the map seed (see seedId), clear of the other areas'. */
const mapKinds = { floor: 140, shop: 141, version: 142 } as const;

const floorSort: Record<string, number> = { B2: -2, B1: -1, L1: 1, L2: 2, L3: 3, L4: 4, L5: 5 };
/** Every store has B1 to L5 (the contracts' floors); the shopping centre also a B2. */
const floorsOf = (store: string) =>
  store === 'S03'
    ? ['B2', 'B1', 'L1', 'L2', 'L3', 'L4', 'L5']
    : ['B1', 'L1', 'L2', 'L3', 'L4', 'L5'];

interface ContractRow {
  id: string;
  store_code: string;
  floor: string;
  shop_no: string;
  merchant_code: string;
  brand: string;
  category: string;
  starts_on: string | Date;
  ends_on: string | Date;
}

const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function statusOf(contract: ContractRow, today: string): ShopStatus {
  if (day(contract.ends_on) < today) return 'vacant';
  return day(contract.starts_on) > today ? 'fitting' : 'open';
}

/**
 * The seeded contract of each shop: a shop number of the finance seed (L1-07) is cell 7 of
 * floor L1, so the map's floor is the contract's floor, the one the dunning notice's bank
 * account follows. When two contracts name one shop, the one that ends last holds it.
 */
async function contractsByShop(db: Db): Promise<Map<string, ContractRow>> {
  const rows = (await db
    .selectFrom('contracts as c')
    .innerJoin('brands as b', 'b.id', 'c.brand_id')
    .select([
      'c.id',
      'c.store_code',
      'c.floor',
      'c.shop_no',
      'c.merchant_code',
      'b.name as brand',
      'b.category',
      'c.starts_on',
      'c.ends_on',
    ])
    .orderBy('c.ends_on', 'desc')
    .orderBy('c.id')
    .execute()) as ContractRow[];
  const byShop = new Map<string, ContractRow>();
  for (const row of rows) {
    const key = `${row.store_code}/${row.shop_no}`;
    if (!byShop.has(key)) byShop.set(key, row);
  }
  return byShop;
}

export async function seedMap(db: Db, today: string): Promise<void> {
  const byShop = await contractsByShop(db);
  const cells = shopCells();
  let floorN = 0;
  let shopN = 0;
  for (const store of stores) {
    for (const floor of floorsOf(store.code)) {
      const floorId = seedId(mapKinds.floor, ++floorN);
      const svg = planSvg({ zh: `${store.name} ${floor}`, en: `${store.name_en} ${floor}` });
      await db
        .insertInto('map_floors')
        .values({
          id: floorId,
          store_code: store.code,
          floor,
          sort: floorSort[floor]!,
          plan_width: planSize.width,
          plan_height: planSize.height,
          plan_mime: 'image/svg+xml',
          plan_data: Buffer.from(svg),
        })
        .execute();
      const layout: LayoutShop[] = [];
      const shops = cells.map((polygon, i) => {
        const number = `${floor}-${String(i + 1).padStart(2, '0')}`;
        const contract = byShop.get(`${store.code}/${number}`);
        const status = contract ? statusOf(contract, today) : 'vacant';
        const category = contract?.category ?? '';
        layout.push({ number, category, polygon });
        return {
          id: seedId(mapKinds.shop, ++shopN),
          floor_id: floorId,
          store_code: store.code,
          shop_no: number,
          polygon: JSON.stringify(polygon),
          area: ringArea(polygon.coordinates[0]!),
          category,
          status,
          brand_name: contract && status !== 'vacant' ? contract.brand : '',
          merchant_code: contract && status !== 'vacant' ? contract.merchant_code : null,
          contract_id: contract && status !== 'vacant' ? contract.id : null,
        };
      });
      await db.insertInto('map_shops').values(shops).execute();
      await db
        .insertInto('map_layout_versions')
        .values({
          id: seedId(mapKinds.version, floorN),
          floor_id: floorId,
          version: 1,
          shops: JSON.stringify(layout),
          note: 'seed',
          created_by: userId(1),
        })
        .execute();
    }
  }
}
