import type { ColumnType, Generated, Selectable } from 'kysely';
import type { FormRights } from '../../src/core/forms/rights';
import type { DefaultTimestamp, Json } from './schema';
import type { ViewColumn, ViewCondition } from '../../src/contract/statement';

/**
 * Tables of the portal shell and home dashboard (docs/shell-api.md): menus and apps, the top
 * bar's greetings and assets, the home page's notices, pop-ups, reminders, tips, tour and
 * layout, posts, attendance and leave, and the configuration of custom queries, query views
 * and data templates. The dyzl template's rows are the finance area's contract_prints. Dates
 * are 'YYYY-MM-DD' text (see database.ts).
 */
type DateText = string;
type Days = ColumnType<number, number | string, number | string>;

/** A menu node. A tree: the children of the node with a given alias are that menu. */
/** A named action only some roles may use (method permissions). */
export interface SysMethodsTable {
  alias: string;
  name: string;
  name_en: Generated<string>;
  /** The menu (by alias) the action belongs to. */
  menu_alias: string;
}

export interface SysMethodRolesTable {
  method_alias: string;
  role_id: string;
}

export interface MenusTable {
  id: string;
  parent_id: string | null;
  alias: string;
  name: string;
  name_en: Generated<string>;
  icon: Generated<string>;
  sn: Generated<number>;
  /** The in-app route the item opens (e.g. /v-flow/v-todo, template/preview/dyzl). */
  menu_url: Generated<string>;
  /** A page shown embedded instead of a route. */
  href: Generated<string>;
  open: Generated<boolean>;
  active_tab: Generated<string>;
  tabs_style: Generated<string>;
}

/** Who sees a menu node; a node without rows inherits its parent's visibility. */
export interface MenuRolesTable {
  menu_id: string;
  role_id: string;
}

/** Result types of the app search (spec/shell.md, top bar). */
export type AppType = 2 | 3 | 5 | 6 | 8;

/** An app of the app centre; shown when its node is and its page is one the caller can use (app-reach.ts). */
export interface AppsTable {
  id: string;
  menu_id: string;
  name: string;
  name_en: Generated<string>;
  type: AppType;
  icon: Generated<string>;
  path: Generated<string>;
  template_key: Generated<string>;
  sql_alias: Generated<string>;
  view_alias: Generated<string>;
  form_key: Generated<string>;
  def_key: Generated<string>;
  sort: Generated<number>;
}

/** Scrolling greeting texts; user_id null means for everyone. */
export interface GreetingsTable {
  id: string;
  user_id: string | null;
  text: string;
  /** English of a general greeting; empty for a user's own (shown as typed). */
  text_en: Generated<string>;
  sort: Generated<number>;
}

export interface PersonalAssetsTable {
  id: string;
  user_id: string;
  unit_name: string;
  asset_code: string;
  name: string;
  model: string;
  acquired_on: DateText;
}

/** Dates that trigger personal holiday tips. */
export interface StaffProfilesTable {
  user_id: string;
  birthday: DateText | null;
  hired_on: DateText | null;
}

export type PersonalTipKind = 'birthday' | 'anniversary';

/** The text and backgrounds of a personal tip; {{name}} and {{years}} are filled in. */
export interface PersonalTipTextsTable {
  kind: PersonalTipKind;
  text: string;
  text_en: string;
  image_ids: Json<string[]>;
}

/** Festivals and company occasions, shown to everyone from starts_on to ends_on. */
export interface FestivalsTable {
  id: string;
  name: string;
  name_en: Generated<string>;
  starts_on: DateText;
  ends_on: DateText;
  text: string;
  text_en: Generated<string>;
  image_ids: Json<string[]>;
}

export interface GuideTourRunsTable {
  user_id: string;
  version: number;
  outcome: 'complete' | 'exit';
  recorded_at: DefaultTimestamp;
}

export interface EnterpriseNoticesTable {
  id: string;
  text: string;
  /** English text; '' when none (the Chinese is shown). */
  text_en: Generated<string>;
  starts_on: DateText;
  ends_on: DateText | null;
  sort: Generated<number>;
}

export type PopupType = 'tab' | 'new' | 'dialog';

