import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readAhead } from '../../server/domain/finance/export';
import type { Cell } from '../../server/lib/xlsx/cells';
import { sheetNames, xlsxBook, type SheetSpec } from '../../server/lib/xlsx/writer';

/**
 * The streaming XLSX writer (server/lib/xlsx) on its own, no database: what it writes is
 * read back by exceljs's reader, an implementation independent of it; and it must wait
 * for the reader of the file instead of holding the whole sheet.
 */
async function bytesOf(book: ReturnType<typeof xlsxBook>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(
    book.output,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    }),
  );
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('the streaming XLSX writer', () => {
  it('writes texts, numbers and styles that a reader gets back exactly', async () => {
    const sheets: SheetSpec[] = [
      { name: 'Data', widths: [8, 20, 30], money: [false, true, false], freezeHeader: true },
      { name: 'data' },
    ];
    const book = xlsxBook(sheets);
    const tricky: [Cell, unknown][] = [
      ['联营费用结算单 丽', '联营费用结算单 丽'],
      [`<a href="x">&'</a>`, `<a href="x">&'</a>`],
      ['nul\u0000bell\u0007vt\u000bdel\u007fend', 'nulbellvtdelend'],
      ['line\r\nbreak\ttab', 'line\r\nbreak\ttab'],
      ['  padded  ', '  padded  '],
      ['emoji 😀, lone \ud800 and \udc00 gone', 'emoji 😀, lone  and  gone'],
      ['=HYPERLINK("http://x","y")', '=HYPERLINK("http://x","y")'],
      ['2026-03-14', '2026-03-14'],
      ['\uffff', ''],
    ];
    book.row(['#', 'Amount', 'Text'], true);
    tricky.forEach(([text], i) => book.row([i + 1, i * 1000.25 - 3, text]));
    book.row([null, 1234567.891, undefined]);
    book.row(['Total', 42, null], true);
    book.nextSheet();
    // A sheet with no layout still takes any number of columns (AD is the 30th).
    book.row(Array.from({ length: 30 }, (_, i) => (i === 29 ? 'last' : i)));
    await book.end();
    const workbook = await read(await bytesOf(book));

    const [data, second] = workbook.worksheets;
    expect(data!.name).toBe('Data');
    expect(second!.name).toBe('data (2)');
    expect(data!.getRow(1).values).toEqual([undefined, '#', 'Amount', 'Text']);
    expect(data!.getCell('A1').font?.bold).toBe(true);
    expect(data!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect([1, 2, 3].map((i) => data!.getColumn(i).width)).toEqual([8, 20, 30]);
    tricky.forEach(([, expected], i) => {
      const row = data!.getRow(i + 2);
      expect(row.getCell(1).value).toBe(i + 1);
      expect(row.getCell(2).value).toBe(i * 1000.25 - 3);
      expect(row.getCell(2).numFmt).toBe('#,##0.00');
      expect(row.getCell(2).font?.bold).toBeFalsy();
      const text = row.getCell(3);
      expect(text.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(text.value ?? '').toBe(expected);
    });
    const empty = data!.getRow(tricky.length + 2);
    expect(empty.values).toEqual([undefined, undefined, 1234567.891]);
    const total = data!.getRow(tricky.length + 3);
    expect(total.values).toEqual([undefined, 'Total', 42]);
    expect(total.getCell(2).font?.bold).toBe(true);
    expect(total.getCell(2).numFmt).toBe('#,##0.00');
    expect(data!.rowCount).toBe(tricky.length + 3);
    expect(second!.getCell('AD1').value).toBe('last');
    expect(second!.getCell('A1').value).toBe(0);
  });

  it('names sheets as Excel allows', () => {
    expect(
      sheetNames([
        "'Sales: 2026/03 [draft]?'",
        'a'.repeat(40),
        'A'.repeat(40),
        '   ',
        `${'x'.repeat(30)}😀`,
        'tab\there',
      ]),
    ).toEqual([
      'Sales  2026 03  draft',
      'a'.repeat(31),
      `${'A'.repeat(27)} (2)`,
      'Sheet4',
      'x'.repeat(30),
      'tab here',
    ]);
  });

  it('waits for the reader instead of holding the sheet, then finishes the file', async () => {
    const book = xlsxBook([{ name: 'Rows', widths: [10, 10, 10] }]);
    const wanted = 80_000;
    // Texts that do not compress much (96 pseudo-random letters), so that the zip's
    // buffers, bounded in compressed bytes, hold few rows.
    const text = (n: number) => {
      let letters = `row ${n} `;
      for (let i = 0, x = n + 1; i < 12; i++) {
        x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) ^ Math.imul(x ^ (x >>> 12), 0x297a2d39);
        letters += (x >>> 0).toString(36).padStart(7, '0').slice(0, 8);
      }
      return letters;
    };
    let written = 0;
    const writing = (async () => {
      for (; written < wanted; written++) {
        book.row([written, text(written), written * 0.5]);
        if (written % 1000 === 999) await book.drained();
      }
      await book.end();
    })();
    // Nothing reads the file yet: the writer must stop once the streams' buffers (about
    // 2 MB) are full, about 20,000 rows, far short of the 16 MB of XML of every row.
    // Wait until it stops moving.
    let last = -1;
    let still = 0;
    while (still < 20 && written < wanted) {
      still = written === last ? still + 1 : 0;
      last = written;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(written).toBeLessThan(wanted / 2);
    const [bytes] = await Promise.all([bytesOf(book), writing]);
    const sheet = (await read(bytes)).worksheets[0]!;
    expect(sheet.rowCount).toBe(wanted);
    expect(sheet.getRow(wanted).values).toEqual([
      undefined,
      wanted - 1,
      text(wanted - 1),
      (wanted - 1) * 0.5,
    ]);
  });

  it('gives the file up when the reader leaves, and the writer is not left waiting', async () => {
    const book = xlsxBook([{ name: 'Rows' }, { name: 'Filters' }]);
    for (let i = 0; i < 50_000; i++) book.row([i, `row ${i} ${'text '.repeat(8)}`]);
    const waiting = book.drained();
    book.output.destroy();
    await waiting;
    expect(book.closed).toBe(true);
    // What the export does after its last batch is harmless now.
    book.row([1]);
    book.nextSheet();
    await book.end();
    expect(book.output.destroyed).toBe(true);
  });

  it('reads the next batch of an export while one is written, and passes a failure on', async () => {
    const asked: number[] = [];
    let closed = false;
    async function* source() {
      try {
        for (let i = 1; i <= 3; i++) {
          asked.push(i);
          if (i === 3) throw new Error('the database went away');
          yield i;
        }
      } finally {
        closed = true;
      }
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of readAhead(source())) {
          seen.push(batch);
          // Batch 1 in hand, batch 2 already asked for.
          if (batch === 1) expect(asked).toEqual([1, 2]);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })(),
    ).rejects.toThrow('the database went away');
    expect(seen).toEqual([1, 2]);
    expect(closed).toBe(true);
  });
});
