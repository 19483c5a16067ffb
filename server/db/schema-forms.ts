import type { Generated } from 'kysely';
import type { FormDefinition } from '../../src/core/forms/definition';
import type { DefaultTimestamp, Json } from './schema';

/** Tables of the online forms (migration 0017, docs/forms.md). */
export interface FormDefsTable {
  form_key: string;
  version: number;
  name: string;
  name_en: Generated<string>;
  definition: Json<FormDefinition>;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface FormRecordsTable {
  id: string;
  form_key: string;
  form_version: number;
  data: Json<Record<string, unknown>>;
  created_by: string;
  updated_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface FormSubRowsTable {
  record_id: string;
  sub_table: string;
  position: number;
  data: Json<Record<string, unknown>>;
}

export interface FormDraftsTable {
  id: string;
  user_id: string;
  template_key: string;
  record_id: string | null;
  data: Json<Record<string, unknown>>;
  title: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface FormTables {
  form_defs: FormDefsTable;
  form_records: FormRecordsTable;
  form_sub_rows: FormSubRowsTable;
  form_drafts: FormDraftsTable;
}
