import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FinanceTables } from './schema-finance';
import type { ChartTables } from './schema-charts';
import type { DialogTables } from './schema-dialogs';
import type { ModuleTables } from './schema-modules';
import type { MapTables } from './schema-map';
import type { MailTables } from './schema-mail';
import type { ShellTables } from './schema-shell';
import type { WorkflowTables } from './schema-workflow';
import type { WidgetTables } from './schema-widgets';
import type { FormTables } from './schema-forms';
import type { LiveTables } from './schema-live';

/** A timestamp: written as a Date or ISO text, read as a Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a default (now()): optional on insert. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** jsonb: written as text (JSON.stringify), read as the parsed value. */
export type Json<T> = ColumnType<T, string, string>;

export interface TenantsTable {
  id: string;
  code: string;
  name: string;
  logo_file_id: string | null;
  created_at: DefaultTimestamp;
}

export interface StoresTable {
  id: string;
  code: string;
  name: string;
  name_en: string;
  city: string;
  /** The city in English; empty: the Chinese one is shown (migration 0049). */
  city_en: Generated<string>;
  sort: number;
}

export interface UsersTable {
  id: string;
  account: string;
  password_hash: string;
  fullname: string;
  mobile: string | null;
  email: string | null;
  sex: string | null;
  address: string | null;
  status: Generated<number>;
  must_change_password: Generated<boolean>;
  idle_minutes: number | null;
  tenant_id: string | null;
  sees_everything: Generated<boolean>;
  created_at: DefaultTimestamp;
  password_changed_at: NullableTimestamp;
  /** The name's pinyin initials and full pinyin (server/domain/directory/spelling.ts). */
  name_initials: Generated<string>;
  name_pinyin: Generated<string>;
}

/** Dimensions of the org tree (the platform's "dems"); one is the default. */
export interface UcDemsTable {
  id: string;
  code: string;
  name: string;
  name_en: Generated<string>;
  is_default: Generated<boolean>;
  description: Generated<string>;
}

export interface RolesTable {
  id: string;
  code: string;
  name: string;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
  deleted: Generated<boolean>;
}

export interface UserStoresTable {
  user_id: string;
  store_id: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface MobileCodesTable {
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  sent_at: DefaultTimestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  verified_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  body: string;
  created_at: DefaultTimestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  expires_at: Timestamp;
  hits: number;
}

export interface SignupsTable {
  id: Generated<number>;
  store_id: string;
  name: string;
  contact: string;
  area: number;
  location: string;
  category: string;
  position: string;
  remarks: string;
  created_at: DefaultTimestamp;
}

export interface FilesTable {
  id: string;
  name: string;
  extension: string;
  size: number;
  mime: string;
  storage_key: string;
  uploader_id: string | null;
  uploader_name: Generated<string>;
  public: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** The file's extra property (updateFileExtraProp): text its control keeps, often JSON. */
  extra_prop: Generated<string>;
}

export interface AttachmentRef {
  id: string;
  name: string;
  size: number;
}

export interface NewsTable {
  id: string;
  kind: 'announcement' | 'news';
  classify_id: Generated<string>;
  title: string;
  summary: Generated<string>;
  drafter: string;
  content: Generated<string>;
  is_url: Generated<boolean>;
  url: string | null;
  page_height: number | null;
  attachments: Json<AttachmentRef[]>;
  carousel_file_id: string | null;
  published: Generated<boolean>;
  /** Who may read it: anyone, anyone signed in, or holders of one of `audience_roles`. */
  audience: Generated<NewsAudience>;
  /** Role codes (staff, merchant, ...) when the audience is 'roles'. */
  audience_roles: Generated<string[]>;
  created_at: DefaultTimestamp;
  ends_on: string | null;
}

export type NewsAudience = 'public' | 'users' | 'roles';

/** What a file belongs to; access to the file follows access to that record. */
export interface FileLinksTable {
  file_id: string;
  kind: FileLinkKind;
  record_id: string;
}

/** Records files are linked to; invoices name their files in their own columns. */
export type FileLinkKind = 'news' | 'workflow';

export interface NewsReadsTable {
  news_id: string;
  reader: string;
  reader_name: Generated<string>;
  read_at: DefaultTimestamp;
}

/** Bytes a user stored by upload on a day of the business time zone (server/domain/upload-quota.ts). */
export interface UploadUsageTable {
  user_id: string;
  day: string;
  bytes: ColumnType<string, string | number, string | number>;
}

export interface SystemSettingsTable {
  key: string;
  value: Json<unknown>;
}

export interface PasswordPoliciesTable {
  id: string;
  enabled: boolean;
  rule: number;
  min_length: number;
  is_default: Generated<boolean>;
}

/**
 * All tables. Each area keeps its table types in its own file (schema-finance.ts,
 * schema-workflow.ts, ...) and is joined here, so areas can grow without touching each other.
 */
export interface Database
  extends
    FoundationTables,
    FinanceTables,
    WorkflowTables,
    ShellTables,
    MailTables,
    MapTables,
    ChartTables,
    DialogTables,
    WidgetTables,
    FormTables,
    ModuleTables,
    LiveTables {}

export interface FoundationTables {
  tenants: TenantsTable;
  stores: StoresTable;
  users: UsersTable;
  roles: RolesTable;
  uc_dems: UcDemsTable;
  user_roles: UserRolesTable;
  user_stores: UserStoresTable;
  sessions: SessionsTable;
  mobile_codes: MobileCodesTable;
  sms_outbox: SmsOutboxTable;
  rate_limits: RateLimitsTable;
  signups: SignupsTable;
  files: FilesTable;
  file_links: FileLinksTable;
  news: NewsTable;
  news_reads: NewsReadsTable;
  system_settings: SystemSettingsTable;
  upload_usage: UploadUsageTable;
  password_policies: PasswordPoliciesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type FileRow = Selectable<FilesTable>;
export type NewsRow = Selectable<NewsTable>;
