import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * A floor's unpublished layout (docs/floor-map.md, "Drafts and publishing"): at most one per
 * floor, read and written by the floor's layout editors only. `base_version` is the published
 * version it was drawn on; `revision` counts its saves, so two editors of one draft cannot
 * overwrite each other unseen. Publishing copies it into map_shops as the next version and
 * deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table map_layout_drafts (
    floor_id text primary key references map_floors (id) on delete cascade,
    base_version integer not null,
    revision integer not null check (revision >= 1),
    shops jsonb not null,
    note text not null default '',
    updated_by text not null,
    updated_at timestamptz not null default now()
  );
`;
