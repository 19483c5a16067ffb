import type { PageList, QueryField, QueryFilter } from '../../contract/envelope';
import type {
  DataTemplateOf,
  TemplateCallsFor,
  ViewCondition,
  statementCalls,
} from '../../contract/statement';
import type { RecordCallsFor } from '../../contract/form-records';
import type { FormDefinition } from '../forms/definition';
import { send, streamRequest } from '../http';

/**
 * The statement shell's query views and data templates; their shapes are the contract's
 * (src/contract/statement.ts). Rows are open records keyed by each query's columns.
 */
export type { QueryView, ViewColumn, ViewCondition } from '../../contract/statement';

/** A data template, its form read as the browser's FormDefinition. */
export type DataTemplate = DataTemplateOf<FormDefinition>;

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

export const queryView = (sqlAlias: string, alias: string) =>
  send<typeof statementCalls.view>(
    'form',
    { method: 'GET', path: '/form/query/queryView/getJson' },
    { query: { sqlAlias, alias } },
  );

/** The XLSX of every row of a view under the filter, read as a stream. */
export function exportQueryView(
  sqlAlias: string,
  alias: string,
  filter: QueryFilter,
): Promise<Response> {
  const query = `sqlAlias=${encodeURIComponent(sqlAlias)}&alias=${encodeURIComponent(alias)}`;
  return streamRequest('form', `/form/query/queryView/export?${query}`, filter);
}

export const queryViewRows = (sqlAlias: string, alias: string, filter: QueryFilter) =>
  send<typeof statementCalls.viewRows>(
    'form',
    { method: 'POST', path: '/form/query/queryView/data_:sqlAlias/:alias' },
    { params: { sqlAlias, alias }, body: filter },
  );

export async function dataTemplate(templateKey: string) {
  const answer = await send<TemplateCallsFor<FormDefinition>['template']>(
    'form',
    { method: 'GET', path: '/form/dataTemplate/v1/getBpmDataTemplateInfo' },
    { query: { templateKey } },
  );
  return answer.value!;
}

/** A template's list: the form service's record list (its rows keyed by the form's fields). */
export const dataTemplateRows = (templateKey: string, filter: QueryFilter) =>
  send<RecordCallsFor<unknown>['list']>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/dataList_:templateKey' },
    { params: { templateKey }, body: filter },
  );
