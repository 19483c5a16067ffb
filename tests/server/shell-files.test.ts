import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { partPrefix } from '../../server/domain/storage';
import { defaultUploadExtensions } from '../../server/domain/shell/settings';
import { oneDatabase, withServer } from './harness';
import { as, multipart, samples, tokenOf, type FilePart } from './shell-support';

// One database: upload checks (extension, content, size) and their messages (docs/testing.md).
describe.each(oneDatabase)('shell attachments on %s', (kind) => {
  const server = withServer(kind, { MAX_UPLOAD_MB: '1' });
  let tokens: Record<string, string>;
  beforeAll(async () => {
    tokens = {};
    for (const account of ['store01', 'contract01', 'admin']) {
      tokens[account] = await tokenOf(server.app, account);
    }
  });

  const upload = async (
    account: string | null,
    files: FilePart[],
    query = '',
    language = 'zh-CN',
  ) => {
    const body = multipart(files);
    const response = await server.app.inject({
      method: 'POST',
      url: `/portal/system/file/v1/upload${query}`,
      headers: {
        ...body.headers,
        'accept-language': language,
        ...(account ? { authorization: `Bearer ${tokens[account]}` } : {}),
      },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const fileCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores an upload and answers the platform UploadResult', async () => {
    const answer = await upload('store01', [{ name: '陈列照片.png', bytes: samples.png }]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      fileId: expect.stringMatching(/^\d{15,19}$/),
      fileName: '陈列照片.png',
      size: 1536,
      username: '张晓明',
      message: '',
    });
    const download = await server.app.inject({
      method: 'GET',
      url: `/portal/system/file/v1/downloadFile?fileId=${answer.body.fileId}`,
      headers: { authorization: `Bearer ${tokens.store01}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samples.png)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('陈列照片.png')}`,
    );
  });

  it('refuses an extension outside the allowed list with the spec message, storing nothing', async () => {
    const before = await fileCount();
    for (const name of ['page.html', 'logo.svg', 'tool.exe', 'app.js', 'noextension']) {
      const answer = await upload('store01', [{ name, bytes: Buffer.from('hello') }]);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toBe(`上传附件只能是 ${defaultUploadExtensions.join('、')} 格式`);
    }
    const english = await upload(
      'store01',
      [{ name: 'a.html', bytes: Buffer.from('x') }],
      '',
      'en-US',
    );
    expect(english.body.message).toMatch(/^Uploaded attachment can only be doc, docx/);
    expect(await fileCount()).toBe(before);
  });

  it("narrows the allowed list by the control's accept parameter", async () => {
    const refused = await upload(
      'store01',
      [{ name: '合同.pdf', bytes: samples.pdf }],
      '?accept=.jpg,.png,.exe',
    );
    expect(refused.status).toBe(400);
    // .exe never joins the list, whatever the control asks.
    expect(refused.body.message).toBe('上传附件只能是 jpg、png 格式');
    const accepted = await upload(
      'store01',
      [{ name: '合同.pdf', bytes: samples.pdf }],
      '?accept=pdf',
    );
    expect(accepted.body.success).toBe(true);
  });

  it('refuses content that is active or does not match its extension', async () => {
    const before = await fileCount();
    const cases: [string, Buffer, string][] = [
      [
        'photo.png',
        Buffer.from('<html><script>alert(1)</script></html>'),
        '不允许上传网页、脚本或可执行文件',
      ],
      [
        'note.txt',
        Buffer.from('  <svg onload="alert(1)"></svg>'),
        '不允许上传网页、脚本或可执行文件',
      ],
      [
        'data.xml',
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
        '不允许上传网页、脚本或可执行文件',
      ],
      [
        'scan.jpg',
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
        '不允许上传网页、脚本或可执行文件',
      ],
      ['report.pdf', Buffer.from('just some text, not a PDF'), '文件内容与扩展名 .pdf 不符'],
      ['table.xlsx', samples.pdf, '文件内容与扩展名 .xlsx 不符'],
      ['list.csv', Buffer.from([0x41, 0x00, 0x42]), '文件内容与扩展名 .csv 不符'],
      ['empty.txt', Buffer.alloc(0), '不能上传空文件'],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await upload('store01', [{ name, bytes }]);
      expect({ name, status: answer.status, message: answer.body.message }).toEqual({
        name,
        status: 400,
        message,
      });
    }
    expect(await fileCount()).toBe(before);
    // The same kinds with honest content pass.
    for (const [name, bytes] of [
      ['清单.txt', samples.txt],
      ['规则.docx', samples.docx],
    ] as const) {
      expect((await upload('store01', [{ name, bytes }])).body.success).toBe(true);
    }
  });

  it('refuses a file over the size limit, a second file, a wrong field and anonymous callers', async () => {
    const big = await upload('store01', [
      { name: 'big.pdf', bytes: Buffer.concat([samples.pdf, Buffer.alloc(1024 * 1024 + 1)]) },
    ]);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, state: false, message: '上传文件不能超过 1MB' });
    const two = await upload('store01', [
      { name: 'a.png', bytes: samples.png },
      { name: 'b.png', bytes: samples.png },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('每次只能上传一个文件');
    const field = await upload('store01', [{ field: 'upload', name: 'a.png', bytes: samples.png }]);
    expect(field.body.message).toBe('请使用 files 字段上传文件');
    const anonymous = await upload(null, [{ name: 'a.png', bytes: samples.png }]);
    expect(anonymous.status).toBe(401);
  });

  it('judges an upload by its first bytes as they arrive and stores the rest as it comes', async () => {
    const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const folder = join(server.app.deps.config.dataDir, 'files');
    const partSizes = () =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((name) => basename(name).startsWith(partPrefix))
        .map((name) => statSync(join(folder, name)).size);
    /** Sends the multipart body's first bytes and holds the rest until `release`. */
    const sendHeld = (name: string, bytes: Buffer, sent: number) => {
      const body = multipart([{ name, bytes }]);
      const request = httpRequest(`${origin}/portal/system/file/v1/upload`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${tokens.store01}` },
      });
      const answered = new Promise<{ status: number; body: string }>((resolve) =>
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        }),
      );
      request.write(body.payload.subarray(0, sent));
      return { answered, release: () => request.end(body.payload.subarray(sent)) };
    };

    // Markup named .pdf is refused on its first bytes, while the rest is still to come.
    const markup = Buffer.concat([Buffer.from('<html><script>x</script>'), Buffer.alloc(600_000)]);
    const refused = sendHeld('报表.pdf', markup, 100_000);
    expect((await refused.answered).status).toBe(400);
    refused.release();

    // A good file's bytes are in storage before its last byte was sent: none held whole.
    const pdf = Buffer.concat([samples.pdf, Buffer.alloc(900_000, 7)]);
    const held = sendHeld('合同.pdf', pdf, 400_000);
    await expect.poll(() => Math.max(0, ...partSizes())).toBeGreaterThan(200_000);
    held.release();
    const stored = await held.answered;
    expect(stored.status).toBe(200);
    expect(JSON.parse(stored.body).size).toBe(pdf.length);
    expect(partSizes()).toEqual([]);
  });

  it('lists files by id with size in KB (2 decimals), bytes, type and uploader', async () => {
    const png = (await upload('store01', [{ name: 'a.png', bytes: samples.png }])).body.fileId;
    const docx = (await upload('contract01', [{ name: 'b.docx', bytes: samples.docx }])).body
      .fileId;
    const answer = await as(server.app, tokens.admin!)(
      'POST',
      '/portal/system/file/v1/getFileInfos',
      {
        ids: `${docx},missing,${png}`,
      },
    );
    expect(answer.body.value).toEqual([
      expect.objectContaining({
        id: docx,
        name: 'b.docx',
        size: 0.98,
        bytes: 1000,
        type: 'docx',
        username: '李静',
      }),
      expect.objectContaining({
        id: png,
        name: 'a.png',
        size: 1.5,
        bytes: 1536,
        type: 'png',
        username: '张晓明',
      }),
    ]);
    expect(answer.body.value[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const asArray = await as(server.app, tokens.store01!)(
      'POST',
      '/portal/system/file/v1/getFileInfos',
      {
        ids: [png],
      },
    );
    expect(asArray.body.value).toHaveLength(1);
    // Another user's upload is left out like a missing id: its name and uploader are private.
    const mine = await as(server.app, tokens.store01!)(
      'POST',
      '/portal/system/file/v1/getFileInfos',
      { ids: [docx, png] },
    );
    expect(mine.body.value.map((info: { id: string }) => info.id)).toEqual([png]);
  });

  it('lets only the uploader or the admin delete, all or nothing', async () => {
    const own = (await upload('store01', [{ name: 'own.png', bytes: samples.png }])).body.fileId;
    const other = (await upload('contract01', [{ name: 'other.png', bytes: samples.png }])).body
      .fileId;
    const store = as(server.app, tokens.store01!);
    const mixed = await store('DELETE', `/portal/system/file/v1/delete?ids=${own},${other}`);
    expect(mixed.status).toBe(403);
    expect(mixed.body.message).toBe('只能删除自己上传的附件');
    const admin = as(server.app, tokens.admin!);
    const exists = async (id: string) =>
      (await admin('GET', `/portal/system/file/v1/downloadFile?fileId=${id}`)).status;
    expect(await exists(own)).toBe(200);
    expect(await exists(other)).toBe(200);
    const mine = await store('DELETE', `/portal/system/file/v1/delete?ids=${own}`);
    expect(mine.body).toEqual({ state: true, message: '已删除 1 个附件' });
    expect(await exists(own)).toBe(404);
    expect((await admin('DELETE', `/portal/system/file/v1/delete?ids=${other}`)).status).toBe(200);
    expect(await exists(other)).toBe(404);
    // A system file (the tenant's logo) stays, even for the admin.
    const tenant = await server.db
      .selectFrom('tenants')
      .select('logo_file_id')
      .executeTakeFirstOrThrow();
    const inUse = await admin('DELETE', `/portal/system/file/v1/delete?ids=${tenant.logo_file_id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('系统文件不能删除');
    expect(await exists(tenant.logo_file_id!)).toBe(200);
    const unknown = await store('DELETE', '/portal/system/file/v1/delete?ids=nope');
    expect(unknown.status).toBe(404);
    const none = await store('DELETE', '/portal/system/file/v1/delete?ids=,');
    expect(none.body.message).toBe('请至少选择一条记录');
  });

  it('says no document-preview service is configured by default', async () => {
    const answer = await as(server.app, tokens.store01!)(
      'GET',
      '/portal/system/file/v1/previewConfig',
    );
    expect(answer.body.value).toEqual({ enabled: false, url: '' });
  });
});
