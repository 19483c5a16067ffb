import type { ConditionCode, chartCalls } from '../../contract/charts';
import { send, streamRequest } from '../../core/http';

/** Custom charts (docs/charts.md): the definition, its rows, ECharts data and export. */
export type {
  ChartPage,
  ChartRow,
  ConditionCode,
  ConditionField,
  CustomChart,
  EchartData,
} from '../../contract/charts';

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

const base = '/form/customChart/v1';

/** form/getCustomChart: GET /form/customChart/v1/get/{id}. */
export const getCustomChart = (id: string) =>
  send<typeof chartCalls.get>(
    'form',
    { method: 'GET', path: '/form/customChart/v1/get/:id' },
    { params: { id } },
    { quiet: true },
  );

/** form/getChartData: a page of rows (id, pageBean, querys, sorter). */
export const getChartData = (request: {
  id: string;
  pageBean: { page: number; pageSize: number };
  querys: ChartQuery[];
  sorter: ChartSorter[];
}) =>
  send<typeof chartCalls.data>(
    'form',
    { method: 'POST', path: '/form/customChart/v1/getChartData' },
    { body: request },
    { quiet: true },
  );

/** storeProcess/getEchartData: every row under the conditions, as ECharts takes them. */
export async function getEchartData(request: { id: string; querys: ChartQuery[] }) {
  const answer = await send<typeof chartCalls.echart>(
    'form',
    { method: 'POST', path: '/form/customChart/v1/getEchartData' },
    { body: request },
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
