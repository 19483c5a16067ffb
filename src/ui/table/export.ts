import { cellText, isExportable, isNumeric, rawValue, type Column } from './columns';

export interface ExportRequest<Row> {
  fileName: string;
  sheetName: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  /** What was asked for (label → value), on a second sheet named `filtersSheet`. */
  filters: [string, string][];
  filtersSheet: string;
  summary?: Record<string, unknown> | undefined;
  summaryLabel?: string;
}

function exportColumns<Row>(columns: Column<Row>[]): Column<Row>[] {
  return columns.filter(isExportable);
}

/** Amounts go into the spreadsheet as numbers (Excel can add them up), everything else as shown. */
function cellValue<Row>(column: Column<Row>, row: Row, index: number): string | number | null {
  if (isNumeric(column.kind)) {
    const value = Number(rawValue(column, row));
    return Number.isFinite(value) ? value : null;
  }
  return cellText(column, row, index);
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The workbook library is loaded only when someone exports. */
export async function exportXlsx<Row>(request: ExportRequest<Row>): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const columns = exportColumns(request.columns);
  const header = columns.map((column) => ({ value: column.title, fontWeight: 'bold' as const }));
  const data = request.rows.map((row, index) =>
    columns.map((column) => ({ value: cellValue(column, row, index) ?? undefined })),
  );
  const totals = request.summary
    ? [
        columns.map((column, index) =>
          index === 0
            ? { value: request.summaryLabel ?? '', fontWeight: 'bold' as const }
            : {
                value:
                  typeof request.summary?.[column.key] === 'number'
                    ? (request.summary[column.key] as number)
                    : undefined,
              },
        ),
      ]
    : [];
  const blob = await writeXlsxFile([
    {
      sheet: request.sheetName,
      data: [header, ...data, ...totals],
      columns: columns.map((column) => ({
        width: Math.max(10, Math.round((column.width ?? 140) / 7)),
      })),
      stickyRowsCount: 1,
    },
    {
      sheet: request.filtersSheet,
      data: request.filters.map(([label, value]) => [{ value: label }, { value }]),
    },
  ]).toBlob();
  save(blob, `${request.fileName}.xlsx`);
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV with a byte-order mark, so Excel opens Chinese text correctly. */
export function toCsv<Row>(request: Pick<ExportRequest<Row>, 'columns' | 'rows'>): string {
  const columns = exportColumns(request.columns);
  const lines = [
    columns.map((column) => csvCell(column.title)).join(','),
    ...request.rows.map((row, index) =>
      columns.map((column) => csvCell(cellValue(column, row, index))).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function exportCsv<Row>(request: ExportRequest<Row>): void {
  save(new Blob([toCsv(request)], { type: 'text/csv;charset=utf-8' }), `${request.fileName}.csv`);
}
