import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, login, withServer } from './harness';
import { as, multipart, samples, tokenOf } from './shell-support';

/**
 * Calls the spec names that an integration expects (docs/directory.md, "The spec's other
 * user-centre calls"; docs/shell-api.md, "Dictionaries and numbering"): the tenant search,
 * the current org and post, users with their main post, a group's users, jobs, a flow's icon
 * by name, a dictionary for a select, the next number of a numbering rule and a file's extra
 * property. Each on both databases: signed in only, the caller's own, refusals in words.
 */
const uc = '/uc/api/user/v1';
const calls: [string, string, unknown?][] = [
  ['POST', '/uc/uc/tenantManage/v1/listJson', {}],
  ['POST', `${uc}/user/putInCacheOrgPost`, { orgId: 'x' }],
  ['POST', `${uc}/user/getCacheByKeyOrgPost`, {}],
  ['POST', `${uc}/users/queryUserWithMainOrgPost`, {}],
  ['POST', `${uc}/users/loadUsersByGropuId`, { groupId: 'x' }],
  ['POST', '/uc/api/job/v1/jobs/getJobPage', {}],
  ['GET', '/bpm-runtime/runtime/instance/v1/getIconByName?name=x'],
  ['GET', '/portal/sys/dataDict/v1/getByTypeKeyForComBo?typeKey=stores'],
  ['GET', '/portal/sys/identity/v1/getNextIdByAlias?alias=meetingNo'],
  ['POST', '/portal/system/file/v1/updateFileExtraProp', { fileId: 'x', extraProp: 'x' }],
];

interface Page<T> {
  rows: T[];
  total: number;
  pageSize: number;
}

