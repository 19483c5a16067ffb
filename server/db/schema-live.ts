import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from './schema';

/** Recent events of the live portal (migration 0042, docs/live.md). */
export interface LiveEventsTable {
  /** bigserial: read as a number (both drivers parse int8 to a number, database.ts). */
  id: Generated<number>;
  /** The receiver; null: everyone signed in. */
  user_id: string | null;
  kind: string;
  data: Json<Record<string, unknown>>;
  created_at: DefaultTimestamp;
}

export interface LiveTables {
  live_events: LiveEventsTable;
}
