import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { columnXml, rowXml, type Cell, type ColumnXml } from './cells';
import {
  cellStyle,
  contentTypes,
  packageRels,
  sheetEnd,
  sheetStart,
  stylesXml,
  workbookRels,
  workbookXml,
  type SheetLayout,
} from './parts';

/**
 * A streaming XLSX writer: rows become worksheet XML as they are added, and the XML goes
 * to archiver's zip (deflate on libuv's threads, beside the writing) and on to `output` as
 * it is compressed. Memory holds one chunk of XML and the streams' buffers, whatever the
 * number of rows; a writer that calls `drained()` between batches waits for the compressor
 * and the reader of `output` (backpressure), so a slow client slows the writer down
 * instead of piling the file up.
 */
export interface SheetSpec extends SheetLayout {
  name: string;
}

export interface XlsxBook {
  readonly output: Readable;
  /** Adds a row to the current sheet; a bold row is a header or a total. */
  row(cells: readonly Cell[], bold?: boolean): void;
  /** Resolves once the compressor has room again (or the book was given up). */
  drained(): Promise<void>;
  /** Ends the current sheet and starts the next one declared. */
  nextSheet(): void;
  /** Ends the last sheet (and any declared but not reached) and the zip. */
  end(): Promise<void>;
  /** Gives the file up: the reader of `output` sees an error (or its end, if it left). */
  abort(error?: Error): void;
  /** Ended or given up (its reader left): rows are no longer wanted. */
  readonly closed: boolean;
}

/**
 * XML gathered before it is handed to the compressor (in characters), and the bytes each
 * stream on the way may hold: the XML waiting for the compressor, then archiver's two
 * streams (both ways) and the output. So about 2 MB is held, whatever the file's size.
 */
const chunkChars = 1 << 16;
const streamBuffer = 1 << 18;

/**
 * Excel's sheet names: at most 31 characters, none of []:*?/\ or a control character, not
 * starting or ending with an apostrophe, and unique without regard to case.
 */
export function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name, i) => {
    let base = name
      // eslint-disable-next-line no-control-regex -- control characters are not allowed
      .replace(/[[\]:*?/\\\u0000-\u001f\u007f]/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '')
      .slice(0, 31)
      .replace(/[\ud800-\udbff]$/, '')
      .trim();
    if (!base) base = `Sheet${i + 1}`;
    let unique = base;
    for (let n = 2; used.has(unique.toLowerCase()); n++) {
      unique = `${base.slice(0, 31 - String(n).length - 3)} (${n})`;
    }
    used.add(unique.toLowerCase());
    return unique;
  });
}

export function xlsxBook(sheets: readonly SheetSpec[]): XlsxBook {
  if (sheets.length === 0) throw new Error('a workbook needs a sheet');
  const names = sheetNames(sheets.map((sheet) => sheet.name));
  const archive = archiver('zip', { zlib: { level: 1 }, highWaterMark: streamBuffer });
  const output = new PassThrough({ highWaterMark: streamBuffer });
  let finished = false;
  let entry: PassThrough | null = null;
  let index = -1;
  let rowNumber = 0;
  let pending = '';
  let columns: ColumnXml[] = [];
  let boldColumns: ColumnXml[] = [];
  let money: readonly boolean[] = [];

  const fixed: [string, string][] = [
    ['[Content_Types].xml', contentTypes(sheets.length)],
    ['_rels/.rels', packageRels],
    ['xl/workbook.xml', workbookXml(names)],
    ['xl/_rels/workbook.xml.rels', workbookRels(sheets.length)],
    ['xl/styles.xml', stylesXml],
  ];
  for (const [name, xml] of fixed) archive.append(Buffer.from(xml), { name });
  archive.on('error', (error: Error) => abort(error));
  archive.pipe(output);
  // The answer closed early (the client left): nothing more will be read.
  output.once('close', () => {
    if (!finished) abort();
  });

  function flush() {
    if (pending && entry) entry.write(pending);
    pending = '';
  }

  function startSheet() {
    index++;
    const layout = sheets[index]!;
    money = layout.money ?? [];
    columns = [];
    boldColumns = [];
    rowNumber = 0;
    entry = new PassThrough({ highWaterMark: streamBuffer });
    archive.append(entry, { name: `xl/worksheets/sheet${index + 1}.xml` });
    pending = sheetStart(layout);
  }

  function endSheet() {
    pending += sheetEnd;
    flush();
    entry?.end();
    entry = null;
  }

  function row(cells: readonly Cell[], bold = false) {
    if (finished) return;
    while (columns.length < cells.length) {
      const style = money[columns.length] ? cellStyle.money : cellStyle.plain;
      columns.push(columnXml(columns.length, style));
      boldColumns.push(columnXml(boldColumns.length, style | cellStyle.bold));
    }
    pending += rowXml(++rowNumber, cells, bold ? boldColumns : columns);
    if (pending.length >= chunkChars) flush();
  }

  function drained(): Promise<void> {
    const stream = entry;
    if (!stream?.writableNeedDrain || finished) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        stream.off('drain', done).off('close', done);
        resolve();
      };
      stream.on('drain', done).on('close', done);
    });
  }

  function nextSheet() {
    if (finished) return;
    if (index + 1 >= sheets.length) throw new Error('no sheet left to start');
    endSheet();
    startSheet();
  }

  async function end() {
    if (finished) return;
    endSheet();
    while (index + 1 < sheets.length) {
      startSheet();
      endSheet();
    }
    // finalize() never settles once the archive is aborted; the closed output ends it then.
    await new Promise<void>((resolve, reject) => {
      output.once('close', resolve);
      archive.finalize().then(resolve, reject);
    });
    finished = true;
  }

  function abort(error?: Error) {
    if (finished) return;
    finished = true;
    archive.abort();
    entry?.destroy();
    output.destroy(error);
  }

  startSheet();
  return {
    output,
    row,
    drained,
    nextSheet,
    end,
    abort,
    get closed() {
      return finished;
    },
  };
}
