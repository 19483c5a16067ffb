import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { FormDefinition, FormField, SubTable } from '../../../src/core/forms/definition';
import type { Language } from '../../../src/core/language';
import { badRequest } from '../../lib/errors';
import type { Cell } from '../../lib/xlsx/cells';
import { xlsxBook, type SheetSpec } from '../../lib/xlsx/writer';

/**
 * Spreadsheets of a form (docs/forms.md, "Import and export"): the header row holds the
 * field labels in the caller's language; an import accepts either language's labels (or
 * the field names), so a file exported in English imports for a Chinese user too.
 */
export const maxImportRows = 10_000;

const exportable = (field: FormField) => field.type !== 'attachment' && field.type !== 'richtext';

function labelOf(language: Language, item: { label: string; labelEn?: string }) {
  return (language === 'en-US' && item.labelEn) || item.label;
}

function cell(field: FormField, value: unknown): Cell {
  if (value === undefined || value === null) return null;
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
): Readable {
  const columns = fields.filter(exportable);
  const book = xlsxBook([layout(language, sheetName, columns)]);
  book.row(columns.map((field) => labelOf(language, field)));
  void (async () => {
    try {
      for await (const rows of batches) {
        if (book.closed) return;
        for (const row of rows) book.row(columns.map((field) => cell(field, row[field.name])));
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
 * Rows of an uploaded workbook's first sheet as field values, the header mapped to fields.
 * A header cell that names no field is refused (a wrong file, not a wrong row).
 */
export async function readWorkbook(
  fields: FormField[],
  file: Buffer,
): Promise<{ row: number; values: Record<string, unknown> }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('server:forms.importFile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw badRequest('server:forms.importEmpty');
  if (sheet.rowCount - 1 > maxImportRows)
    throw badRequest('server:forms.importTooMany', { max: maxImportRows });
  const byHeader = new Map<string, FormField>();
  for (const field of fields) {
    for (const name of [field.name, field.label, field.labelEn])
      if (name) byHeader.set(name, field);
  }
  const columns: (FormField | undefined)[] = [];
  sheet.getRow(1).eachCell((cellValue, column) => {
    const header = String(cellValue.text ?? '').trim();
    if (!header) return;
    const field = byHeader.get(header);
    if (!field) throw badRequest('server:forms.importHeader', { column: header.slice(0, 60) });
    columns[column] = field;
  });
  const rows: { row: number; values: Record<string, unknown> }[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: Record<string, unknown> = {};
    row.eachCell((value, column) => {
      const field = columns[column];
      if (field) values[field.name] = textOf(field, value);
    });
    if (Object.keys(values).length) rows.push({ row: number, values });
  });
  if (!rows.length) throw badRequest('server:forms.importEmpty');
  return rows;
}

/** A cell as the form would have sent it: dates as yyyy-mm-dd, numbers as text. */
function textOf(field: FormField, cellValue: ExcelJS.Cell): string {
  const value = cellValue.value;
  if (value instanceof Date) {
    const iso = value.toISOString();
    if (field.type === 'date') return iso.slice(0, 10);
    if (field.type === 'datetime') return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    if (field.type === 'time') return iso.slice(11, 19);
  }
  return String(cellValue.text ?? '').trim();
}
