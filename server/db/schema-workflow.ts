import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, Json, NullableTimestamp, Timestamp } from './schema';

/** A text[] column: written and read as a string array. */
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
/** bigserial: generated on insert, read as a number (both drivers parse int8 to a number). */
type Serial = Generated<number>;

export type InstanceStatus = 'running' | 'end' | 'manualend' | 'revoke';
export type TaskState = 'pending' | 'open' | 'waiting' | 'done' | 'cancelled';
export type TaskKind = 'main' | 'sign' | 'addsign' | 'inqu' | 'commu' | 'trans' | 'customsign';
export type TaskNodeType = 'START' | 'USERTASK' | 'SIGNTASK';
export type FormData = Record<string, unknown>;

export interface WfOrgsTable {
  id: string;
  code: string;
  name: string;
  /** English name; '' when none (the Chinese is shown). */
  name_en: Generated<string>;
  parent_id: string | null;
  sort: Generated<number>;
  /** The dimension (uc_dems) the org belongs to; the default one unless set. */
  dem_id: Generated<string>;
}

export interface WfOrgMembersTable {
  org_id: string;
  user_id: string;
  is_main: Generated<boolean>;
  is_leader: Generated<boolean>;
}

export interface WfCategoriesTable {
  id: string;
  code: string;
  name: string;
  /** English name; '' when none. */
  name_en: Generated<string>;
  icon: Generated<string>;
  sort: Generated<number>;
}

