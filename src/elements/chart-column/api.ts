import { http, streamRequest, type CommonResult } from '../../core/http';

/** Custom charts (docs/charts.md): the definition, its rows, ECharts data and export. */
export type ConditionCode = 'EQ' | 'BETWEEN' | 'GE' | 'LE' | 'LK' | 'IN';

export interface ConditionField {
  field: string;
  comment: string;
  dbType: 'varchar' | 'number' | 'date' | 'month';
  condition: ConditionCode;
  defaultType: string;
  defaultValue: string;
  /** A text IN condition's values among the reader's rows, picked from a list. */
  choices?: string[];
}

export interface CustomChart {
  id: string;
  name: string;
  /** 1 line, 2 bar, 3 pie. */
  style: number;
  conditionfield: ConditionField[];
  displayfield: { field: string; comment: string }[];
  xaxisField: string;
  sortfield: { field: string; direction: string }[];
  conf: { seriesField?: string };
}

/** A condition as sent (the platform's QueryField); BETWEEN takes [from, to]. */
export interface ChartQuery {
  property: string;
  value: string | string[];
  operation: ConditionCode;
}

export interface ChartSorter {
  property: string;
  direction: 'ASC' | 'DESC';
}

export type ChartRow = Record<string, string | number | null>;

export interface ChartPage {
  rows: ChartRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EchartData {
  style: number;
  rows: number;
  legend: string[];
  xAxis: string[];
  series: { name: string; data: (number | { name: string; value: number })[] }[];
}

const base = '/form/customChart/v1';

/** form/getCustomChart: GET /form/customChart/v1/get/{id}. */
export function getCustomChart(id: string): Promise<CustomChart> {
  return http.get<CustomChart>('form', `${base}/get/${encodeURIComponent(id)}`, undefined, {
    quiet: true,
  });
}

/** form/getChartData: a page of rows (id, pageBean, querys, sorter). */
export function getChartData(request: {
  id: string;
  pageBean: { page: number; pageSize: number };
  querys: ChartQuery[];
  sorter: ChartSorter[];
}): Promise<ChartPage> {
  return http.post<ChartPage>('form', `${base}/getChartData`, request, { quiet: true });
}

/** storeProcess/getEchartData: every row under the conditions, as ECharts takes them. */
export async function getEchartData(request: {
  id: string;
  querys: ChartQuery[];
}): Promise<EchartData> {
  const answer = await http.post<CommonResult<EchartData>>(
    'form',
    `${base}/getEchartData`,
    request,
    { quiet: true },
  );
  return answer.value!;
}

/** The data tab as the server writes it (XLSX or CSV), named by the server. */
export async function exportChart(request: {
  id: string;
  format: 'xlsx' | 'csv';
  querys: ChartQuery[];
  sorter: ChartSorter[];
}): Promise<{ blob: Blob; fileName: string; total: number }> {
  const response = await streamRequest('form', `${base}/export`, request);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return {
    blob: await response.blob(),
    fileName: encoded ? decodeURIComponent(encoded) : `chart.${request.format}`,
    total: Number(response.headers.get('x-total-count') ?? 0),
  };
}
