/** Custom charts (migration 0012): presentation as JSON text, rows from a named query. */
export interface CustomChartsTable {
  id: string;
  name: string;
  name_en: string;
  /** 1 line, 2 bar, 3 pie. */
  style: number;
  /** A key of server/domain/charts/queries.ts. */
  query_name: string;
  conditionfield: string;
  displayfield: string;
  xaxis_field: string;
  sortfield: string;
  conf: string;
}

export interface ChartTables {
  custom_charts: CustomChartsTable;
}
