import { streamRequest } from '../http';
import { http, type CommonResult } from '../http';
import type { PageList, QueryField, QueryFilter } from '../../contract/envelope';

/** A column of a query view or data template list. */
export interface ViewColumn {
  field: string;
  label: string;
  labelEn?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Its values are identifiers a user reads whole (a contract number): never cut to fit. */
  whole?: boolean;
}

/** A condition of a query view: text (substring), date (a range), select (one of options). */
export interface ViewCondition {
  field: string;
  label: string;
  labelEn?: string;
  type: 'text' | 'date' | 'select';
  options?: { value: string; label: string }[];
  optionsFrom?: 'stores';
}

export interface QueryView {
  sqlAlias: string;
  alias: string;
  name: string;
  columns: ViewColumn[];
  conditions: ViewCondition[];
  pageSize: number;
}

export type { PageList };

export type Row = Record<string, unknown>;

export type { QueryFilter };

/** A condition a view sends: the contract's QueryField, all of it given. */
type SentField = Required<QueryField>;

/** Condition values as a QueryFilter: text LIKE, select EQUAL, a date pair BETWEEN (both ends only). */
export function queryFilter(
  conditions: ViewCondition[],
  values: Record<string, string>,
  page: number,
  pageSize: number,
): QueryFilter {
  const querys: SentField[] = [];
  for (const condition of conditions) {
    if (condition.type === 'date') {
      const from = values[`${condition.field}.from`]?.trim();
      const to = values[`${condition.field}.to`]?.trim();
      if (from && to)
        querys.push({
          property: condition.field,
          value: [from, to],
          operation: 'BETWEEN',
          relation: 'AND',
          group: 'main',
        });
      continue;
    }
    const value = values[condition.field]?.trim();
    if (!value) continue;
    querys.push({
      property: condition.field,
      value,
      operation: condition.type === 'select' ? 'EQUAL' : 'LIKE',
      relation: 'AND',
      group: 'main',
    });
  }
  return { pageBean: { page, pageSize, showTotal: true }, querys };
}

export function queryView(sqlAlias: string, alias: string): Promise<QueryView> {
  return http.get<QueryView>('form', '/form/query/queryView/getJson', { sqlAlias, alias });
}

/** The XLSX of every row of a view under the filter, read as a stream. */
export function exportQueryView(
  sqlAlias: string,
  alias: string,
  filter: QueryFilter,
): Promise<Response> {
  const query = `sqlAlias=${encodeURIComponent(sqlAlias)}&alias=${encodeURIComponent(alias)}`;
  return streamRequest('form', `/form/query/queryView/export?${query}`, filter);
}

export function queryViewRows(
  sqlAlias: string,
  alias: string,
  filter: QueryFilter,
): Promise<PageList<Row>> {
  return http.post<PageList<Row>>(
    'form',
    `/form/query/queryView/data_${encodeURIComponent(sqlAlias)}/${encodeURIComponent(alias)}`,
    filter,
  );
}

export interface TemplateField {
  name: string;
  label: string;
  labelEn?: string;
  type: 'text' | 'select' | 'boolean' | 'datetime';
  rules: string;
  required: boolean;
  readonly?: boolean;
  options?: 'stores' | 'yesNo';
}

export interface DataTemplate {
  templateKey: string;
  name: string;
  boAlias: string;
  formKey: string;
  columns: ViewColumn[];
  conditions: ViewCondition[];
  fields: TemplateField[];
  permission: { add: boolean; edit: boolean; get: boolean };
}

export async function dataTemplate(templateKey: string): Promise<DataTemplate> {
  const answer = await http.get<CommonResult<DataTemplate>>(
    'form',
    '/form/dataTemplate/v1/getBpmDataTemplateInfo',
    { templateKey },
  );
  return answer.value!;
}

export function dataTemplateRows(templateKey: string, filter: QueryFilter): Promise<PageList<Row>> {
  return http.post<PageList<Row>>(
    'form',
    `/form/dataTemplate/v1/dataList_${encodeURIComponent(templateKey)}`,
    filter,
  );
}
