/**
 * The parts of ECharts the chart column uses, and nothing else: this module is imported
 * only dynamically, so ECharts stays out of the shared chunk and out of pages without a
 * chart (docs/charts.md, "Bundle").
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export { init };
