import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The floor map (docs/floor-map.md): each floor of a store with its plan image, the shops
 * drawn on it (polygons in plan units, y down, as GeoJSON), every saved layout of a floor as
 * a version, and what operations staff assign to a shop (brand, merchant, contract, status).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table map_floors (
    id text primary key,
    store_code text not null references stores (code),
    floor text not null check (floor in ('B2', 'B1', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6')),
    sort integer not null,
    plan_width integer not null check (plan_width between 10 and 10000),
    plan_height integer not null check (plan_height between 10 and 10000),
    plan_mime text not null,
    plan_data bytea not null,
    version integer not null default 1,
    updated_at timestamptz not null default now(),
    unique (store_code, floor)
  );

  create table map_shops (
    id text primary key,
    floor_id text not null references map_floors (id) on delete cascade,
    store_code text not null references stores (code),
    shop_no text not null,
    polygon jsonb not null,
    area numeric(10, 2) not null,
    category text not null default '',
    status text not null default 'vacant' check (status in ('vacant', 'fitting', 'open')),
    brand_name text not null default '',
    merchant_code text references merchants (code),
    contract_id text references contracts (id),
    updated_at timestamptz not null default now(),
    unique (store_code, shop_no)
  );
  create index map_shops_floor on map_shops (floor_id);
  create index map_shops_merchant on map_shops (merchant_code);

  create table map_layout_versions (
    id text primary key,
    floor_id text not null references map_floors (id) on delete cascade,
    version integer not null,
    shops jsonb not null,
    note text not null default '',
    created_by text not null,
    created_at timestamptz not null default now(),
    unique (floor_id, version)
  );
`;
