/** Custom dialogs (migration 0018): field lists as JSON text, rows from a query or a URL. */
export interface CustomDialogsTable {
  id: string;
  alias: string;
  name: string;
  name_en: string;
  style: 'list' | 'tree';
  /** 1: one row; n > 1: at most n rows; 0: any number. */
  select_num: number;
  displayfield: string;
  resultfield: string;
  sortfield: string;
  conditionfield: string;
  ds_type: 'query' | 'url';
  /** A named query (server/domain/forms/dialogs/queries.ts or the shell's registry). */
  query_name: string;
  request_type: 'GET' | 'POST';
  url: string;
  list_key: string;
  page_key: string;
  page_size_key: string;
  total_key: string;
  need_page: boolean;
  page_size: number;
  tree_id_field: string;
  tree_parent_field: string;
  /** JSON list of role ids that may use the dialog; empty: every signed-in user. */
  visible_roles: string;
}

export interface DialogTables {
  custom_dialogs: CustomDialogsTable;
}
