import type { ColumnConfig } from '../../core/api/shell';

/** The chart type of a chart or report column (colType 1 or 4), from its dataParam JSON. */
export function chartTypeOf(column: Pick<ColumnConfig, 'dataParam'>): number | null {
  try {
    const param = JSON.parse(column.dataParam || '{}') as { chartType?: unknown };
    return typeof param.chartType === 'number' ? param.chartType : Number(param.chartType) || null;
  } catch {
    return null;
  }
}

/**
 * Which widget shows a column, from its configuration (spec/workflow-office.md section 4):
 * colType 1 or 4 is a chart (chart type 2, interactive) or a report; then dataMode 1 a
 * custom dialog list, 3 an HTML template filled with fetched data, 4 a data template
 * preview, anything else plain HTML. A column that names one of our own widgets (the
 * platform keeps those as component templates) shows that widget.
 */
export function decideWidget(
  column: Pick<ColumnConfig, 'colType' | 'dataMode' | 'dataParam' | 'widget'>,
  known: (widget: string) => boolean,
): string {
  if (column.colType === 1 || column.colType === 4) {
    return chartTypeOf(column) === 2 ? 'chart' : 'report';
  }
  if (column.widget !== 'html' && known(column.widget)) return column.widget;
  switch (column.dataMode) {
    case 1:
      return 'customQuery';
    case 3:
      return 'template';
    case 4:
      return 'dataTemplate';
    default:
      return 'html';
  }
}