export interface PopupsTable {
  id: string;
  subject: string;
  description: Generated<string>;
  url: string;
  popup_type: PopupType;
  dialog_width: Generated<string>;
  dialog_height: Generated<string>;
  /** Only for holders of this role; null for everyone. */
  role_id: string | null;
  starts_at: DefaultTimestamp;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sort: Generated<number>;
}

export interface PopupDismissalsTable {
  popup_id: string;
  user_id: string;
  dismissed_at: DefaultTimestamp;
}

/** A form waiting for the user: opens /statement/template/form/{template_key}/get/true?id=. */
export interface FormRemindersTable {
  id: string;
  user_id: string;
  subject: string;
  subject_en: Generated<string>;
  content: Generated<string>;
  content_en: Generated<string>;
  count: Generated<number>;
  template_key: string;
  record_id: string;
  created_at: DefaultTimestamp;
}

/** A home-page column (spec: workflow-office.md, column config). */
export interface HomeColumnsTable {
  alias: string;
  name: string;
  name_en: Generated<string>;
  /** The browser widget that renders the column. */
  widget: string;
  col_type: Generated<number>;
  data_mode: Generated<number>;
  data_from: Generated<string>;
  data_param: Generated<string>;
  request_type: Generated<string>;
  need_page: Generated<boolean>;
  col_height: Generated<number>;
  col_url: Generated<string>;
  template_html: Generated<string>;
  /** The template for English readers; empty: the Chinese one. */
  template_html_en: Generated<string>;
}

/** Who may see a column; a column without rows is for everyone. */
export interface HomeColumnRolesTable {
  column_alias: string;
  role_id: string;
}

/** A grid of columns; the caller gets the first (by sort) whose role they hold. */
export interface HomeLayoutsTable {
  id: string;
  name: string;
  role_id: string | null;
  sort: number;
}

