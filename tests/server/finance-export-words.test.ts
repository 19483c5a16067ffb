import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, oneDatabase, startTestServer, type TestServer } from './harness';
import { encodeParam, loginAll, rows } from './finance-support';

/**
 * Issue 36, part 5: exports speak words. A code column's words come with the column, in the
 * reader's language, as the list shows them (确认状态 已确认/未确认, not 1/0), and the file
 * holds the words; a code without a word stays as it is.
 */
const exportPath = '/bpm-runtime/bpm/atriumScript/exportSql';

describe.each(oneDatabase)('exports in words on %s', (kind) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await loginAll(server.app);
  });
  afterAll(() => server.close());

  const csvOf = (labels: Record<string, string>, language: string) =>
    server.app.inject({
      method: 'POST',
      url: exportPath,
      headers: { ...bearer(tokens.SZHY10001!), 'accept-language': language },
      payload: {
        param: encodeParam({
          query: 'statement.lyfyjsd',
          sort: [{ field: 'ID', direction: 'asc' }],
        }),
        format: 'csv',
        title: 'notices',
        columns: [
          { field: 'ID', title: 'ID' },
          { field: 'CONFIRM', title: language === 'en-US' ? 'Confirmed' : '确认状态', labels },
        ],
      },
    });

  it('writes 已确认 and 未确认 (or the English words) where the data holds 1 and 0', async () => {
    const stored = await rows<{ id: string; confirmed: boolean }>(
      server.db,
      `select id, confirm_date is not null as confirmed from joint_fee_notices
       where merchant_code = '10001' order by id`,
    );
    expect(new Set(stored.map((row) => row.confirmed))).toEqual(new Set([true, false]));
    for (const [language, yes, no] of [
      ['zh-CN', '已确认', '未确认'],
      ['en-US', 'Confirmed', 'Not confirmed'],
    ] as const) {
      const response = await csvOf({ '1': yes, '0': no }, language);
      expect(response.statusCode).toBe(200);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines.slice(1)).toEqual(stored.map((row) => `${row.id},${row.confirmed ? yes : no}`));
    }
    // Without words the codes stay, and a word may not carry control characters.
    const raw = await csvOf({}, 'zh-CN');
    expect(raw.body).toMatch(/,[01]\r\n/);
    const bad = await csvOf({ '1': 'ok\u0007' }, 'zh-CN');
    expect(bad.statusCode).toBe(400);
  });
});
