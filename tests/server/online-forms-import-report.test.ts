import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postRaw, workbook, xlsxUpload } from './form-fixtures';
import { oneDatabase } from './harness';
import { useServerAndClient } from './workflow-harness';

/**
 * Export writes what the list shows, import takes it back, and a refused import lists every
 * problem of every row (docs/forms.md, "Import and export"). One database: the export
 * reads by keyset and the import writes in one transaction, our SQL either way.
 */
const base = '/form/form/dataTemplate/v1';
type Report = {
  message: string;
  value: { row: number; field?: string; value?: string; message: string }[];
};

/** A sheet as rows of cell texts, the header first. */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column++)
      cells.push(row.getCell(column).text);
    rows.push(cells);
  });
  return rows;
}

describe.each(oneDatabase)('online form import and export on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const post = (url: string, body: object, language = 'zh-CN') =>
    postRaw({ server, client }, 'store01', url, body, language);
  const importFile = (bytes: Buffer, language = 'zh-CN') =>
    post(`${base}/importMain?templateKey=inspection`, xlsxUpload(bytes), language);
  const inspections = (marker: string) =>
    server.db
      .selectFrom('form_records')
      .select(sql<string>`data::text`.as('data'))
      .where('form_key', '=', 'inspection')
      .where(sql<boolean>`data ->> 'area' like ${`${marker}%`}`)
      .execute();

  it('exports labels, and importing the export gives the same records, in either language', async () => {
    const records = [
      { store: 'S02', result: 'fail', area: 'RT-1', score: '45', inspector: 'emp01' },
      { store: 'S01', result: 'pass', area: 'RT-2', score: '100', remarks: '通道畅通' },
      { store: 'S03', result: 'rectify', area: 'RT-3', score: '0' },
    ];
    for (const record of records) {
      const saved = await client.post('store01', `${base}/boSave/inspection`, {
        inspectedOn: '2026-11-20',
        ...record,
      });
      expect(saved.status, saved.body.message).toBe(200);
    }
    const before = (await inspections('RT-')).map((row) => row.data).sort();
    expect(before).toHaveLength(3);
    const store = await server.db
      .selectFrom('stores')
      .select(['name', 'name_en'])
      .where('code', '=', 'S02')
      .executeTakeFirstOrThrow();
    const filter = { querys: [{ property: 'area', value: 'RT-' }] };
    const files: [string, Buffer][] = [];
    for (const language of ['zh-CN', 'en-US']) {
      const exported = await post(`${base}/export?templateKey=inspection`, filter, language);
      expect(exported.statusCode).toBe(200);
      const rows = await sheetRows(exported.rawPayload);
      const first = rows.find((row) => row.includes('RT-1'))!;
      expect(first).toContain(language === 'en-US' ? store.name_en : store.name);
      expect(first).toContain(language === 'en-US' ? 'Fail' : '不合格');
      expect(first).not.toContain('S02');
      expect(first).not.toContain('fail');
      files.push([language, exported.rawPayload]);
    }
    for (const [language, bytes] of files) {
      const imported = await importFile(bytes, language);
      expect(imported.statusCode, imported.body).toBe(200);
    }
    // Each record now three times over, the same data each time.
    const after = (await inspections('RT-')).map((row) => row.data).sort();
    expect(after).toEqual(before.flatMap((data) => [data, data, data]).sort());
  });

  it('reports every problem of every row, with the value and the choices, in both languages', async () => {
    const header = ['门店', '巡检日期', '区域', '结论', '得分'];
    const file = await workbook([
      header,
      ['海雅百货不存在', '2026-13-01', '', '很好', 150],
      ['S01', '2026-11-02', '二楼', 'pass', 90],
      ['S01', '2026-11-03', '三楼', '合格', 'abc'],
    ]);
    const before = (await inspections('')).length;
    const [zh, en] = await Promise.all(['zh-CN', 'en-US'].map((lang) => importFile(file, lang)));
    expect(zh!.statusCode).toBe(400);
    const report = JSON.parse(zh!.body) as Report;
    expect(report.message).toBe('导入失败：2 行共 6 处错误，未导入任何记录');
    expect(report.value.map((problem) => [problem.row, problem.field])).toEqual([
      [2, '门店'],
      [2, '巡检日期'],
      [2, '结论'],
      [2, '区域'],
      [2, '得分'],
      [4, '得分'],
    ]);
    const result = report.value.find((problem) => problem.field === '结论')!;
    expect(result).toEqual({
      row: 2,
      field: '结论',
      value: '很好',
      message: '结论「很好」：不是可选的值（可选：合格、限期整改、不合格）',
    });
    expect(report.value.find((problem) => problem.field === '区域')!.message).toBe(
      '区域：此项为必填项',
    );
    expect(report.value[0]!.message).toMatch(/^门店「海雅百货不存在」：不是可选的值（可选：海雅/);
    const english = JSON.parse(en!.body) as Report;
    expect(english.message).toBe('Import failed: 6 problems in 2 rows; nothing was imported');
    expect(english.value.find((problem) => problem.field === 'Result')!.message).toBe(
      'Result “很好”: Not one of the choices (Pass, Rectify by deadline, Fail)',
    );
    expect((await inspections('')).length).toBe(before);
  });

  it('lists the first 200 of 20,000 problems and counts the rest', async () => {
    const header = ['门店', '巡检日期', '区域', '结论', '得分'];
    const rows = Array.from({ length: 10_000 }, (_, index) => [
      `S9${index}`,
      '2026-11-01',
      `攻击${index}`,
      'x'.repeat(500),
      50,
    ]);
    const before = (await inspections('')).length;
    const answer = await importFile(await workbook([header, ...rows]));
    expect(answer.statusCode).toBe(400);
    const report = JSON.parse(answer.body) as Report;
    expect(report.message).toBe(
      '导入失败：10000 行共 20000 处错误，未导入任何记录（只列出前 200 处，另有 19800 处未列出）',
    );
    expect(report.value).toHaveLength(200);
    expect(report.value[199]!.row).toBe(101);
    // A long value is cut in the report.
    expect(report.value[1]!.value).toBe(`${'x'.repeat(60)}…`);
    expect(answer.body.length).toBeLessThan(200_000);
    expect((await inspections('')).length).toBe(before);
  });
});
