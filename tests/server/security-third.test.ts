import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededFileIds } from '../../server/db/seed/ids';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { localStorage } from '../../server/domain/storage';
import { uploadQuotaSetting } from '../../server/domain/upload-quota';
import { newId } from '../../server/lib/ids';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { inspectionRecord } from './form-fixtures';
import { as, multipart, samples, tokenOf } from './shell-support';

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema?: { type?: string; enum?: unknown[]; anyOf?: { type?: string }[] };
}
interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; responses?: Record<string, { content?: object }> }>
  >;
}

/** A value for a parameter: an id nobody has for anything id-like, else a plain value. */
function unknownValue(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  if (schema.enum?.length) return String(schema.enum[0]);
  const type = schema.type ?? schema.anyOf?.[0]?.type;
  if (/id$|ids$|key$/i.test(parameter.name)) return newId();
  if (type === 'integer' || type === 'number') return '1';
  if (type === 'boolean') return 'false';
  return 'x';
}

/** The path with unknown ids in its parameters and required query parameters filled in. */
function withUnknownIds(path: string, parameters: Parameter[]): string {
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, unknownValue(parameter));
    else if (parameter.in === 'query' && (parameter.required || /id$/i.test(parameter.name)))
      query.set(parameter.name, unknownValue(parameter));
  }
  return query.size ? `${url}?${query.toString()}` : url;
}

/**
 * Issue 34, the third security round: items 10, 12, 13 and 14 (regex rules on the server,
 * unknown ids, what a stranger can learn from a file id, upload quotas), and 15: pictures
 * resized from hostile uploads. Single sign-on (1) is
 * in sso.test.ts and e2e/deployment-services.test.ts, uploads that parse (3) in bounded-imports.test.ts, the regex reading in
 * tests/unit/core/rule-string.test.ts.
 */
