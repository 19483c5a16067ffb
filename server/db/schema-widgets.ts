import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema';
import type { DefaultTimestamp } from './schema';

/** Tables of the home widgets (migration 0013, docs/shell-api.md "Home widgets"). */
export interface MeetingsTable {
  id: string;
  subject: string;
  subject_en: string;
  start_at: Timestamp;
  /** When it ends (migration 0036); null when not said. */
  end_at: NullableTimestamp;
  /** Where, in Chinese and English ('' when not said). */
  room: Generated<string>;
  room_en: Generated<string>;
  /** Who called it. */
  organiser_id: string | null;
  /** The workflow task the meeting is about. */
  task_id: string;
}

export interface MeetingAttendeesTable {
  meeting_id: string;
  user_id: string;
}

export interface FavouriteAppsTable {
  user_id: string;
  app_id: string;
  sort: number;
}

export interface ShortcutAppsTable {
  id: string;
  name: string;
  name_en: string;
  /** JSON text: a list of file ids (the spec's tb). */
  icon_file_ids: string;
  external_url: string;
  internal_url: string;
  sort: number;
  role_id: string | null;
}

export interface UserLayoutsTable {
  user_id: string;
  updated_at: DefaultTimestamp;
}

export interface UserLayoutColumnsTable {
  user_id: string;
  column_alias: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface WidgetTables {
  meetings: MeetingsTable;
  meeting_attendees: MeetingAttendeesTable;
  favourite_apps: FavouriteAppsTable;
  shortcut_apps: ShortcutAppsTable;
  user_layouts: UserLayoutsTable;
  user_layout_columns: UserLayoutColumnsTable;
}
