import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/people';
import * as storeCitiesEnglish from '../../server/db/migrations/0049-store-cities-english';
import { oneDatabase, seededToday, withServer } from './harness';
import { as, tokenOf } from './shell-support';

// One database: what the home calls show to whom, one request at a time (docs/testing.md).
describe.each(oneDatabase)('shell home dashboard on %s', (kind) => {
  // Read when the routes are registered (server/domain/shell/settings.ts): set while the
  // server starts, and gone once it has.
  beforeAll(() => {
    process.env.REPORT_SERVER_URL = 'https://report.example.test/WebReport/ReportServer/';
    // Two addresses, an intranet and an internet one, as a deployment may give.
    process.env.DOC_PREVIEW_URL = 'https://preview.example.test, http://10.0.0.5:8012/kk';
  });
  const server = withServer(kind);
  afterAll(() => {
    delete process.env.REPORT_SERVER_URL;
    delete process.env.DOC_PREVIEW_URL;
  });
  let call: Record<string, ReturnType<typeof as>>;
  // The seed makes store01's birthday and contract01's fifth anniversary this day.
  const today = seededToday();
  beforeAll(async () => {
    delete process.env.REPORT_SERVER_URL;
    delete process.env.DOC_PREVIEW_URL;
    call = {};
    for (const account of ['store01', 'contract01', 'acct01', 'SZHY10001']) {
      call[account] = as(server.app, await tokenOf(server.app, account));
    }
    call.english = as(server.app, await tokenOf(server.app, 'store01'), 'en-US');
  });

  it('runs the marquee of notices valid today, in order', async () => {
    const answer = await call.store01!(
      'GET',
      '/portal/enterpriseNotice/v1/getShowEnterpriseNotice',
    );
    expect(answer.status).toBe(200);
    const texts = answer.body.value.map((notice: { showInfo: string }) => notice.showInfo);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('12 月结算单已发布');
    expect(texts.join()).not.toContain('已结束');
    const anonymous = await as(server.app, null)(
      'GET',
      '/portal/enterpriseNotice/v1/getShowEnterpriseNotice',
    );
    expect(anonymous.status).toBe(401);
  });

  it('runs the marquee in English for an English reader, the same notices in the same order', async () => {
    const read = async (caller: ReturnType<typeof as>) =>
      (await caller('GET', '/portal/enterpriseNotice/v1/getShowEnterpriseNotice')).body.value.map(
        (notice: { id: string; showInfo: string }) => notice,
      );
    const chinese = await read(call.store01!);
    const english = await read(call.english!);
    expect(english.map((notice: { id: string }) => notice.id)).toEqual(
      chinese.map((notice: { id: string }) => notice.id),
    );
    expect(english[0].showInfo).toContain('December statements');
    for (const notice of english) expect(notice.showInfo).not.toMatch(/\p{Script=Han}/u);
    // A notice without English is shown as typed.
    await server.db
      .updateTable('enterprise_notices')
      .set({ text_en: '' })
      .where('id', '=', english[1].id)
      .execute();
    try {
      expect((await read(call.english!))[1].showInfo).toBe(chinese[1].showInfo);
    } finally {
      await server.db
        .updateTable('enterprise_notices')
        .set({ text_en: english[1].showInfo })
        .where('id', '=', english[1].id)
        .execute();
    }
  });

  it('greets store01 on their birthday and contract01 on their work anniversary, today', async () => {
    const tips = async (account: string) =>
      (await call[account]!('POST', '/portal/bpm/haiyaapi/getHolidayTips')).body.value;
    const store = await tips('store01');
    expect(store.map((tip: { lx: string }) => tip.lx)).toEqual(['birthday', 'festival']);
    expect(store[0]).toMatchObject({ account: 'store01', title: '员工生日' });
    expect(store[0].tcwb).toContain('张晓明');
    const images = JSON.parse(store[0].bjtp) as { id: string; name: string }[];
    expect(images).toHaveLength(2);
    // The backgrounds are public pictures anyone can load.
    const picture = await as(server.app, null)(
      'GET',
      `/portal/system/file/v1/downloadFile?fileId=${images[0]!.id}`,
    );
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.raw.subarray(1, 4).toString()).toBe('PNG');

    const contract = await tips('contract01');
    expect(contract[0]).toMatchObject({ lx: 'anniversary', account: 'contract01' });
    expect(contract[0].tcwb).toBe('李静，今天是您加入海雅的第5周年，感谢一路同行！');
    // Nothing personal for acct01 today; the festival is for everyone, merchants too.
    expect((await tips('acct01')).map((tip: { lx: string }) => tip.lx)).toEqual(['festival']);
    expect((await tips('SZHY10001'))[0]).toMatchObject({ lx: 'festival', title: '海雅缤纷城店庆' });
    const english = (await call.english!('POST', '/portal/bpm/haiyaapi/getHolidayTips')).body.value;
    expect(english[0]).toMatchObject({ title: 'Happy birthday' });
    expect(english[0].tcwb).toContain('happy birthday');
    // The festival's name (the overlay's title) is in English too.
    const merchant = as(server.app, await tokenOf(server.app, 'SZHY10001'), 'en-US');
    expect((await merchant('POST', '/portal/bpm/haiyaapi/getHolidayTips')).body.value[0]).toEqual(
      expect.objectContaining({ lx: 'festival', title: 'Haiya Binfen store anniversary' }),
    );
  });

  it('moves a yearly tip with the calendar: no birthday tip on another day', async () => {
    await server.db
      .updateTable('staff_profiles')
      .set({ birthday: '1990-01-01' })
      .where('user_id', '=', userId(7))
      .execute();
    const tips = (await call.acct01!('POST', '/portal/bpm/haiyaapi/getHolidayTips')).body.value;
    expect(tips.some((tip: { lx: string }) => tip.lx === 'birthday')).toBe(today.endsWith('01-01'));
  });

  it('shows pop-ups by role and date, and a closed one stays closed for that user only', async () => {
    const popups = async (account: string) =>
      (await call[account]!('GET', '/portal/bpm/haiyaapi/getPopups')).body.value;
    const staff = await popups('store01');
    expect(staff.count).toBe(2);
    expect(staff.rows.map((row: { popupType: string }) => row.popupType)).toEqual([
      'tab',
      'dialog',
    ]);
    expect(staff.rows[1]).toMatchObject({
      subject: '各门店营业时间',
      dialogWidth: '800px',
      dialogHeight: '560px',
      url: '/guides/opening-hours.html',
    });
    const merchant = await popups('SZHY10001');
    expect(merchant.rows.map((row: { popupType: string }) => row.popupType)).toEqual([
      'tab',
      'dialog',
      'new',
    ]);
    const dialogId = staff.rows[1].id;
    const closed = await call.store01!('POST', `/portal/bpm/haiyaapi/closePopup?id=${dialogId}`);
    expect(closed.body).toEqual({ state: true, message: '已关闭' });
    expect((await popups('store01')).count).toBe(1);
    expect((await popups('contract01')).count).toBe(2);
    // Closing again is harmless; a pop-up not meant for the caller is not theirs to close.
    expect(
      (await call.store01!('POST', `/portal/bpm/haiyaapi/closePopup?id=${dialogId}`)).status,
    ).toBe(200);
    const merchantOnly = merchant.rows[2].id;
    const foreign = await call.store01!(
      'POST',
      `/portal/bpm/haiyaapi/closePopup?id=${merchantOnly}`,
    );
    expect(foreign.status).toBe(404);
    expect(await server.db.selectFrom('popup_dismissals').select('user_id').execute()).toEqual([
      { user_id: userId(5) },
    ]);
  });

  it("lists the caller's form reminders and deletes only their own", async () => {
    const reminders = async (account: string) =>
      (await call[account]!('GET', '/form/form/formRemindData/v1/getFormRemindDataByUser')).body
        .value;
    const mine = await reminders('store01');
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ opemType: 'dyzl', count: 1 });
    expect(mine[0].subject).toMatch(/^请核对.+的合同打印资料$/);
    // The texts the server composed read in English for an English reader.
    const english = (
      await call.english!('GET', '/form/form/formRemindData/v1/getFormRemindDataByUser')
    ).body.value;
    expect(english[0].id).toBe(mine[0].id);
    expect(english[0].subject).toMatch(/^Check the contract print details of /);
    expect(english[0].content).toMatch(/^The print details of contract \S+ are registered/);
    // Each points at a contract print row of store01's stores.
    const row = await server.db
      .selectFrom('contract_prints')
      .select('store_code')
      .where('id', '=', mine[0].opemId)
      .executeTakeFirstOrThrow();
    expect(['S01', 'S02']).toContain(row.store_code);
    const theirs = (await reminders('contract01'))[0];
    const refused = await call.store01!('DELETE', `/form/form/formRemindData/v1/${theirs.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('未找到该提醒');
    expect(await reminders('contract01')).toHaveLength(1);
    const deleted = await call.store01!('DELETE', `/form/form/formRemindData/v1/${mine[0].id}`);
    expect(deleted.body).toEqual({ state: true, message: '删除成功' });
    expect((await reminders('store01')).map((item: { id: string }) => item.id)).toEqual([
      mine[1].id,
    ]);
  });

  it('gives staff and merchants their own grid of columns with the spec fields', async () => {
    const layout = async (account: string) =>
      (await call[account]!('GET', '/portal/bpm/haiyaapi/getHomeLayout')).body.value;
    const staff = await layout('store01');
    expect(staff.name).toBe('员工首页');
    expect(staff.columns.map((column: { alias: string }) => column.alias)).toEqual([
      'counters',
      'todo',
      'attendance',
      'favouriteApps',
      'notices',
      'news',
      // The home widgets (issue 15).
      'shortcuts',
      'meetings',
      'messages',
      'newsCarousel',
      // The chart columns (issue 15), below them; overdueChart is the administrators' only.
      'salesChart',
      'tasksChart',
      'newsDigest',
    ]);
    expect(staff.columns[1]).toMatchObject({
      name: '待办事项',
      widget: 'todo',
      dataFrom: '{bpmRunTime}/runtime/task/v1/getTodoList',
      requestType: 'POST',
      needPage: true,
      colHeight: 380,
      displayRights: true,
      x: 0,
      y: 2,
      w: 8,
      h: 6,
    });
    expect(staff.widgets).toContain('customQuery');
    const merchant = await layout('SZHY10001');
    expect(merchant.columns.map((column: { alias: string }) => column.alias)).toEqual([
      'notices',
      'merchantService',
      'storeList',
    ]);
    const html = merchant.columns[1];
    expect(Buffer.from(html.templateHtml, 'base64').toString('utf8')).toContain('商户服务中心');
    // English readers get the card, and the store table's labels, in English.
    const english = as(server.app, await tokenOf(server.app, 'SZHY10001'), 'en-US');
    const englishLayout = (await english('GET', '/portal/bpm/haiyaapi/getHomeLayout')).body.value;
    const card = Buffer.from(englishLayout.columns[1].templateHtml, 'base64').toString('utf8');
    expect(card).toContain('Merchant service centre');
    expect(card).not.toMatch(/[\u3400-\u9fff]/);
    const stores = (await english('POST', '/form/form/customQuery/v1/getByAlias?alias=storeList'))
      .body;
    for (const text of [stores.displayfield, stores.conditionfield]) {
      const fields = JSON.parse(text) as { comment: string; commentEn: string }[];
      expect(fields.map((field) => field.commentEn)).toEqual(
        fields.map(() => expect.stringMatching(/^[A-Z][a-z ]+$/)),
      );
    }
  });

  it("names the merchant's stores and their cities in English, and finds them by the English city", async () => {
    const english = as(server.app, await tokenOf(server.app, 'SZHY10001'), 'en-US');
    const stores = async (body: object, caller = english) =>
      (await caller('POST', '/form/form/customQuery/v1/doQuery?alias=storeList&page=1', body)).body
        .rows as { storeCode: string; storeName: string; city: string }[];
    const rows = await stores({});
    expect(rows.map((row) => [row.storeCode, row.city])).toEqual([
      ['S01', 'Shenzhen'],
      ['S02', 'Huizhou'],
      ['S03', 'Shenzhen'],
      ['S04', 'Dongguan'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/[\u3400-\u9fff]/);
    expect((await stores({ city: 'Shenzhen' })).map((row) => row.storeCode)).toEqual([
      'S01',
      'S03',
    ]);
    // Chinese readers keep the Chinese city, and a store without an English city shows its own.
    expect((await stores({}, call.SZHY10001!)).map((row) => row.city)).toEqual([
      '深圳',
      '惠州',
      '深圳',
      '东莞',
    ]);
    await server.db.updateTable('stores').set({ city_en: '' }).execute();
    expect((await stores({})).map((row) => row.city)).toEqual(['深圳', '惠州', '深圳', '东莞']);
    // A database seeded before: the migration gives the seeded cities their English names.
    await storeCitiesEnglish.up(server.db as never);
    expect((await stores({})).map((row) => row.city)).toEqual(rows.map((row) => row.city));
  });

  it('serves columns by alias and in batches, with display rights per caller', async () => {
    const one = await call.SZHY10001!('GET', '/portal/bpm/haiyaapi/getColumnByAlias?alias=todo');
    expect(one.body.value).toMatchObject({ alias: 'todo', displayRights: false });
    const batch = await call.store01!('POST', '/portal/bpm/haiyaapi/getColumnByAliasBatch', {
      alias: 'news,nope,todo,merchantService',
    });
    expect(
      batch.body.value.map((column: { alias: string; displayRights: boolean }) => [
        column.alias,
        column.displayRights,
      ]),
    ).toEqual([
      ['news', true],
      ['todo', true],
      ['merchantService', false],
    ]);
    const missing = await call.store01!('GET', '/portal/bpm/haiyaapi/getColumnByAlias?alias=nope');
    expect(missing.status).toBe(404);
  });

  it('answers the report-server address with the hidden form fields from the session', async () => {
    const target = await call.store01!('GET', '/portal/bpm/haiyaapi/getReportUrl?alias=salesDaily');
    const tenant = await server.db
      .selectFrom('users')
      .select('tenant_id')
      .where('id', '=', userId(5))
      .executeTakeFirstOrThrow();
    expect(target.body.value).toEqual({
      alias: 'salesDaily',
      name: '销售日报',
      url: 'https://report.example.test/WebReport/ReportServer/haiya/sales_daily.cpt',
      method: 'POST',
      fields: { account: 'store01', DTID: tenant.tenant_id },
    });
    const missing = await call.store01!('GET', '/portal/bpm/haiyaapi/getReportUrl?alias=nope');
    expect(missing.status).toBe(404);
  });

  it('tells the browser where the document-preview service is', async () => {
    const answer = await call.store01!('GET', '/portal/system/file/v1/previewConfig');
    expect(answer.body.value).toEqual({
      enabled: true,
      url: 'https://preview.example.test, http://10.0.0.5:8012/kk',
    });
    // The page may ask either of them for a preview, and nothing else outside.
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain(
      "connect-src 'self' https://preview.example.test http://10.0.0.5:8012;",
    );
  });
});
