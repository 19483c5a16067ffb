import { posix } from 'node:path';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SpreadsheetLimit, type SpreadsheetLimits } from './limits';
import { entryText, NotAZip, UnpackBudget, zipEntries, type ZipEntry } from './zip';

/**
 * Reads the first sheet of an XLSX as rows of plain values, streaming: the ZIP entries
 * inflate chunk by chunk into a SAX parser, and the bounds (rows, columns, characters,
 * unpacked bytes) are checked as the rows go by, so a hostile file stops at the first bound
 * it passes. Run off the request loop (./index.ts); nothing here knows about forms.
 */
export type CellValue = string | number | boolean;

export interface SheetRow {
  /** The sheet's row number (1 for the first row). */
  row: number;
  /** By column, from 0; a hole is an empty cell. */
  cells: (CellValue | undefined)[];
}

export interface Sheet {
  rows: SheetRow[];
  /** The workbook counts dates from 1904 (old Mac Excel) instead of 1900. */
  date1904: boolean;
}

/** Thrown for a file that is not an XLSX we can read. */
export class NotASpreadsheet extends Error {}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses one entry's XML with SAX, calling `on` for each element opened and closed. */
async function walk(
  chunks: AsyncIterable<string>,
  handlers: {
    open?: (name: string, attributes: Record<string, string>) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw new NotASpreadsheet(error.message);
  });
  parser.on('opentag', (tag: SaxesTagPlain) =>
    handlers.open?.(localName(tag.name), tag.attributes),
  );
  parser.on('closetag', (tag: SaxesTagPlain) => handlers.close?.(localName(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  for await (const chunk of chunks) parser.write(chunk);
  parser.close();
}

interface Parts {
  sheet: ZipEntry;
  sharedStrings: ZipEntry | undefined;
  workbook: ZipEntry;
}

function entry(entries: Map<string, ZipEntry>, path: string): ZipEntry | undefined {
  return entries.get(path.replace(/^\//, ''));
}

/** The first sheet and the shared strings, as the workbook and its relationships name them. */
async function findParts(
  bytes: Buffer,
  entries: Map<string, ZipEntry>,
  budget: UnpackBudget,
): Promise<Parts & { date1904: boolean }> {
  const workbook = entry(entries, 'xl/workbook.xml');
  const rels = entry(entries, 'xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new NotASpreadsheet('no workbook');
  let firstSheetId = '';
  let date1904 = false;
  await walk(entryText(bytes, workbook, budget), {
    open(name, attributes) {
      if (name === 'sheet' && !firstSheetId) {
        const id = Object.entries(attributes).find(([key]) => localName(key) === 'id');
        firstSheetId = id?.[1] ?? '';
      }
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
    },
  });
  const targets = new Map<string, string>();
  let sharedStringsTarget = '';
  await walk(entryText(bytes, rels, budget), {
    open(name, attributes) {
      if (name !== 'Relationship') return;
      const target = attributes.Target ?? '';
      targets.set(attributes.Id ?? '', target);
      if ((attributes.Type ?? '').endsWith('/sharedStrings')) sharedStringsTarget = target;
    },
  });
  const resolve = (target: string) =>
    target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
  const sheetTarget = targets.get(firstSheetId);
  const sheet = sheetTarget ? entry(entries, resolve(sheetTarget)) : undefined;
  if (!sheet) throw new NotASpreadsheet('no first sheet');
  const sharedStrings = sharedStringsTarget
    ? entry(entries, resolve(sharedStringsTarget))
    : entry(entries, 'xl/sharedStrings.xml');
  return { workbook, sheet, sharedStrings, date1904 };
}

/** The shared strings table: rich text runs joined, phonetic guides (rPh) left out. */
async function readSharedStrings(
  bytes: Buffer,
  sharedStrings: ZipEntry | undefined,
  budget: UnpackBudget,
  limits: SpreadsheetLimits,
): Promise<string[]> {
  if (!sharedStrings) return [];
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  let length = 0;
  await walk(entryText(bytes, sharedStrings, budget), {
    open(name) {
      if (name === 'si') {
        current = [];
        length = 0;
      } else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = phonetic === 0;
    },
    close(name) {
      if (name === 'si' && current) {
        strings.push(current.join(''));
        // No sheet within the bounds can refer to more strings than it has cells.
        if (strings.length > (limits.maxRows + 1) * limits.maxColumns)
          throw new SpreadsheetLimit('content');
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (!inText || !current) return;
      length += text.length;
      if (length > limits.maxCellChars) throw new SpreadsheetLimit('content');
      current.push(text);
    },
  });
  return strings;
}

/** "AB12" -> 27 (columns from 0); undefined without a column reference. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^[A-Z]{1,3}/.exec(reference ?? '')?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** A cell's value from its type (t) and the text of its <v> or inline <is><t>. */
function cellValue(type: string, text: string, strings: string[]): CellValue | undefined {
  switch (type) {
    case 's': {
      const value = strings[Number(text)];
      if (value === undefined) throw new NotASpreadsheet('shared string out of range');
      return value;
    }
    case 'b':
      return text === '1' || text === 'true';
    case 'inlineStr':
    case 'str':
    case 'e':
    case 'd':
      return text;
    default: {
      if (text.trim() === '') return undefined;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
  }
}

/** The rows of the sheet, stopping at the first bound passed. */
async function readRows(
  bytes: Buffer,
  sheet: ZipEntry,
  strings: string[],
  budget: UnpackBudget,
  limits: SpreadsheetLimits,
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let row: SheetRow | null = null;
  let cell: { column: number; type: string; text: string[]; length: number } | null = null;
  let inValue = false;
  let phonetic = 0;
  let nextColumn = 0;
  await walk(entryText(bytes, sheet, budget), {
    open(name, attributes) {
      if (name === 'row') {
        const number = Number(attributes.r);
        row = {
          row: Number.isInteger(number) && number > 0 ? number : (rows.at(-1)?.row ?? 0) + 1,
          cells: [],
        };
        nextColumn = 0;
      } else if (name === 'c' && row) {
        const column = columnOf(attributes.r) ?? nextColumn;
        if (column >= limits.maxColumns) throw new SpreadsheetLimit('content');
        nextColumn = column + 1;
        cell = { column, type: attributes.t ?? 'n', text: [], length: 0 };
      } else if (name === 'rPh') phonetic++;
      else if ((name === 'v' || name === 't') && cell) inValue = phonetic === 0;
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c' && cell && row) {
        const value = cellValue(cell.type, cell.text.join(''), strings);
        if (value !== undefined && value !== '') row.cells[cell.column] = value;
        cell = null;
      } else if (name === 'row' && row) {
        if (row.cells.length > 0) {
          rows.push(row);
          // The header and maxRows rows after it; one more is already too many.
          if (rows.length > limits.maxRows + 1) throw new SpreadsheetLimit('rows');
        }
        row = null;
      }
    },
    text(text) {
      if (!inValue || !cell) return;
      cell.length += text.length;
      if (cell.length > limits.maxCellChars) throw new SpreadsheetLimit('content');
      cell.text.push(text);
    },
  });
  return rows;
}

/** The first sheet of an XLSX, within the limits. */
export async function readXlsx(bytes: Buffer, limits: SpreadsheetLimits): Promise<Sheet> {
  if (bytes.length > limits.maxFileBytes) throw new SpreadsheetLimit('content');
  try {
    const entries = zipEntries(bytes, limits);
    const budget = new UnpackBudget(limits);
    const parts = await findParts(bytes, entries, budget);
    const strings = await readSharedStrings(bytes, parts.sharedStrings, budget, limits);
    const rows = await readRows(bytes, parts.sheet, strings, budget, limits);
    return { rows, date1904: parts.date1904 };
  } catch (error) {
    if (error instanceof NotAZip) throw new NotASpreadsheet(error.message);
    throw error;
  }
}