describe.each(databaseKinds)('third security round on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const account of [
      'SZHY10001',
      'SZHY10002',
      'SZHY10003',
      'admin',
      'store01',
      'contract01',
      'acct01',
    ])
      tokens[account] = await tokenOf(server.app, account);
  });
  afterAll(() => server.close());

  const call = (account: string | null, language = 'zh-CN', app = server.app) =>
    as(app, account ? tokens[account]! : null, language);
  const upload = async (
    account: string,
    name: string,
    bytes: Buffer,
    language = 'zh-CN',
    app = server.app,
  ) => {
    const body = multipart([{ name, bytes }]);
    return call(account, language, app)(
      'POST',
      '/portal/system/file/v1/upload',
      body.payload,
      body.headers,
    );
  };
  /** Uploads one file and answers its id. */
  const uploaded = async (account: string, name: string, bytes: Buffer) =>
    ((await upload(account, name, bytes)).body as { fileId: string }).fileId;
  /** What an administrator sets in system_settings; it applies at once, to every process. */
  const setQuota = (mbPerDay: number, perMinute: number) =>
    sql`insert into system_settings (key, value)
        values (${uploadQuotaSetting}, ${JSON.stringify({ mbPerDay, perMinute })})
        on conflict (key) do update set value = excluded.value`.execute(server.db);
  const filesOf = async (account: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from files f join users u on u.id = f.uploader_id
          where u.account = ${account}`.execute(server.db)
      ).rows[0]!.n,
    );
  /** Every object in a local storage folder, part files included. */
  const objectsIn = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  const keysOf = async (account: string) =>
    (
      await sql<{ key: string }>`select f.storage_key as key from files f
        join users u on u.id = f.uploader_id where u.account = ${account}`.execute(server.db)
    ).rows.map((row) => row.key);
  /** A PDF of about `kib` KiB. */
  const pdf = (kib: number) =>
    Buffer.concat([samples.pdf, Buffer.alloc(kib * 1024 - samples.pdf.length, 0x20)]);

  const streams = (operation: { responses?: Record<string, { content?: object }> }) =>
    'text/event-stream' in (operation.responses?.['200']?.content ?? {});

  it('12. no GET route answers 500 for ids that do not exist, to anyone', async () => {
    const document = (await call(null)('GET', '/docs/json')).body as OpenApi;
    const failures: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const get = operations.get;
      // Refreshing ends the token it was called with; the rest only read. An event stream
      // never ends (tests/server/live.test.ts covers its answers).
      if (!get || path.endsWith('/refresh') || streams(get)) continue;
      for (const account of ['admin', 'SZHY10001']) {
        const url = withUnknownIds(path, get.parameters ?? []);
        const answer = await call(account)('GET', url);
        // 503 is single sign-on saying it is off, a designed answer; a 500 never is.
        if (answer.status >= 500 && answer.status !== 503)
          failures.push(`${account} ${url}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(document.paths['/bpm-runtime/runtime/taskFollow/v1/getFollowedNode']).toBeDefined();
    const followed = await call('admin', 'en-US')(
      'GET',
      `/bpm-runtime/runtime/taskFollow/v1/getFollowedNode?instId=${newId()}`,
    );
    expect([followed.status, followed.body.message]).toEqual([404, 'Process instance not found']);
  });

  it('13. a stranger gets the same answer for a private file and a missing one', async () => {
    const privateId = (await upload('SZHY10002', '门头照.png', samples.png)).body.fileId as string;
    const missing = [newId(), '1', '0', 'abc', '9'.repeat(64), `${privateId.slice(0, -1)}0`];
    const forged = { authorization: 'Bearer not.a.token' };
    const answers = async (id: string) =>
      Promise.all([
        call(null)('GET', `/portal/system/file/v1/downloadFile?fileId=${id}`),
        call(null)('POST', `/portal/bpm/aliasScript/v1/execute/FileType?id=${id}`),
        call(null)('GET', `/portal/system/file/v1/downloadFile?fileId=${id}`, undefined, forged),
        call(null, 'en-US')('GET', `/portal/system/file/v1/downloadFile?fileId=${id}`),
      ]).then((list) => list.map((answer) => ({ status: answer.status, body: answer.body })));
    const forPrivate = await answers(privateId);
    expect(forPrivate.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(forPrivate[0]!.body.message).toBe('请先登录');
    for (const id of missing)
      expect({ id, answers: await answers(id) }).toEqual({ id, answers: forPrivate });
    // Signed in, someone else's file and a missing one are alike too (404), and the owner reads it.
    const other = call('SZHY10001');
    const theirs = await other('GET', `/portal/system/file/v1/downloadFile?fileId=${privateId}`);
    const none = await other('GET', `/portal/system/file/v1/downloadFile?fileId=${missing[0]}`);
    expect([theirs.status, theirs.body]).toEqual([404, none.body]);
    expect(none.status).toBe(404);
    expect(
      (await call('SZHY10002')('GET', `/portal/system/file/v1/downloadFile?fileId=${privateId}`))
        .status,
    ).toBe(200);
  });

  it("14. a day's upload allowance is refused past its end, with a message, storing nothing", async () => {
    await setQuota(1, 1000);
    const before = await filesOf('SZHY10003');
    for (let n = 0; n < 3; n++)
      expect((await upload('SZHY10003', `账单${n}.pdf`, pdf(300))).status).toBe(200);
    const over = await upload('SZHY10003', '账单3.pdf', pdf(300));
    expect([over.status, over.body]).toEqual([
      429,
      {
        success: false,
        state: false,
        message: '今日上传额度不足：每天最多 1MB，今日已用 0.9MB，本文件 0.3MB，请明天再试',
      },
    ]);
    const english = await upload('SZHY10003', 'bill.pdf', pdf(300), 'en-US');
    expect(english.body.message).toBe(
      "Not enough of today's upload allowance left: 1 MB a day, 0.9 MB used today, this file 0.3 MB; please try again tomorrow",
    );
    // A small file still fits what is left.
    expect((await upload('SZHY10003', 'note.txt', samples.txt)).status).toBe(200);
    expect(await filesOf('SZHY10003')).toBe(before + 4);
    // Another user's day is their own.
    expect((await upload('acct01', '凭证.pdf', pdf(300))).status).toBe(200);
  });

  it('14. uploads per minute are limited, and 100 at once store no more than the limit', async () => {
    await setQuota(1000, 7);
    const before = await filesOf('store01');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) => upload('store01', `照片${n}.png`, samples.png)),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(7);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(new Set(refused.map((answer) => answer.status))).toEqual(new Set([429]));
    expect(refused[0]!.body.message).toMatch(
      /^上传过于频繁：每分钟最多上传 7 个文件，请 \d+ 秒后再试$/,
    );
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await filesOf('store01')).toBe(before + 7);
  });

  it('14. 100 uploads at once overshoot the day by nothing, whichever process takes them', async () => {
    // A second server process on the same database: nothing of the count is in memory.
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-second-'));
    const second: FastifyInstance = await buildApp(
      {
        config: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-for-atrium-tests-only' }),
        db: server.db,
        storage: localStorage(join(dataDir, 'files')),
      },
      { logger: false },
    );
    const secondFiles = join(dataDir, 'files');
    try {
      await setQuota(1, 1000);
      const before = await filesOf('contract01');
      const keysBefore = new Set(await keysOf('contract01'));
      const objectsBefore = new Set(objectsIn(server.filesDir));
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          upload('contract01', `合同${n}.pdf`, pdf(100), 'zh-CN', n % 2 ? second : server.app),
        ),
      );
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      // 1 MiB a day holds ten files of 100 KiB, and not an eleventh.
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
      expect(await filesOf('contract01')).toBe(before + 10);
      const stored = await sql<{ bytes: number }>`select bytes::float8 as bytes from upload_usage u
        join users on users.id = u.user_id where users.account = 'contract01'`.execute(server.db);
      expect(stored.rows[0]!.bytes).toBe(10 * 100 * 1024);
      // The 90 refused files were streamed in and removed again: the two folders hold the ten
      // stored files and nothing else, no part file left behind.
      const newKeys = (await keysOf('contract01')).filter((key) => !keysBefore.has(key));
      const newObjects = [
        ...objectsIn(server.filesDir).filter((key) => !objectsBefore.has(key)),
        ...objectsIn(secondFiles),
      ];
      expect(newObjects.sort()).toEqual(newKeys.sort());
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
      await setQuota(200, 30);
    }
  });

  it('15. serves a picture as WebP at a width pages draw it, made once, never enlarged', async () => {
    const picture = async (fileId: string, width: number, account?: string, language = 'zh-CN') => {
      const answer = await call(account ?? null, language)(
        'GET',
        `/portal/system/file/v1/picture?fileId=${fileId}&pixelWidth=${width}`,
      );
      return { ...answer, message: (answer.body as { message?: string }).message };
    };
    const sizeOf = async (bytes: Buffer) => {
      const { format, width } = await sharp(bytes).metadata();
      return { format, width };
    };
    // The news poster (public, 960 px wide, a PNG of 234 KB), to a visitor.
    const poster = seededFileIds.poster;
    const small = await picture(poster, 640);
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sizeOf(small.raw)).toEqual({ format: 'webp', width: 640 });
    expect(small.raw.length).toBeLessThan(40_000);
    expect((await sizeOf((await picture(poster, 1280)).raw)).width).toBe(960);
    // Twenty asking at once for a width not made yet get the same bytes, made once and kept.
    const variants = () =>
      readdirSync(join(server.filesDir, 'pictures'), { recursive: true }).filter((name) =>
        String(name).startsWith(`${poster.slice(-2)}/${poster}-`),
      );
    expect(variants()).toHaveLength(2);
    const together = await Promise.all(Array.from({ length: 20 }, () => picture(poster, 320)));
    expect(new Set(together.map((answer) => answer.raw.toString('base64'))).size).toBe(1);
    expect(variants()).toHaveLength(3);

    // Only the listed widths, in words; a file that is not a picture; another's private one.
    const odd = await picture(poster, 500);
    expect([odd.status, odd.message]).toEqual([400, '图片宽度（像素）：不是可选的值']);
    const notPicture = await picture(
      await uploaded('store01', '说明.pdf', samples.pdf),
      640,
      'store01',
      'en-US',
    );
    expect([notPicture.status, notPicture.message]).toEqual([
      415,
      'This file is not a picture that can be resized (PNG, JPG, GIF or WebP)',
    ]);
    const shopFront = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#c33' },
    })
      .png()
      .toBuffer();
    const own = await uploaded('store01', '门头.png', shopFront);
    expect((await picture(own, 320)).status).toBe(401);
    expect((await picture(own, 320, 'contract01')).status).toBe(404);
    expect((await picture(own, 320, 'store01')).headers['cache-control']).toBe('private, no-store');
    // An id is looked up, never made a path: a climb out of the folder finds nothing, and a
    // NUL byte is refused in words before anything is looked up.
    for (const climb of [`..%2F..%2F${own}`, `${own.slice(0, -2)}%2F..`, `pictures%2F${own}`]) {
      expect((await picture(climb, 320, 'store01')).status).toBe(404);
    }
    for (const nul of [`${own}%00`, '%00']) {
      const answer = await picture(nul, 320, 'store01');
      expect([answer.status, typeof answer.message]).toEqual([400, 'string']);
    }

    // A picture that cannot be read, or would open to 64 megapixels, is refused with a message.
    const broken = await uploaded('store01', '坏图.png', samples.png);
    expect((await picture(broken, 640, 'store01')).status).toBe(422);
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bombId = await uploaded('store01', '大图.png', bomb);
    const refused = await picture(bombId, 640, 'store01');
    expect([refused.status, refused.message]).toEqual([422, '图片无法读取或过大，请重新上传']);

    // A removed picture takes its variants with it.
    const ownKeys = () =>
      readdirSync(join(server.filesDir, 'pictures'), { recursive: true }).filter((name) =>
        String(name).includes(own),
      );
    expect(ownKeys()).toHaveLength(1);
    await call('store01')('DELETE', `/portal/system/file/v1/delete?ids=${own}`);
    expect(ownKeys()).toHaveLength(0);
  });

  it('10. a regex rule that could hold the server is refused when saved, and bounded when run', async () => {
    const form = '/form/form/form/v1';
    const records = '/form/form/dataTemplate/v1';
    const current = (await call('admin')('GET', `${form}/getByKey?formKey=inspection`)).body
      .value as { version: number; definition: { fields: Record<string, unknown>[] } };
    const fields = current.definition.fields.map(({ options: _choices, ...field }) => field);
    const withRemarksRule = (rules: string) => ({
      ...current.definition,
      fields: fields.map((field) => (field.name === 'remarks' ? { ...field, rules } : field)),
    });
    const save = (rules: string, language = 'zh-CN') =>
      call('admin', language)('POST', `${form}/save`, { definition: withRemarksRule(rules) });
    for (const pattern of ['^(a+)+$', '/^(\\d+\\.)+$/', '^(a|ab)*c$']) {
      const refused = await save(`maxLength:500|regex:${pattern}`);
      expect([refused.status, refused.body.message]).toEqual([
        400,
        '字段 remarks 的正则表达式可能使服务器长时间卡住（重复的分组里不能再有次数可变的重复、分支或反向引用），请简化',
      ]);
    }
    expect((await save('regex:^(a+)+$', 'en-US')).body.message).toMatch(
      /^The regular expression of field remarks could hold the server/,
    );
    const version = async () =>
      (await call('admin')('GET', `${form}/getByKey?formKey=inspection`)).body.value.version;
    expect(await version()).toBe(current.version);

    const saveRecord = (remarks: string) =>
      call('admin')('POST', `${records}/boSave/inspection`, inspectionRecord({ remarks }));
    const timed = async (remarks: string) => {
      const started = performance.now();
      const answer = await saveRecord(remarks);
      return { answer, ms: performance.now() - started };
    };
    // A polynomial pattern passes the check on saving; on the server its match has a time bound.
    expect((await save('maxLength:500|regex:^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*x$')).status).toBe(
      200,
    );
    const slow = await timed('1'.repeat(300));
    expect([slow.answer.status, slow.answer.body.message]).toEqual([
      400,
      '备注：格式规则过于复杂，请联系管理员修改',
    ]);
    expect(slow.ms).toBeLessThan(5000);
    // A form saved before the check, with ^(a+)+$: the pattern is never run, 30 characters or not.
    await sql`update form_defs set definition = ${JSON.stringify(withRemarksRule('regex:^(a+)+$'))}
      where form_key = 'inspection' and version = (select max(version) from form_defs where form_key = 'inspection')`.execute(
      server.db,
    );
    const before = await sql<{
      n: string;
    }>`select count(*) as n from form_records where form_key = 'inspection'`.execute(server.db);
    const exponential = await timed(`${'a'.repeat(30)}!`);
    expect([exponential.answer.status, exponential.answer.body.message]).toEqual([
      400,
      '备注：格式规则过于复杂，请联系管理员修改',
    ]);
    expect(exponential.ms).toBeLessThan(5000);
    const after = await sql<{
      n: string;
    }>`select count(*) as n from form_records where form_key = 'inspection'`.execute(server.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