export interface WfDefinitionsTable {
  id: string;
  def_key: string;
  name: string;
  /** The flow's English name; '' when none (readers of English see the Chinese). */
  name_en: Generated<string>;
  /** English names of this version's nodes and sequence flows, by element id. */
  names_en: ColumnType<Record<string, string>, string | undefined, string>;
  version: number;
  is_main: Generated<boolean>;
  category_id: string;
  icon: Generated<string>;
  description: Generated<string>;
  /** The description for readers of English; '' when none (migration 0036). */
  description_en: Generated<string>;
  bpmn_xml: string;
  form: Json<unknown>;
  status: Generated<'deploy' | 'forbidden'>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface WfStartRightsTable {
  def_key: string;
  kind: 'everyone' | 'user' | 'role';
  ref_id: Generated<string>;
}

export interface WfInstancesTable {
  id: string;
  def_id: string;
  def_key: string;
  subject: string;
  /** The subject for readers of English; '' when there is none (they see `subject`). */
  subject_en: Generated<string>;
  business_key: Generated<string>;
  status: InstanceStatus;
  result: string | null;
  form_data: Json<FormData>;
  /** How many times the form data changed since the start (migration 0031). */
  form_rev: Generated<number>;
  starter_id: string;
  on_behalf_of_id: string | null;
  start_org_id: string | null;
  urgent_state: Generated<string>;
  end_reason: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  ended_at: NullableTimestamp;
}

export interface WfTokensTable {
  id: string;
  inst_id: string;
  node_id: string;
  state: 'active' | 'waiting';
  via_flow_id: string | null;
  via_node_id: string | null;
  prev_node_id: string | null;
  return_node_id: string | null;
  /** The content revision a direct return was made on: it jumps back only on that one. */
  return_rev: Generated<number | null>;
  created_at: DefaultTimestamp;
}

/** Vote and mode settings of a transfer or custom sign started from a task. */
export interface TaskSettings {
  voteType?: 'amount' | 'percent';
  voteAmount?: number;
  decideType?: 'agree' | 'refuse';
  /** Transfer: submit completes the task when the vote passes; back returns it. */
  transAction?: 'submit' | 'back';
  signType?: 'parallel' | 'seq';
  /** Which children belong to the current transfer or custom sign of the task. */
  round?: string;
}

export interface WfTasksTable {
  id: string;
  inst_id: string;
  token_id: string;
  node_id: string;
  node_name: string;
  node_type: TaskNodeType;
  kind: TaskKind;
  status: string;
  state: TaskState;
  assignee_id: string | null;
  owner_id: string | null;
  parent_id: string | null;
  seq: Generated<number>;
  locked_by: string | null;
  prev_node_id: string | null;
  settings: ColumnType<TaskSettings, string | undefined, string>;
  due_at: NullableTimestamp;
  due_status: Generated<number>;
  is_read: Generated<boolean>;
  created_at: DefaultTimestamp;
  completed_at: NullableTimestamp;
  completed_by: string | null;
  action: string | null;
  /** The content revision the task was completed on (null while live). */
  form_rev: Generated<number | null>;
}

export interface WfTaskActorsTable {
  task_id: string;
  user_id: string;
}

export interface WfRecordsTable {
  id: Serial;
  inst_id: string;
  task_id: string | null;
  node_id: string;
  node_name: string;
  action: string;
  opinion: Generated<string>;
  files: Generated<string>;
  zfiles: Generated<string>;
  user_id: string | null;
  on_behalf_of_id: string | null;
  /** Whom a secretary acted as, when neither the presser nor the principal. */
  acting_as_id: Generated<string | null>;
  /** The content revision when the record was written. */
  form_rev: Generated<number>;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: DefaultTimestamp;
}

export interface WfTrailTable {
  id: Serial;
  inst_id: string;
  element_id: string;
  kind: 'node' | 'flow';
  created_at: DefaultTimestamp;
}

export interface WfNoticesTable {
  id: string;
  inst_id: string;
  task_id: string | null;
  node_id: Generated<string>;
  node_name: Generated<string>;
  kind: 'COPYTO' | 'FOLLOW';
  sender_id: string | null;
  receiver_id: string;
  opinion: Generated<string>;
  reply: string | null;
  created_at: DefaultTimestamp;
  read_at: NullableTimestamp;
  deleted: Generated<boolean>;
}

export interface WfFollowsTable {
  inst_id: string;
  node_id: string;
  user_id: string;
  created_at: DefaultTimestamp;
}

export interface WfDraftsTable {
  id: string;
  def_id: string;
  def_key: string;
  subject: Generated<string>;
  /** The subject for readers of English, '' when none (migration 0030). */
  subject_en: Generated<string>;
  business_key: Generated<string>;
  form_data: Json<FormData>;
  creator_id: string;
  on_behalf_of_id: string | null;
  start_org_id: string | null;
  source_inst_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface WfAgentsTable {
  id: string;
  owner_id: string;
  agent_id: string;
  scope: 'all' | 'part';
  def_keys: TextArray;
  starts_at: Timestamp;
  ends_at: Timestamp;
  enabled: Generated<boolean>;
  note: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface WfSecretariesTable {
  id: string;
  leader_id: string;
  secretary_id: string;
  def_keys: TextArray;
  created_at: DefaultTimestamp;
}

export interface WfDeputiesTable {
  id: string;
  user_id: string;
  deputy_id: string;
  created_at: DefaultTimestamp;
}

export interface WfPhrasesTable {
  id: string;
  owner_id: string | null;
  expression: string;
  def_key: Generated<string>;
  sort: Generated<number>;
  created_at: DefaultTimestamp;
}

export interface WfFavouritesTable {
  user_id: string;
  def_key: string;
  sort: Generated<number>;
  /** Pinned to the top of the favourites (isTop). */
  is_top: Generated<boolean>;
}

export interface WfRelatedInstancesTable {
  inst_id: string;
  related_id: string;
  created_by: string;
  created_at: DefaultTimestamp;
}

export interface WfUrgentStatesTable {
  id: string;
  def_key: Generated<string>;
  value: string;
  name: string;
  color: string;
  sort: Generated<number>;
}

export interface WfUrgesTable {
  id: string;
  inst_id: string;
  node_id: string;
  urger_id: string;
  appointee_ids: TextArray;
  urgent_state: Generated<string>;
  opinion: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface WfMessagesTable {
  id: string;
  user_id: string;
  inst_id: string | null;
  task_id: string | null;
  kind: 'urge' | 'due' | 'incident' | 'result';
  text: string;
  /** The same message in English (migration 0027); empty for messages written before it. */
  text_en: Generated<string>;
  /** A `result` message's outcome (migration 0050); null for the other kinds. */
  outcome: 'approved' | 'refused' | 'ended' | 'returned' | null;
  created_at: DefaultTimestamp;
  read_at: NullableTimestamp;
}

export type JobKind = 'timer' | 'due' | 'urge' | 'mail-sync';

export interface WfJobsTable {
  id: Serial;
  kind: JobKind;
  inst_id: string | null;
  task_id: string | null;
  token_id: string | null;
  run_at: Timestamp;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  attempts: Generated<number>;
  last_error: string | null;
  done_at: NullableTimestamp;
  /** Parked after failing for good: an incident waits for an administrator (migration 0007). */
  failed_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  /** A mail sync job runs until then (migration 0009); another process waits. */
  lease_until: NullableTimestamp;
}

export type IncidentKind = 'job' | 'stalled';

/** Failed jobs and stalled instances, for administrators (docs/workflow.md, "Incidents"). */
export interface WfIncidentsTable {
  id: string;
  inst_id: string;
  kind: IncidentKind;
  job_id: number | null;
  node_id: Generated<string>;
  node_name: Generated<string>;
  error: Generated<string>;
  error_key: string | null;
  error_params: ColumnType<Record<string, string | number>, string | undefined, string>;
  attempts: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  resolved_at: NullableTimestamp;
  resolution: 'retried' | 'cancelled' | 'recovered' | null;
  resolved_by: string | null;
  note: Generated<string>;
}

/** Workflow engine tables (docs/workflow.md, "Tables"). */
export interface WorkflowTables {
  wf_orgs: WfOrgsTable;
  wf_org_members: WfOrgMembersTable;
  wf_categories: WfCategoriesTable;
  wf_definitions: WfDefinitionsTable;
  wf_start_rights: WfStartRightsTable;
  wf_instances: WfInstancesTable;
  wf_tokens: WfTokensTable;
  wf_tasks: WfTasksTable;
  wf_task_actors: WfTaskActorsTable;
  wf_records: WfRecordsTable;
  wf_trail: WfTrailTable;
  wf_notices: WfNoticesTable;
  wf_follows: WfFollowsTable;
  wf_drafts: WfDraftsTable;
  wf_agents: WfAgentsTable;
  wf_secretaries: WfSecretariesTable;
  wf_deputies: WfDeputiesTable;
  wf_phrases: WfPhrasesTable;
  wf_favourites: WfFavouritesTable;
  wf_related_instances: WfRelatedInstancesTable;
  wf_urgent_states: WfUrgentStatesTable;
  wf_urges: WfUrgesTable;
  wf_messages: WfMessagesTable;
  wf_jobs: WfJobsTable;
  wf_incidents: WfIncidentsTable;
}

export type InstanceRow = Selectable<WfInstancesTable>;
export type TaskRow = Selectable<WfTasksTable>;
export type TokenRow = Selectable<WfTokensTable>;
export type DefinitionRow = Selectable<WfDefinitionsTable>;
