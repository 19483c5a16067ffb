import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type {
  FieldOptions,
  FormDefinition,
  FormField,
  SubTable,
} from '../../../src/core/forms/definition';
import type { Language } from '../../../src/core/languages';
import { badRequest } from '../../lib/errors';
import { defaultSpreadsheetLimits, readSpreadsheet, type CellValue } from '../../lib/spreadsheet';
import type { Cell } from '../../lib/xlsx/cells';
import { xlsxBook, type SheetSpec } from '../../lib/xlsx/writer';

/**
 * Spreadsheets of a form (docs/forms.md, "Import and export"): the header row holds the
 * field labels in the caller's language; an import accepts either language's labels (or
 * the field names), so a file exported in English imports for a Chinese user too.
 */
export const maxImportRows = 10_000;

/** The bounds an import file is read within (server/lib/spreadsheet/limits.ts). */
export const importLimits = { ...defaultSpreadsheetLimits, maxRows: maxImportRows };

const exportable = (field: FormField) => field.type !== 'attachment' && field.type !== 'richtext';

function labelOf(language: Language, item: { label: string; labelEn?: string }) {
  return (language === 'en-US' && item.labelEn) || item.label;
}

function cell(
  language: Language,
  field: FormField,
  value: unknown,
  choices: ReadonlyMap<string, FieldOptions>,
): Cell {
  if (value === undefined || value === null) return null;
  // What the screen shows: a choice's label (an import takes it back, or the value).
  const chosen = choices.get(field.name)?.find((option) => option.value === value);
  if (chosen) return labelOf(language, chosen);
  if (['number', 'decimal', 'money'].includes(field.type)) {
    const number = Number(value);
    return Number.isFinite(number) ? number : String(value);
  }
  return String(value);
}

function layout(language: Language, sheetName: string, fields: FormField[]): SheetSpec {
  return {
    name: sheetName,
    widths: fields.map((field) => Math.max(12, labelOf(language, field).length * 2)),
  };
}

/**
 * Writes rows batch by batch while `batches` reads them (the streaming XLSX writer of
 * server/lib/xlsx, as the finance exports), so the server holds one batch whatever the
 * size. Answers the stream to send.
 */
export function streamWorkbook(
  language: Language,
  sheetName: string,
  fields: FormField[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  /** Select fields' choices by field name: their labels are written, not their values. */
  choices: ReadonlyMap<string, FieldOptions> = new Map(),
): Readable {
  const columns = fields.filter(exportable);
  const book = xlsxBook([layout(language, sheetName, columns)]);
  book.row(columns.map((field) => labelOf(language, field)));
  void (async () => {
    try {
      for await (const rows of batches) {
        if (book.closed) return;
        for (const row of rows)
          book.row(columns.map((field) => cell(language, field, row[field.name], choices)));
        await book.drained();
      }
      await book.end();
    } catch (error) {
      book.abort(error as Error);
    }
  })();
  return book.output;
}

/** The import template: the header row alone, in the caller's language. */
export async function templateWorkbook(
  language: Language,
  definition: FormDefinition | SubTable,
): Promise<Buffer> {
  const fields = definition.fields.filter(
    (field) => exportable(field) && !field.formula && !field.capitalsOf,
  );
  const book = xlsxBook([layout(language, 'data', fields)]);
  book.row(fields.map((field) => labelOf(language, field)));
  const chunks: Buffer[] = [];
  book.output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await Promise.all([book.end(), finished(book.output)]);
  return Buffer.concat(chunks);
}

/**
 * Rows of an uploaded workbook's first sheet as field values, the header mapped to fields,
 * read by the bounded parser off the request loop (server/lib/spreadsheet). A header cell
 * that names no field is refused (a wrong file, not a wrong row).
 */
export async function readWorkbook(
  fields: FormField[],
  file: Buffer,
): Promise<{ row: number; values: Record<string, unknown> }[]> {
  const { rows: sheetRows, date1904 } = await readSpreadsheet(file, importLimits);
  const [header, ...dataRows] = sheetRows;
  if (!header || header.row !== 1 || !dataRows.length) throw badRequest('server:forms.importEmpty');
  const byHeader = new Map<string, FormField>();
  for (const field of fields) {
    for (const name of [field.name, field.label, field.labelEn])
      if (name) byHeader.set(name, field);
  }
  const columns: (FormField | undefined)[] = [];
  header.cells.forEach((cellValue, column) => {
    const text = String(cellValue ?? '').trim();
    if (!text) return;
    const field = byHeader.get(text);
    if (!field) throw badRequest('server:forms.importHeader', { column: text.slice(0, 60) });
    columns[column] = field;
  });
  const rows: { row: number; values: Record<string, unknown> }[] = [];
  for (const { row, cells } of dataRows) {
    const values: Record<string, unknown> = {};
    cells.forEach((cellValue, column) => {
      const field = columns[column];
      if (field && cellValue !== undefined) values[field.name] = textOf(field, cellValue, date1904);
    });
    if (Object.keys(values).length) rows.push({ row, values });
  }
  if (!rows.length) throw badRequest('server:forms.importEmpty');
  return rows;
}

/** Days from Excel's day 0 to 1970-01-01, in the 1900 and the 1904 date systems. */
const excelEpochDays = { 1900: 25_569, 1904: 24_107 };

/**
 * A cell as the form would have sent it: dates as yyyy-mm-dd (a date typed in Excel is a
 * day number with a date format; for a date, time or datetime field a number is read as
 * one), numbers and booleans as text.
 */
function textOf(field: FormField, value: CellValue, date1904: boolean): string {
  if (typeof value === 'number' && ['date', 'datetime', 'time'].includes(field.type)) {
    const days = value - excelEpochDays[date1904 ? 1904 : 1900];
    const iso = new Date(Math.round(days * 86_400_000)).toISOString();
    if (field.type === 'date') return iso.slice(0, 10);
    if (field.type === 'datetime') return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    return iso.slice(11, 19);
  }
  return String(value).trim();
}
