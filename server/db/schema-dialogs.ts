import type { Generated } from 'kysely';

/** Custom dialogs (migration 0018): field lists as JSON text, rows from a query or a URL. */
export interface CustomDialogsTable {
  id: string;
  alias: string;
  name: string;
  name_en: Generated<string>;
  style: 'list' | 'tree';
  /** 1: one row; n > 1: at most n rows; 0: any number. */
  select_num: Generated<number>;
  displayfield: Generated<string>;
  resultfield: Generated<string>;
  sortfield: Generated<string>;
  conditionfield: Generated<string>;
  ds_type: 'query' | 'url';
  /** A named query (server/domain/forms/dialogs/queries.ts or the shell's registry). */
  query_name: Generated<string>;
  request_type: Generated<'GET' | 'POST'>;
  url: Generated<string>;
  list_key: Generated<string>;
  page_key: Generated<string>;
  page_size_key: Generated<string>;
  total_key: Generated<string>;
  need_page: Generated<boolean>;
  page_size: Generated<number>;
  tree_id_field: Generated<string>;
  tree_parent_field: Generated<string>;
  /** JSON list of role ids that may use the dialog; empty: every signed-in user. */
  visible_roles: Generated<string>;
}

export interface DialogTables {
  custom_dialogs: CustomDialogsTable;
}
