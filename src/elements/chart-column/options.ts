import type { EchartData } from './api';

/** A line or bar chart with more than this many rows gets a zoom slider (section 9). */
export const zoomAfterRows = 20;

export const hasZoom = (data: EchartData) => data.style !== 3 && data.rows > zoomAfterRows;

/** The ECharts option of the server's data: 1 line, 2 bar, 3 pie (spec section 4). */
export function chartOption(data: EchartData, narrow: boolean) {
  const legend = { type: 'scroll' as const, top: 0, data: data.legend };
  if (data.style === 3) {
    return {
      animation: false,
      tooltip: { trigger: 'item' as const },
      legend,
      series: data.series.map((series) => ({
        type: 'pie' as const,
        name: series.name,
        radius: narrow ? '55%' : '65%',
        center: ['50%', '58%'],
        data: series.data,
      })),
    };
  }
  const type = data.style === 1 ? ('line' as const) : ('bar' as const);
  const zoom = hasZoom(data);
  return {
    animation: false,
    tooltip: { trigger: 'axis' as const },
    legend,
    grid: { left: 56, right: 16, top: 36, bottom: zoom ? 64 : 32 },
    xAxis: { type: 'category' as const, data: data.xAxis },
    yAxis: { type: 'value' as const },
    dataZoom: zoom ? [{ type: 'slider' as const, bottom: 8 }, { type: 'inside' as const }] : [],
    series: data.series.map((series) => ({ type, name: series.name, data: series.data })),
  };
}
