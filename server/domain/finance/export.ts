import { Readable } from 'node:stream';
import { badRequest } from '../../lib/errors';
import { xlsxBook } from '../../lib/xlsx/writer';
import type { EdgeRow } from './define-query';
import { maxExportColumns } from '../../../src/contract/finance';

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
  /**
   * A code column's words for its codes, in the reader's language, as the list shows them
   * (确认状态 1 → 已确认, issue 36): the file says what the screen says, not the codes.
   */
  labels?: Record<string, string>;
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

/** Control characters have no place in a title; lone surrogates cannot be encoded. */
const badText =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every column must name a field the query answers (checked against its first row). */
export function checkColumns(
  query: string,
  title: string,
  columns: readonly {
    field: string;
    title: string;
    kind?: string;
    labels?: Record<string, string>;
  }[],
  first: EdgeRow | undefined,
) {
  if (badText.test(title)) throw badRequest('server:finance.exportTitle');
  for (const column of columns) {
    const words = Object.entries(column.labels ?? {}).flat();
    if (badText.test(column.title) || words.some((word) => badText.test(word))) {
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
  return column.labels?.[String(value)] ?? String(value);
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

/**
 * The batches, each next one read while the one before is written (the database works
 * beside the writer instead of in turn with it, as Readable.from does for the CSV): two
 * batches held at most.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      // Its failure is thrown at the next await; until then it is not unhandled.
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * XLSX through our streaming sheet writer (server/lib/xlsx): rows are written as they come
 * and the zip goes to the answer as it grows, waiting for the compressor and the client
 * after each batch. The data sheet first (header bold and frozen, amounts `#,##0.00`), the
 * filters sheet after it. Texts are inline strings, never formulas.
 */
export function xlsxStream(
  sheet: ExportSheet,
  batches: AsyncIterable<EdgeRow[]>,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Readable {
  const book = xlsxBook([
    {
      name: sheet.title,
      widths: sheet.columns.map((column) =>
        Math.max(10, Math.min(60, column.title.length * 2 + 4)),
      ),
      money: sheet.columns.map((column) => column.kind === 'money'),
      freezeHeader: true,
    },
    { name: sheet.factsTitle },
  ]);
  const write = async () => {
    book.row(
      sheet.columns.map((column) => column.title),
      true,
    );
    let index = 0;
    for await (const batch of readAhead(batches)) {
      if (signal.aborted) return book.abort();
      for (const row of batch) {
        const at = index++;
        book.row(sheet.columns.map((column) => cellValue(column, row, at)));
      }
      await book.drained();
    }
    if (signal.aborted) return book.abort();
    if (sheet.summary) {
      const { label, values } = sheet.summary;
      book.row(
        sheet.columns.map((column, i) => (i === 0 ? label : (values[column.field] ?? null))),
        true,
      );
    }
    book.nextSheet();
    for (const fact of sheet.facts) book.row(fact);
    await book.end();
  };
  write().catch((error: unknown) => {
    onError(error);
    book.abort(error instanceof Error ? error : new Error(String(error)));
  });
  return book.output;
}
