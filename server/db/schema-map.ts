import type { Generated } from 'kysely';
import type { DefaultTimestamp } from './schema';
import type { LayoutShop, MapPolygon, ShopStatus } from '../../src/contract/map';

/** Floor map tables (migration 0014, docs/floor-map.md). Their JSON is the contract's. */
export type { LayoutShop, MapPolygon, Ring, ShopStatus } from '../../src/contract/map';

export interface MapFloorsTable {
  id: string;
  store_code: string;
  floor: string;
  sort: number;
  plan_width: number;
  plan_height: number;
  plan_mime: string;
  plan_data: Uint8Array;
  version: Generated<number>;
  updated_at: DefaultTimestamp;
}

export interface MapShopsTable {
  id: string;
  floor_id: string;
  store_code: string;
  shop_no: string;
  polygon: MapPolygon | string;
  area: string | number;
  category: Generated<string>;
  status: Generated<ShopStatus>;
  brand_name: Generated<string>;
  merchant_code: string | null;
  contract_id: string | null;
  updated_at: DefaultTimestamp;
}

export interface MapLayoutVersionsTable {
  id: string;
  floor_id: string;
  version: number;
  shops: LayoutShop[] | string;
  note: Generated<string>;
  created_by: string;
  created_at: DefaultTimestamp;
}

/** A floor's unpublished layout, one per floor (migration 0041). */
export interface MapLayoutDraftsTable {
  floor_id: string;
  base_version: number;
  revision: number;
  shops: LayoutShop[] | string;
  note: Generated<string>;
  updated_by: string;
  updated_at: DefaultTimestamp;
}

export interface MapTables {
  map_floors: MapFloorsTable;
  map_shops: MapShopsTable;
  map_layout_versions: MapLayoutVersionsTable;
  map_layout_drafts: MapLayoutDraftsTable;
}
