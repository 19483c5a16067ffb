import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealFileId } from '../../server/db/seed/print';
import { seedId } from '../../server/db/seed/ids';
import { fingerprint, loginAll, rows } from './finance-support';
import { bearer, oneDatabase, login, startTestServer, type TestServer } from './harness';
import { as, multipart, samples } from './shell-support';

/**
 * Issue 9, items 7-11: reading what belongs to others. Files by id, a user who must first
 * change their password, staff-only news, the store role and statements, upload names.
 */
const download = (id: string) => `/portal/system/file/v1/downloadFile?fileId=${id}`;
const fileType = (id: string) => `/portal/bpm/aliasScript/v1/execute/FileType?id=${id}`;
const staffNews = '内部通知：员工年度体检安排';

describe.each(oneDatabase)('private data on %s', (kind) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await loginAll(server.app);
    tokens.newhire = await login(server.app, 'newhire', 'Temp#2026');
    tokens.emp01 = await login(server.app, 'emp01', 'Staff#2026');
  });
  afterAll(() => server.close());

  const call = (account: string | null) => as(server.app, account ? tokens[account]! : null);
  /** Uploads as a demo account (by name) or with a token. */
  const upload = async (who: string, name: string, bytes: Buffer) => {
    const body = multipart([{ name, bytes }]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/portal/system/file/v1/upload',
      headers: { ...bearer(tokens[who] ?? who), ...body.headers },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('7. the finance seal downloads for nobody but the administrator', async () => {
    for (const account of ['newhire', 'SZHY10001', 'store01', 'acct01', 'emp01']) {
      const answer = await call(account)('GET', download(sealFileId));
      expect({ account, status: answer.status }).toEqual({
        account,
        status: account === 'newhire' ? 403 : 404,
      });
      expect((await call(account)('POST', fileType(sealFileId))).status).not.toBe(200);
    }
    expect((await call('admin')('GET', download(sealFileId))).status).toBe(200);
  });

  it("7. another merchant's upload neither downloads nor shows its uploader", async () => {
    const own = await upload('SZHY10002', '悦茶门头照.png', samples.png);
    expect(own.status).toBe(200);
    const fileId = own.body.fileId as string;
    expect((await call('SZHY10002')('GET', download(fileId))).status).toBe(200);
    for (const account of ['SZHY10001', 'store01', 'emp01']) {
      expect((await call(account)('GET', download(fileId))).status).toBe(404);
      expect((await call(account)('POST', fileType(fileId))).status).toBe(404);
      const infos = await call(account)('POST', '/portal/system/file/v1/getFileInfos', {
        ids: [fileId],
      });
      expect(infos.body.value).toEqual([]);
    }
    expect((await call(null)('GET', download(fileId))).status).toBe(401);
    expect((await call('admin')('GET', download(fileId))).status).toBe(200);
  });

  it('7. a file attached to a workflow action is read by those who read the instance', async () => {
    const staff = (account: string) => login(server.app, account, 'Staff#2026');
    const emp02 = await staff('emp02');
    const lead01 = await staff('lead01');
    const fileId = (await upload(emp02, '病假条.pdf', samples.pdf)).body.fileId as string;
    // Someone else cannot attach it (and so publish it) to their own instance.
    const data = Buffer.from(
      JSON.stringify({
        leaveType: 'annual',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        days: 1,
        reason: 'x',
      }),
    ).toString('base64');
    const started = await server.app.inject({
      method: 'POST',
      url: '/bpm-runtime/runtime/instance/v1/start',
      headers: bearer(emp02),
      payload: { flowKey: 'leave', data },
    });
    const instId = started.json().instId as string;
    const [task] = await rows<{ id: string }>(
      server.db,
      `select t.id from wf_tasks t where t.inst_id = '${instId}' and t.status <> 'done' limit 1`,
    );
    const complete = (token: string, attached: string) =>
      server.app.inject({
        method: 'POST',
        url: '/bpm-runtime/runtime/task/v1/complete',
        headers: bearer(token),
        payload: {
          taskId: task!.id,
          actionName: 'agree',
          opinion: '同意',
          files: JSON.stringify([{ id: attached, name: 'x' }]),
        },
      });
    const stolen = await complete(lead01, fileId);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(`附件不存在：${fileId}`);
    // The approver's own file, attached to the opinion, is read by the applicant...
    const leadFile = (await upload(lead01, '审批说明.pdf', samples.pdf)).body.fileId as string;
    expect((await complete(lead01, leadFile)).statusCode).toBe(200);
    const byApplicant = await server.app.inject({
      url: download(leadFile),
      headers: bearer(emp02),
    });
    expect(byApplicant.statusCode).toBe(200);
    // ...and by nobody outside the instance.
    for (const account of ['SZHY10001', 'emp01']) {
      expect((await call(account)('GET', download(leadFile))).status).toBe(404);
      expect((await call(account)('GET', download(fileId))).status).toBe(404);
    }
  });

  it('8. a user who must change the password reads no private data through public routes', async () => {
    const handbookNews = seedId(6, 1);
    const [invoice] = await rows<{ id: string }>(
      server.db,
      `select pdf_file_id as id from invoices limit 1`,
    );
    const newhire = call('newhire');
    expect((await newhire('GET', download(invoice!.id))).status).toBe(403);
    expect((await newhire('GET', download(invoice!.id))).body.message).toBe('请先修改密码');
    expect((await newhire('POST', fileType(invoice!.id))).status).toBe(403);
    const list = await newhire('GET', '/portal/portalNewsNotice/v1/getNews');
    expect(list.status).toBe(200);
    expect(list.body.map((item: { title: string }) => item.title)).not.toContain(staffNews);
    // Read marks are a signed-in reader's: such a user is a visitor here.
    expect(list.body.every((item: { status: string }) => item.status === '')).toBe(true);
    const one = await newhire('GET', `/portal/portalNewsNotice/v1/getNewsById?id=${handbookNews}`);
    expect(one.body.status).toBe('');
  });

  it('9. staff-only news reaches staff and no merchant or visitor', async () => {
    const titles = async (account: string | null) =>
      (await call(account)('GET', '/portal/portalNewsNotice/v1/getNews')).body.map(
        (item: { title: string }) => item.title,
      );
    expect(await titles('emp01')).toContain(staffNews);
    expect(await titles('admin')).toContain(staffNews);
    for (const account of ['SZHY10001', 'SZHY10002', null]) {
      expect(await titles(account)).not.toContain(staffNews);
    }
    const [item] = await rows<{ id: string }>(
      server.db,
      `select id from news where title = '${staffNews}'`,
    );
    const byId = `/portal/portalNewsNotice/v1/getNewsById?id=${item!.id}`;
    expect((await call('SZHY10001')('GET', byId)).status).toBe(404);
    expect((await call('emp01')('GET', byId)).status).toBe(200);
    const mark = await call('SZHY10001')(
      'POST',
      `/bpm-runtime/message/SaveNewsItem?id=${item!.id}`,
    );
    expect(mark.status).not.toBe(200);
  });

  it('10. the store role reads no statements, and tags no row with a vendor foreign to the store', async () => {
    const query = (descriptor: object) =>
      call('store01')(
        'GET',
        `/bpm-runtime/bpm/atriumScript/executeSql?param=${Buffer.from(
          JSON.stringify(descriptor),
        ).toString('base64')}`,
      );
    for (const name of [
      'statement.lyfyjsd',
      'statement.yjfytzd',
      'statement.zlfymxd',
      'statement.fkqkd',
    ]) {
      const answer = await query({ query: name });
      expect({ name, total: answer.body.total }).toEqual({ name, total: 0 });
    }
    // store01 holds S01 and S02; SZHY10002 trades in S03 and S04 only.
    const before = await fingerprint(server.db);
    const save = await call('store01')('POST', '/form/form/dataTemplate/v1/boSave/dyzl', {
      F_MDID: 'S01',
      F_GYSDM: '10002',
      F_GYSMC: '广州市悦茶餐饮管理有限公司',
      F_PPMC: '悦茶',
      F_HTH: 'HT-2099-S01-9999',
      F_LXR: '张三',
      F_LXSJH: '13800000009',
      F_ZSRY: '李四',
      F_ZSRYSJH: '13800000008',
    });
    expect(save.status).toBe(400);
    expect(save.body.message).toBe('该往来单位在所选门店没有合同，不能登记');
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('11. checks an upload name as it is stored, its content by magic bytes, and refuses NUL', async () => {
    const before = await rows(server.db, 'select count(*)::int as n from files');
    const long = `${'a'.repeat(186)}.html.png`;
    expect(long.length).toBe(195);
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const cases: [string, Buffer, number][] = [
      [long, html, 400],
      [`${'b'.repeat(300)}.html`, samples.png, 400],
      ['photo\u0000.png', samples.png, 400],
      ['fake.png', samples.pdf, 400],
      ['fake.pdf', samples.png, 400],
    ];
    for (const [name, bytes, status] of cases) {
      const answer = await upload('SZHY10001', name, bytes);
      expect({ name: name.slice(-12), status: answer.status }).toEqual({
        name: name.slice(-12),
        status,
      });
    }
    expect(await rows(server.db, 'select count(*)::int as n from files')).toEqual(before);
    // A long, honest name keeps its extension when it is shortened.
    const kept = await upload('SZHY10001', `${'报'.repeat(250)}.png`, samples.png);
    expect(kept.status).toBe(200);
    expect(kept.body.fileName).toMatch(/^报+\.png$/);
    expect([...kept.body.fileName].length).toBe(200);
    const [stored] = await rows<{ extension: string }>(
      server.db,
      `select extension from files where id = '${kept.body.fileId}'`,
    );
    expect(stored!.extension).toBe('png');
  });
});
