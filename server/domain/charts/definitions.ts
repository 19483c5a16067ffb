import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import { notFound } from '../../lib/errors';
import { chartQueries, type ChartQuery, type FieldType } from './queries';

/** The six condition codes of spec/workflow-office.md section 5. */
export const conditionCodes = ['EQ', 'BETWEEN', 'GE', 'LE', 'LK', 'IN'] as const;
export type ConditionCode = (typeof conditionCodes)[number];

export interface ConditionField {
  field: string;
  comment: string;
  dbType: FieldType;
  condition: ConditionCode;
  defaultType: string;
  defaultValue: string;
}

export interface DisplayField {
  field: string;
  comment: string;
}

export interface SortField {
  field: string;
  direction: 'ASC' | 'DESC';
}

/** A chart as the browser gets it (get/{id}): labels in the caller's language. */
export interface CustomChart {
  id: string;
  name: string;
  /** 1 line, 2 bar, 3 pie. */
  style: number;
  conditionfield: ConditionField[];
  displayfield: DisplayField[];
  xaxisField: string;
  sortfield: SortField[];
  conf: { seriesField?: string };
}

export interface LoadedChart extends CustomChart {
  query: ChartQuery;
  /** The reader's language: the query names what it can in it (flow names). */
  language: Language;
}

type Stored<T> = T & { commentEn?: string };

const label = <T extends { comment: string }>(item: Stored<T>, language: Language): T => {
  const { commentEn, ...rest } = item;
  return { ...rest, comment: language === 'en-US' && commentEn ? commentEn : item.comment } as T;
};

/** A chart by id; unknown ids (and charts whose query is gone) are 404. */
export async function loadChart(db: Db, id: string, language: Language): Promise<LoadedChart> {
  const row = await db
    .selectFrom('custom_charts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const query = row ? chartQueries[row.query_name] : undefined;
  if (!row || !query) throw notFound('server:charts.notFound');
  const conditions = JSON.parse(row.conditionfield) as Stored<ConditionField>[];
  const display = JSON.parse(row.displayfield) as Stored<DisplayField>[];
  return {
    id: row.id,
    name: language === 'en-US' && row.name_en ? row.name_en : row.name,
    style: row.style,
    conditionfield: conditions.map((item) => label(item, language)),
    displayfield: display.map((item) => label(item, language)),
    xaxisField: row.xaxis_field,
    sortfield: JSON.parse(row.sortfield) as SortField[],
    conf: JSON.parse(row.conf) as CustomChart['conf'],
    query,
    language,
  };
}

export function publicChart({
  query: _query,
  language: _language,
  ...chart
}: LoadedChart): CustomChart {
  return chart;
}
