import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/people';
import { newId } from '../../server/lib/ids';
import { postRaw, workbook, xlsxUpload } from './form-fixtures';
import { databaseKinds } from './harness';
import { useServerAndClient } from './workflow-harness';

/** Online forms at their edges (docs/forms.md): sort of exports, unique values, races. */
const base = '/form/form/dataTemplate/v1';
type Rows = { rows: Record<string, unknown>[]; total: number };
type Answer = { status: number; body: { state?: boolean; message?: string; value?: unknown } };

/** A sheet's column by its header text, as the cells' texts (row 2 on). */
async function column(bytes: Buffer, header: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  let index = 0;
  sheet.getRow(1).eachCell((cell, at) => {
    if (cell.text === header) index = at;
  });
  expect(index, header).toBeGreaterThan(0);
  const values: string[] = [];
  for (let row = 2; row <= sheet.rowCount; row++)
    values.push(sheet.getRow(row).getCell(index).text);
  return values;
}

const contract = (contractNo: string) => ({
  contractNo,
  merchantName: '并发商户',
  store: 'S01',
  kind: 'lease',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  monthlyRent: '1000',
});

const noServerErrors = (answers: Answer[]) =>
  expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.body)).toEqual([]);

describe.each(databaseKinds)('online forms at the edges on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const list = async (account: string, key: string, body: unknown = {}) =>
    (await client.post(account, `${base}/dataList_${key}`, body)).body as unknown as Rows;
  /** A request answered as bytes (an export, an import report). */
  const post = (
    account: string,
    url: string,
    body: object | ReturnType<typeof xlsxUpload>,
    language = 'zh-CN',
  ) => postRaw({ server, client }, account, url, body, language);
  const all = <T>(count: number, each: (index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, index) => each(index)));

  it('exports in the order the list is sorted by, across keyset batches', async () => {
    // 2,600 inspections: scores with many ties, every tenth without one, creation times
    // shared by threes (the id breaks those ties), so batches of 1,000 meet every case.
    await sql`
      insert into form_records (id, form_key, form_version, data, created_by, updated_by, created_at)
      select (4100000000000000000 + n)::text, 'inspection', 1,
        jsonb_build_object('store', 'S04', 'inspectedOn', '2026-01-01', 'area', '排序' || n,
          'result', 'pass', 'score', (n % 7)::text)
          - case when n % 10 = 0 then 'score' else '' end,
        ${userId(5)}, ${userId(5)}, timestamptz '2021-01-01' + (n / 3) * interval '1 second'
      from generate_series(1, 2600) as n`.execute(server.db);
    const querys = [{ property: 'area', value: '排序' }];
    for (const sorter of [
      { sorter: [{ property: 'score', direction: 'DESC' }] },
      { sortField: 'score', sortOrder: 'asc' },
    ]) {
      const listed: string[] = [];
      for (let page = 1; page <= 13; page++) {
        const rows = await list('store01', 'inspection', {
          querys,
          ...sorter,
          pageBean: { page, pageSize: 200 },
        });
        listed.push(...rows.rows.map((row) => String(row.area)));
      }
      const exported = await post('store01', `${base}/export?templateKey=inspection`, {
        querys,
        ...sorter,
      });
      expect(exported.statusCode).toBe(200);
      const areas = await column(exported.rawPayload, '区域');
      const scores = await column(exported.rawPayload, '得分');
      expect(areas.length).toBe(2600);
      expect(new Set(areas).size).toBe(2600);
      expect(areas).toEqual(listed);
      const given = scores.filter((score) => score !== '').map(Number);
      const descending = 'sorter' in sorter;
      expect(given).toEqual([...given].sort((a, b) => (descending ? b - a : a - b)));
      // Empty scores come last either way.
      expect(scores.slice(given.length).every((score) => score === '')).toBe(true);
      expect(scores.slice(-260).every((score) => score === '')).toBe(true);
    }
    const badSort = await post('store01', `${base}/export?templateKey=inspection`, {
      sorter: [{ property: 'created_by', direction: 'ASC' }],
    });
    expect(badSort.statusCode).toBe(400);
  });

  it('refuses an import file that repeats a unique value, naming every row that holds it', async () => {
    const header = ['合同号', '商户名称', '门店', '合同类型', '开始日期', '结束日期', '月租金'];
    const row = (no: string) => [no, '导入商户', 'S01', 'lease', '2026-01-01', '2026-12-31', 1000];
    const file = await workbook([
      header,
      row('HT-DUP-1'),
      row('HT-DUP-2'),
      row('HT-DUP-1'),
      row('HT-DUP-1'),
      row('HT-DUP-3'),
    ]);
    const count = async () =>
      (
        await list('contract01', 'contractRegistration', {
          querys: [{ property: 'contractNo', value: 'HT-DUP-' }],
        })
      ).total;
    const refused = await post(
      'contract01',
      `${base}/importMain?templateKey=contractRegistration`,
      xlsxUpload(file),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    const report = JSON.parse(refused.body) as { value: { row: number; message: string }[] };
    expect(report.value.map((problem) => problem.row)).toEqual([2, 4, 5]);
    for (const problem of report.value)
      expect(problem.message).toBe(
        '合同号：HT-DUP-1 在文件中重复出现（第 2、4、5 行），每个值只能出现一次',
      );
    expect(await count()).toBe(0);
    const english = await post(
      'contract01',
      `${base}/importMain?templateKey=contractRegistration`,
      xlsxUpload(file),
      'en-US',
    );
    expect(JSON.parse(english.body).value[0].message).toBe(
      'Contract no.: HT-DUP-1 appears more than once in the file (rows 2, 4, 5); each value may appear once only',
    );
    // A value another record already holds is reported as before; a clean file imports.
    const taken = await post(
      'contract01',
      `${base}/importMain?templateKey=contractRegistration`,
      xlsxUpload(await workbook([header, row('HT-DUP-4'), row('HT20261000')])),
    );
    expect(JSON.parse(taken.body).value).toEqual([
      {
        row: 3,
        field: '合同号',
        value: 'HT20261000',
        message: '合同号「HT20261000」：输入的值已存在',
      },
    ]);
    const clean = await post(
      'contract01',
      `${base}/importMain?templateKey=contractRegistration`,
      xlsxUpload(await workbook([header, row('HT-DUP-1'), row('HT-DUP-2')])),
    );
    expect(JSON.parse(clean.body)).toMatchObject({ state: true, value: 2 });
    expect(await count()).toBe(2);
  });

  it('stores one of 100 adds of the same unique value at once, refusing the others', async () => {
    const answers = await all(100, () =>
      client.post('contract01', `${base}/boSave/contractRegistration`, contract('HT-RACE-1')),
    );
    noServerErrors(answers);
    expect(answers.filter((answer) => answer.status === 200).length).toBe(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.status === 400)).toBe(true);
    expect(new Set(refused.map((answer) => answer.body.message))).toEqual(
      new Set(['合同号：输入的值已存在']),
    );
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from form_records
      where form_key = 'contractRegistration' and data ->> 'contractNo' = 'HT-RACE-1'`.execute(
      server.db,
    );
    expect(stored.rows[0]!.n).toBe(1);
  });

  it('keeps one record whole under 100 saves at once: a stale stamp is a 409, none mix', async () => {
    const created = await client.post('SZHY10001', `${base}/boSave/fitOut`, {
      store: 'S01',
      shopNo: 'L3-01',
      brand: '起始',
      contact: '王磊',
      phone: '13800138000',
      startDate: '2026-12-01',
      endDate: '2026-12-10',
      budget: '1000',
      works: [{ kind: 'decoration', content: '起始', cost: '1' }],
    });
    const id = created.body.value as string;
    const read = async () =>
      (
        (await client.get('SZHY10001', `${base}/getForm/fitOut/fitOut?id=${id}`)).body.value as {
          data: Record<string, unknown> & { works: { content: string }[] };
        }
      ).data;
    const first = await read();
    expect(typeof first.UPDATED_AT_).toBe('string');
    const edit = (index: number, stamp?: unknown) => ({
      ...first,
      ...(stamp === undefined ? { UPDATED_AT_: undefined } : { UPDATED_AT_: stamp }),
      brand: `品牌${index}`,
      works: Array.from({ length: 1 + (index % 3) }, (_, row) => ({
        kind: 'decoration',
        content: `第${index}次第${row}行`,
        cost: '1',
      })),
    });
    // Each names the stamp it read: the first to commit wins, the rest are told to reopen.
    const stamped = await all(100, (index) =>
      client.post('SZHY10001', `${base}/boSave/fitOut`, edit(index, first.UPDATED_AT_)),
    );
    noServerErrors(stamped);
    const winners = stamped.flatMap((answer, index) => (answer.status === 200 ? [index] : []));
    expect(winners.length).toBe(1);
    const conflicts = stamped.filter((answer) => answer.status === 409);
    expect(conflicts.length).toBe(99);
    expect(conflicts[0]!.body.message).toBe('该记录已被他人修改并保存，请重新打开后再修改');
    const won = await read();
    expect(won.brand).toBe(`品牌${winners[0]}`);
    expect(won.works.map((row) => row.content)).toEqual(
      edit(winners[0]!).works.map((row) => row.content),
    );
    expect(won.UPDATED_AT_).not.toBe(first.UPDATED_AT_);
    const english = await client.call(
      'SZHY10001',
      'POST',
      `${base}/boSave/fitOut`,
      edit(0, first.UPDATED_AT_),
      'en-US',
    );
    expect(english.status).toBe(409);
    expect(english.body.message).toBe(
      'Someone else saved this record first; reopen it and make your change again',
    );
    // Without a stamp the saves take turns: every one stored whole, the last one stays.
    const unstamped = await all(100, (index) =>
      client.post('SZHY10001', `${base}/boSave/fitOut`, edit(index)),
    );
    noServerErrors(unstamped);
    expect(unstamped.every((answer) => answer.status === 200)).toBe(true);
    const last = await read();
    const index = Number(String(last.brand).replace('品牌', ''));
    expect(last.works.map((row) => row.content)).toEqual(
      edit(index).works.map((row) => row.content),
    );
  });

  it('gives 100 definition saves at once a version each, or a 409 when they name the one they edited', async () => {
    const current = await client.get('admin', '/form/form/form/v1/getByKey?formKey=meetingBooking');
    const { version, definition } = current.body.value as {
      version: number;
      definition: { fields: { options?: unknown }[] };
    };
    const stored = {
      ...definition,
      fields: definition.fields.map(({ options: _options, ...field }) => field),
    };
    const free = await all(100, () =>
      client.post('admin', '/form/form/form/v1/save', { definition: stored }),
    );
    noServerErrors(free);
    expect(free.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(free.map((answer) => answer.body.value))).toEqual(
      new Set(Array.from({ length: 100 }, (_, index) => version + 1 + index)),
    );
    const based = await all(100, (index) =>
      client.call(
        'admin',
        'POST',
        '/form/form/form/v1/save',
        { definition: stored, baseVersion: version + 100 },
        index % 2 ? 'en-US' : 'zh-CN',
      ),
    );
    noServerErrors(based);
    const saved = based.filter((answer) => answer.status === 200);
    expect(saved.map((answer) => answer.body.value)).toEqual([version + 101]);
    const refused = based.filter((answer) => answer.status === 409);
    expect(refused.length).toBe(99);
    const messages = new Set(refused.map((answer) => answer.body.message));
    expect(messages).toEqual(
      new Set([
        `他人已先保存了该表单（当前版本 ${version + 101}），请重新打开后再修改`,
        `Someone else saved this form first (now version ${version + 101}); reopen it and make your change again`,
      ]),
    );
  });

  it('caps a flood of drafts at 200 per user and form, with a clear message', async () => {
    const answers = await all(250, (index) =>
      client.post('emp02', `${base}/boSaveDraft`, {
        templateKey: 'meetingBooking',
        title: `草稿${index}`,
        data: { subject: `草稿${index}` },
      }),
    );
    noServerErrors(answers);
    const kept = answers.filter((answer) => answer.status === 200);
    expect(kept.length).toBe(200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.status === 400)).toBe(true);
    expect(refused[0]!.body.message).toBe('该表单的草稿已达 200 份上限，请先删除不需要的草稿');
    const mine = (await client.post('emp02', `${base}/getMyDraftList`, {
      templateKey: 'meetingBooking',
    })) as unknown as { body: Rows };
    expect(mine.body.total).toBe(200);
    // Saving over a kept draft still works; so does a draft of another form.
    const again = await client.post('emp02', `${base}/boSaveDraft`, {
      templateKey: 'meetingBooking',
      id: kept[0]!.body.value,
      data: { subject: '改过' },
    });
    expect(again.status).toBe(200);
    const other = await client.post('emp02', `${base}/boSaveDraft`, {
      templateKey: 'wfzdrw',
      data: { title: '另一个表单' },
    });
    expect(other.status).toBe(200);
  });

  it('makes distinct ids however many are asked for at once', () => {
    const ids = Array.from({ length: 100_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
  });
});