export interface HomeLayoutColumnsTable {
  layout_id: string;
  column_alias: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ReportLinksTable {
  alias: string;
  name: string;
  /** Path of the report on the report server (REPORT_SERVER_URL). */
  reportlet: string;
}

/** Posts (jobs held in an org). org_id is a wf_orgs id, kept without a foreign key. */
export interface PostsTable {
  id: string;
  org_id: string;
  code: string;
  name: string;
  /** The name in English; empty: none (the Chinese is shown). */
  name_en: Generated<string>;
  /** The org's leading post (its head). */
  is_leader: Generated<boolean>;
  /** The job (职务) the post is an instance of, when named (migration 0037). */
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The organisation's jobs (职务): what posts in different orgs have in common (getJobPage). */
export interface UcJobsTable {
  id: string;
  code: string;
  name: string;
  name_en: Generated<string>;
  level: Generated<number>;
  description: Generated<string>;
  sort: Generated<number>;
}

/** The org and post a user last chose (putInCacheOrgPost); one row a user. */
export interface UserCurrentPostsTable {
  user_id: string;
  org_id: string;
  post_id: string | null;
  updated_at: DefaultTimestamp;
}

/**
 * A numbering rule (流水号) and its counter (getNextIdByAlias): `regulation` holds {yyyy},
 * {MM}, {dd} and {NO}; gen_type says when the counter starts again (0 never, 1 daily,
 * 2 monthly, 3 yearly).
 */
export interface SysIdentitiesTable {
  alias: string;
  name: string;
  name_en: Generated<string>;
  regulation: string;
  gen_type: Generated<number>;
  no_length: Generated<number>;
  step: Generated<number>;
  init_value: ColumnType<number, number | undefined, number>;
  cur_value: ColumnType<number | null, number | null | undefined, number | null>;
  cur_date: DateText | null;
}

export interface UserPostsTable {
  user_id: string;
  post_id: string;
}

export type AttendanceKind = 'late' | 'early' | 'absent' | 'missing';

export interface AttendanceExceptionsTable {
  id: string;
  user_id: string;
  day: DateText;
  kind: AttendanceKind;
  minutes: Generated<number>;
  note: Generated<string>;
}

export type LeaveKind = 'annual' | 'sick' | 'personal' | 'marriage' | 'compensatory';

export interface LeaveRecordsTable {
  id: string;
  user_id: string;
  kind: LeaveKind;
  starts_on: DateText;
  ends_on: DateText;
  days: Days;
  status: 'approved' | 'pending';
  reason: Generated<string>;
}

/** A custom query (spec/shell.md, custom queries). JSON settings are kept as the text given. */
export interface CustomQueriesTable {
  alias: string;
  name: string;
  /** dataSource: a named query of ours; restful: the browser calls url itself. */
  ds_type: 'dataSource' | 'restful';
  request_type: 'GET' | 'POST';
  url: Generated<string>;
  header: Generated<string>;
  data_param: Generated<string>;
  list_key: Generated<string>;
  condition_fields: Generated<string>;
  result_fields: Generated<string>;
  display_fields: Generated<string>;
  named_query: string | null;
  page_size: Generated<number>;
}

/** A column and a condition of a view or template, as the contract answers them. */
export type QueryViewColumn = ViewColumn;
export type QueryViewCondition = ViewCondition;

/** A query view (querySql/queryView/{sqlAlias}/{alias}) over a named query. */
export interface QueryViewsTable {
  sql_alias: string;
  alias: string;
  name: string;
  name_en: Generated<string>;
  named_query: string;
  columns: Json<QueryViewColumn[]>;
  conditions: Json<QueryViewCondition[]>;
  page_size: Generated<number>;
}

export interface TemplateField {
  name: string;
  label: string;
  labelEn?: string;
  type: 'text' | 'select' | 'boolean' | 'datetime';
  /** Rule string of src/core/rules/rule-string.ts. */
  rules: string;
  required: boolean;
  readonly?: boolean;
  /** Where a select takes its options from: 'stores'. */
  options?: 'stores' | 'yesNo';
}

/** A data template (template/preview and template/form). */
export interface DataTemplatesTable {
  template_key: string;
  name: string;
  name_en: Generated<string>;
  bo_alias: string;
  form_key: string;
  named_query: string;
  columns: Json<QueryViewColumn[]>;
  conditions: Json<QueryViewCondition[]>;
  fields: Json<TemplateField[]>;
  /** The form's managers: they see and handle every record (docs/forms.md, "Who may use a form"). */
  edit_role_ids: Json<string[]>;
  /** Who else may read, add, edit and delete their own records; null: the default rights. */
  rights: ColumnType<FormRights | null, string | null | undefined, string | null>;
  /** 'store': a named query and a code store (dyzl); 'form': the records of form_key. */
  source: Generated<'store' | 'form'>;
  page_size: Generated<number>;
}

export interface ShellTables {
  menus: MenusTable;
  menu_roles: MenuRolesTable;
  sys_methods: SysMethodsTable;
  sys_method_roles: SysMethodRolesTable;
  apps: AppsTable;
  greetings: GreetingsTable;
  personal_assets: PersonalAssetsTable;
  staff_profiles: StaffProfilesTable;
  personal_tip_texts: PersonalTipTextsTable;
  festivals: FestivalsTable;
  guide_tour_runs: GuideTourRunsTable;
  enterprise_notices: EnterpriseNoticesTable;
  popups: PopupsTable;
  popup_dismissals: PopupDismissalsTable;
  form_reminders: FormRemindersTable;
  home_columns: HomeColumnsTable;
  home_column_roles: HomeColumnRolesTable;
  home_layouts: HomeLayoutsTable;
  home_layout_columns: HomeLayoutColumnsTable;
  report_links: ReportLinksTable;
  posts: PostsTable;
  user_posts: UserPostsTable;
  uc_jobs: UcJobsTable;
  user_current_posts: UserCurrentPostsTable;
  sys_identities: SysIdentitiesTable;
  attendance_exceptions: AttendanceExceptionsTable;
  leave_records: LeaveRecordsTable;
  custom_queries: CustomQueriesTable;
  query_views: QueryViewsTable;
  data_templates: DataTemplatesTable;
}

export type MenuRow = Selectable<MenusTable>;
export type HomeColumnRow = Selectable<HomeColumnsTable>;
export type CustomQueryRow = Selectable<CustomQueriesTable>;
export type DataTemplateRow = Selectable<DataTemplatesTable>;
