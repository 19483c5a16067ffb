import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';
import type { EdgeRow } from './define-query';

/**
 * Exports of a named query, written while the rows are read (a batch at a time), so the
 * server holds one batch and the socket's buffers however many rows the file has. The
 * columns (field, title, kind) are the ones on screen; the values are the list's own edge
 * values, amounts as numbers.
 */
export type ExportFormat = 'xlsx' | 'csv';
export type ColumnKind = 'text' | 'money' | 'number' | 'date' | 'index';

export interface ExportColumn {
  field: string;
  title: string;
  kind: ColumnKind;
}

export interface ExportSheet {
  title: string;
  columns: ExportColumn[];
  total: number;
  /** The second sheet: its name, and label and value of the row count and each filter. */
  factsTitle: string;
  facts: [string, string][];
  /** The sums row under the data (sales), labelled. */
  summary?: { label: string; values: Record<string, number> };
}

export const maxExportColumns = 100;

/** Control characters have no place in a title; lone surrogates cannot be encoded. */
const badText =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every column must name a field the query answers (checked against its first row). */
export function checkColumns(
  query: string,
  title: string,
  columns: readonly { field: string; title: string; kind?: string }[],
  first: EdgeRow | undefined,
) {
  if (badText.test(title)) throw badRequest('server:finance.exportTitle');
  for (const column of columns) {
    if (badText.test(column.title)) {
      throw badRequest('server:finance.exportColumns', { max: maxExportColumns });
    }
    if (first && column.kind !== 'index' && !Object.hasOwn(first, column.field)) {
      throw badRequest('server:finance.exportColumnField', {
        query,
        field: column.field.slice(0, 64),
      });
    }
  }
}

const numeric = (kind: ColumnKind) => kind === 'money' || kind === 'number';

function cellValue(column: ExportColumn, row: EdgeRow, index: number): string | number | null {
  if (column.kind === 'index') return index + 1;
  const value = row[column.field];
  if (value === null || value === undefined) return null;
  if (numeric(column.kind)) {
    const number = Number(value);
    return Number.isFinite(number) ? number : String(value);
  }
  return String(value);
}

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage
 * return before one) is written with a leading apostrophe: data must never run as code
 * when someone opens the file (CSV injection).
 */
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** CSV with a byte-order mark, so Excel opens Chinese text correctly. */
export function csvStream(
  sheet: ExportSheet,
  batches: AsyncIterable<EdgeRow[]>,
  signal: AbortSignal,
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(sheet.columns.map((column) => column.title))}`;
    let index = 0;
    for await (const batch of batches) {
      if (signal.aborted) return;
      let text = '';
      for (const row of batch) {
        const at = index++;
        text += csvLine(sheet.columns.map((column) => cellValue(column, row, at)));
      }
      yield text;
    }
    if (sheet.summary) {
      const { label, values } = sheet.summary;
      yield csvLine(
        sheet.columns.map((column, i) => (i === 0 ? label : (values[column.field] ?? null))),
      );
    }
  }
  return Readable.from(lines());
}

/** Resolves once the stream may take more (its buffer is under the high-water mark). */
const drained = (stream: Writable, signal: AbortSignal) =>
  stream.writableNeedDrain && !signal.aborted
    ? new Promise<void>((resolve) => {
        stream.once('drain', resolve);
        stream.once('close', resolve);
      })
    : Promise.resolve();

/**
 * Bytes of sheet XML written but not yet compressed. exceljs writes rows into its own
 * buffer and on to the deflate stream without waiting for it (it ignores write()'s answer),
 * so a writer faster than the compressor would pile the whole sheet up in memory. This
 * reads that backlog from the worksheet's stream (exceljs 4 internals; 0 if they change,
 * which only turns the throttle off).
 */
interface Pipe {
  writableLength?: number;
  /** archiver's streams come from readable-stream 2, which has no writableLength. */
  _writableState?: { length?: number };
}
interface SheetStream {
  _stream?: { buffers?: { length?: number }[]; pipes?: Pipe[] };
}
function backlog(sheet: unknown): number {
  const stream = (sheet as SheetStream)._stream;
  if (!stream) return 0;
  const held = (stream.buffers ?? []).reduce((sum, buffer) => sum + (buffer.length ?? 0), 0);
  const piped = (stream.pipes ?? []).reduce(
    (sum, pipe) => sum + (pipe.writableLength ?? pipe._writableState?.length ?? 0),
    0,
  );
  return held + piped;
}

const maxBacklog = 16 << 20;
const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

/**
 * XLSX through exceljs's streaming workbook writer: rows are committed as they come and
 * the zip is written to the answer as it grows. No shared strings table (it would hold
 * every distinct text until the end); the data sheet first, the filters sheet after it.
 */
export function xlsxStream(
  sheet: ExportSheet,
  batches: AsyncIterable<EdgeRow[]>,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Readable {
  const output = new PassThrough({ highWaterMark: 1 << 20 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
    // The fastest deflate: the compressor is what the writer waits for (see backlog).
    zip: { zlib: { level: 1 } },
  });
  const write = async () => {
    const data = workbook.addWorksheet(sheet.title, { views: [{ state: 'frozen', ySplit: 1 }] });
    data.columns = sheet.columns.map((column) => ({
      header: column.title,
      width: Math.max(10, Math.min(60, column.title.length * 2 + 4)),
      ...(column.kind === 'money' ? { style: { numFmt: '#,##0.00' } } : {}),
    }));
    data.getRow(1).font = { bold: true };
    data.getRow(1).commit();
    let index = 0;
    for await (const batch of batches) {
      if (signal.aborted) break;
      for (const row of batch) {
        const at = index++;
        data.addRow(sheet.columns.map((column) => cellValue(column, row, at))).commit();
        if (index % 500 === 0) {
          while (backlog(data) > maxBacklog && !signal.aborted) await pause();
        }
      }
      await drained(output, signal);
    }
    if (sheet.summary && !signal.aborted) {
      const { label, values } = sheet.summary;
      const totals = data.addRow(
        sheet.columns.map((column, i) => (i === 0 ? label : (values[column.field] ?? null))),
      );
      totals.font = { bold: true };
      totals.commit();
    }
    data.commit();
    const facts = workbook.addWorksheet(sheet.factsTitle);
    for (const fact of sheet.facts) facts.addRow(fact).commit();
    facts.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