describe.each(databaseKinds)('the spec calls an integration expects, on %s', (kind) => {
  const server = withServer(kind);
  let emp01: ReturnType<typeof as>;
  let emp01En: ReturnType<typeof as>;
  let emp02: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;
  let merchant: ReturnType<typeof as>;
  beforeAll(async () => {
    const token = await login(server.app, 'emp01', 'Staff#2026');
    emp01 = as(server.app, token);
    emp01En = as(server.app, token, 'en-US');
    emp02 = as(server.app, await login(server.app, 'emp02', 'Staff#2026'));
    admin = as(server.app, await tokenOf(server.app, 'admin'));
    merchant = as(server.app, await tokenOf(server.app, 'SZHY10001'));
  });

  it('answers none of them without a session', async () => {
    const anonymous = as(server.app, null);
    for (const [method, url, body] of calls) {
      expect((await anonymous(method as 'GET', url, body)).status, url).toBe(401);
    }
    const documented = (await anonymous('GET', '/docs/json')).body as { paths: object };
    for (const [, url] of calls) {
      expect(Object.keys(documented.paths), url).toContain(url.split('?')[0]);
    }
  });

  it('finds tenants by part of the name, 20 a page, only their own for a non-administrator', async () => {
    const search = (caller: typeof admin, name: string) =>
      caller('POST', '/uc/uc/tenantManage/v1/listJson', {
        querys: [{ property: 'name', value: name, operation: 'LIKE' }],
      });
    const found = await search(admin, '海雅');
    expect(found.status).toBe(200);
    const page = found.body as Page<{ code: string; name: string; ico: string }>;
    expect(page.pageSize).toBe(20);
    expect(page.rows.map((row) => row.code)).toContain('hy');
    expect((await search(admin, '%')).body).toMatchObject({ total: 0 });
    expect((await search(emp01, '海雅')).body).toMatchObject({ total: 1 });
    expect((await search(merchant, '海雅')).body).toMatchObject({ total: 1 });
  });

  it('keeps the org and post a user works in now, only among their own', async () => {
    const current = async (caller: typeof emp01, body: object = {}) =>
      caller('POST', `${uc}/user/getCacheByKeyOrgPost`, body);
    const own = await current(emp01);
    expect(own.status).toBe(200);
    const value = (own.body as { value: { orgId: string; postId: string; chosen: boolean } }).value;
    expect(value.chosen).toBe(false);
    expect(value.orgId).not.toBe('');
    const others = (
      (await current(emp02)).body as {
        value: { orgId: string };
      }
    ).value;
    // Someone else's key, and an org that is not theirs, are refused in words.
    const theirs = await current(emp01, { key: 'emp02' });
    expect(theirs.status).toBe(403);
    expect((theirs.body as { message: string }).message).toBe('只能查询当前登录用户自己的信息');
    if (others.orgId !== value.orgId) {
      const foreign = await emp01('POST', `${uc}/user/putInCacheOrgPost`, {
        orgId: others.orgId,
      });
      expect(foreign.status).toBe(400);
      expect((foreign.body as { message: string }).message).toBe('所选组织不是您的任职组织');
    }
    const noPost = await emp01('POST', `${uc}/user/putInCacheOrgPost`, {
      orgId: value.orgId,
      postId: 'not-a-post',
    });
    expect(noPost.status).toBe(400);
    expect((noPost.body as { message: string }).message).toBe('所选岗位不是您在该组织的岗位');
    const missing = await emp01En('POST', `${uc}/user/putInCacheOrgPost`, {});
    expect((missing.body as { message: string }).message).toBe('Please choose an organisation');
    const saved = await emp01('POST', `${uc}/user/putInCacheOrgPost`, {
      orgId: value.orgId,
      postId: value.postId || undefined,
    });
    expect(saved.status).toBe(200);
    expect(((await current(emp01)).body as { value: { chosen: boolean } }).value.chosen).toBe(true);
    // A merchant is in no org: nothing to keep, nothing to read.
    expect(((await current(merchant)).body as { value: unknown }).value).toBeNull();
  });

  it('lists people with their main org and post, a group’s people, and jobs', async () => {
    const people = await emp01('POST', `${uc}/users/queryUserWithMainOrgPost`, {
      querys: [{ property: 'keyword', value: '刘洋' }],
    });
    expect(people.status).toBe(200);
    const rows = (people.body as Page<{ account: string; orgId: string; postName: string }>).rows;
    expect(rows.map((row) => row.account)).toEqual(['emp01']);
    const org = rows[0]!.orgId;
    const group = await emp01('POST', `${uc}/users/loadUsersByGropuId`, { groupId: org });
    expect(group.status).toBe(200);
    expect((group.body as { account: string }[]).map((row) => row.account)).toContain('emp01');
    // Merchants are not people of the directory, whatever group is named.
    expect(JSON.stringify(group.body)).not.toContain('SZHY');
    const unknown = await emp01En('POST', `${uc}/users/loadUsersByGropuId`, {
      groupId: 'no-such-group',
    });
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toBe('No such group');
    const jobs = await emp01En('POST', '/uc/api/job/v1/jobs/getJobPage', {});
    expect(jobs.status).toBe(200);
    expect((jobs.body as Page<{ code: string; name: string }>).rows).toContainEqual(
      expect.objectContaining({ code: 'ZJL', name: 'General manager' }),
    );
    const nul = await emp01('POST', `${uc}/users/queryUserWithMainOrgPost`, {
      querys: [{ property: 'keyword', value: 'a\u0000b' }],
    });
    expect(nul.status).toBe(400);
    const deep = `{"querys":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`;
    const nested = await emp01('POST', `${uc}/users/queryUserWithMainOrgPost`, deep, {
      'content-type': 'application/json',
    });
    expect(nested.status).toBe(400);
    expect(JSON.stringify(nested.body)).not.toMatch(/must|schema|body\//);
  });

  it("gives a startable flow's icon by name, and hides flows the caller may not start", async () => {
    const icon = await emp01('GET', '/bpm-runtime/runtime/instance/v1/getIconByName?name=请假申请');
    expect(icon.status).toBe(200);
    expect(icon.body).toMatchObject({ state: true, value: { name: '请假申请' } });
    expect(() =>
      JSON.parse((icon.body as { value: { icon: string } }).value.icon || '{}'),
    ).not.toThrow();
    const hidden = await merchant(
      'GET',
      '/bpm-runtime/runtime/instance/v1/getIconByName?name=请假申请',
    );
    expect(hidden.status).toBe(404);
    expect((hidden.body as { message: string }).message).toBe('未找到该流程，或您没有发起它的权限');
  });

  it('answers a dictionary for a select in the caller’s language', async () => {
    const zh = await emp01('GET', '/portal/sys/dataDict/v1/getByTypeKeyForComBo?typeKey=stores');
    expect(zh.status).toBe(200);
    const items = zh.body as { key: string; name: string; sn: number }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((item) => item.sn)).toEqual(items.map((_, i) => i + 1));
    const en = await emp01En('GET', '/portal/sys/dataDict/v1/getByTypeKeyForComBo?typeKey=stores');
    expect((en.body as { name: string }[])[0]!.name).not.toBe(items[0]!.name);
    const unknown = await emp01('GET', '/portal/sys/dataDict/v1/getByTypeKeyForComBo?typeKey=nope');
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toBe('未找到该字典');
    const injected = await emp01(
      'GET',
      `/portal/sys/dataDict/v1/getByTypeKeyForComBo?typeKey=${encodeURIComponent("x' or 1=1--")}`,
    );
    expect(injected.status).toBe(400);
  });

  it('never gives one number twice, also to 100 callers at once', async () => {
    const next = () => emp01('POST', '/portal/sys/identity/v1/getNextIdByAlias?alias=meetingNo');
    const answers = await Promise.all(Array.from({ length: 100 }, next));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const numbers = answers.map((answer) => (answer.body as { value: string }).value);
    expect(new Set(numbers).size).toBe(100);
    for (const number of numbers) expect(number).toMatch(/^HY-\d{4}-\d{5}$/);
    const unknown = await emp01En('GET', '/portal/sys/identity/v1/getNextIdByAlias?alias=nope');
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toBe('No such numbering rule');
  });

  it("lets a file's uploader, and nobody else, set its extra property", async () => {
    const body = multipart([{ name: '报销单.pdf', bytes: samples.pdf }]);
    const uploaded = await emp01(
      'POST',
      '/portal/system/file/v1/upload',
      body.payload,
      body.headers,
    );
    expect(uploaded.status).toBe(200);
    const fileId = (uploaded.body as { fileId: string }).fileId;
    const set = (caller: typeof emp01, extraProp: unknown) =>
      caller('POST', '/portal/system/file/v1/updateFileExtraProp', { fileId, extraProp });
    expect((await set(emp01, { page: 3 })).status).toBe(200);
    const infos = await emp01('POST', '/portal/system/file/v1/getFileInfos', { ids: [fileId] });
    expect((infos.body as { value: { extraProp: string }[] }).value[0]!.extraProp).toBe(
      '{"page":3}',
    );
    const other = await set(emp02, 'mine now');
    expect([403, 404]).toContain(other.status);
    const tooLong = await set(emp01, 'x'.repeat(5000));
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { message: string }).message).not.toMatch(/must|schema/);
    const missing = await emp01('POST', '/portal/system/file/v1/updateFileExtraProp', {
      extraProp: 'x',
    });
    expect((missing.body as { message: string }).message).toBe('请指定文件（fileId）');
    // Nothing the refused calls sent was kept.
    const after = await emp01('POST', '/portal/system/file/v1/getFileInfos', { ids: [fileId] });
    expect((after.body as { value: { extraProp: string }[] }).value[0]!.extraProp).toBe(
      '{"page":3}',
    );
  });
});
