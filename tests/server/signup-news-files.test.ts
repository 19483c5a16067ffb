import { describe, expect, it } from 'vitest';
import { bearer, login, oneDatabase, withServer } from './harness';

// One database: validation, messages and what each caller is shown, one request at a
// time (docs/testing.md).
describe.each(oneDatabase)('sign-up, news and files on %s', (kind) => {
  const server = withServer(kind);

  const signup = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
    server.app.inject({
      method: 'POST',
      url: '/bpm-runtime/bpm/haiyaapi/SavePpbmb',
      payload,
      remoteAddress: ip,
    });
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('signups')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses each missing required field with its message and saves nothing', async () => {
    const full = {
      fdmc: 'S03',
      xm: '周女士',
      lxfs: '13512345678',
      xqmj: '120',
      xqwz: '二楼',
      pppl: 'cosmetics',
      zw: '店长',
      bz: '',
    };
    const cases: [string, string][] = [
      ['fdmc', '请选择报名门店'],
      ['xm', '请输入您的预留姓名'],
      ['lxfs', '请输入您的联系方式'],
      ['xqmj', '请输入您的需求面积'],
    ];
    for (const [field, message] of cases) {
      const response = await signup({ ...full, [field]: '' }, '10.0.0.2');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await signup({ ...full, fdmc: 'S99' }, '10.0.0.2')).json().message).toBe(
      '所选门店不存在',
    );
    expect(await count()).toBe(0);
  });

  it('saves a complete sign-up and answers a positive id', async () => {
    const response = await signup({
      fdmc: 'S03',
      xm: '周女士',
      lxfs: '13512345678',
      xqmj: 120.5,
      xqwz: '二楼',
      pppl: 'cosmetics',
      zw: '店长',
      bz: '希望靠近扶梯',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: true,
      message: '报名成功，我方工作人员将于近日与您联系。',
    });
    expect(response.json().value).toBeGreaterThan(0);
    const row = await server.db.selectFrom('signups').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '周女士', area: 120.5, remarks: '希望靠近扶梯' });
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await signup({ fdmc: 'S01', xm: `测试${i}`, lxfs: '1', xqmj: 10 }, '10.9.9.9')).statusCode,
      );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });

  it('lists only public announcements to visitors, and all to staff', async () => {
    const visitor = (
      await server.app.inject({
        method: 'GET',
        url: '/portal/portalNewsNotice/v1/getNews?classifyId=all',
      })
    ).json();
    expect(Array.isArray(visitor)).toBe(true);
    expect(visitor.map((n: { title: string }) => n.title)).not.toContain(
      '内部通知：员工年度体检安排',
    );
    const token = await login(server.app, 'store01', 'Staff#2026');
    const staff = (
      await server.app.inject({
        method: 'GET',
        url: '/portal/portalNewsNotice/v1/getNews',
        headers: bearer(token),
      })
    ).json();
    expect(staff.map((n: { title: string }) => n.title)).toContain('内部通知：员工年度体检安排');
    expect(staff.length).toBe(visitor.length + 1);
    // Newest first.
    const times = staff.map((n: { createTime: string }) => n.createTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lists items past their end date only to news managers, flagged 停用 (issue 39)', async () => {
    const list = async (account: string, query = '') => {
      const token = await login(
        server.app,
        account,
        account === 'admin' ? 'Atrium#2026' : 'Staff#2026',
      );
      return server.app.inject({
        method: 'GET',
        url: `/portal/portalNewsNotice/v1/getNews${query}`,
        headers: bearer(token),
      });
    };
    const ended = ['国庆期间停车场临时收费调整（已结束）', '海雅缤纷城秋季美食节圆满落幕'];
    const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
    const ordinary = (await list('admin')).json();
    for (const title of ended) expect(titles(ordinary)).not.toContain(title);
    expect(ordinary.every((row: { start_: string }) => row.start_ === '启用')).toBe(true);
    const all = (await list('admin', '?includeEnded=true')).json();
    expect(all.length).toBe(ordinary.length + ended.length);
    for (const title of ended)
      expect(all.find((row: { title: string }) => row.title === title)).toMatchObject({
        start_: '停用',
        endTime: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      });
    expect((await list('emp01', '?includeEnded=true')).statusCode).toBe(403);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/portal/portalNewsNotice/v1/getNews?includeEnded=true',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('serves an item with its attachments as JSON text, and the embedded-url item', async () => {
    const list = (
      await server.app.inject({
        method: 'GET',
        url: '/portal/portalNewsNotice/v1/getNews?type=announcement',
      })
    ).json();
    const notice = list.find((n: { title: string }) =>
      n.title.startsWith('关于 2026 年 12 月结算单'),
    );
    const item = (
      await server.app.inject({
        method: 'GET',
        url: `/portal/portalNewsNotice/v1/getNewsById?id=${notice.id}`,
      })
    ).json();
    expect(item).toMatchObject({ drafter: '财务中心', isUrl: 'false' });
    const files = JSON.parse(item.file);
    expect(files.map((f: { name: string }) => f.name)).toEqual([
      '商户入驻须知（2026版）.pdf',
      '2026年费用标准.xlsx',
    ]);
    const linked = list.find((n: { isUrl: string }) => n.isUrl === 'true');
    const linkedItem = (
      await server.app.inject({
        method: 'GET',
        url: `/portal/portalNewsNotice/v1/getNewsById?id=${linked.id}`,
      })
    ).json();
    expect(linkedItem).toMatchObject({ url: '/guides/opening-hours.html', pageHeight: 520 });
  });

  it('downloads an attachment with its name, and tells its type', async () => {
    const list = (
      await server.app.inject({ method: 'GET', url: '/portal/portalNewsNotice/v1/getNews' })
    ).json();
    const item = (
      await server.app.inject({
        method: 'GET',
        url: `/portal/portalNewsNotice/v1/getNewsById?id=${list.find((n: { title: string }) => n.title.startsWith('关于 2026 年 12 月')).id}`,
      })
    ).json();
    const pdf = JSON.parse(item.file)[0];
    const download = await server.app.inject({
      method: 'GET',
      url: `/portal/system/file/v1/downloadFile?fileId=${pdf.id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('商户入驻须知（2026版）.pdf')}`,
    );
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.rawPayload.length).toBe(pdf.size);
    const type = await server.app.inject({
      method: 'POST',
      url: `/portal/bpm/aliasScript/v1/execute/FileType?id=${pdf.id}`,
    });
    expect(type.json().value[0]).toMatchObject({ FILETYPE: 'pdf' });
    // Without a session a missing file asks to sign in, as a private one does (issue 34, 13).
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/portal/system/file/v1/downloadFile?fileId=404',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('records a read mark once, from the session identity', async () => {
    const token = await login(server.app, 'acct01', 'Staff#2026');
    const list = (
      await server.app.inject({
        method: 'GET',
        url: '/portal/portalNewsNotice/v1/getNews',
        headers: bearer(token),
      })
    ).json();
    const first = list[0];
    expect(first.status).toBe('未读');
    for (let i = 0; i < 2; i++) {
      const mark = await server.app.inject({
        method: 'POST',
        url: '/bpm-runtime/message/SaveNewsItem',
        headers: bearer(token),
        payload: { ggbm: first.id, xm: 'someone else', gh: 'admin' },
      });
      expect(mark.statusCode).toBe(200);
    }
    const reads = await server.db
      .selectFrom('news_reads')
      .selectAll()
      .where('news_id', '=', first.id)
      .execute();
    expect(reads.map((r) => r.reader)).toEqual(['acct01']);
    const after = (
      await server.app.inject({
        method: 'GET',
        url: '/portal/portalNewsNotice/v1/getNews',
        headers: bearer(token),
      })
    ).json();
    expect(after[0].status).toBe('已读');
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/bpm-runtime/message/SaveNewsItem',
          payload: { ggbm: first.id },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('serves the tenant, the front settings and the stores', async () => {
    const tenant = (
      await server.app.inject({
        method: 'GET',
        url: '/uc/uc/tenantManage/v1/getTenantByCode?code=hy',
      })
    ).json();
    expect(tenant.value).toMatchObject({ code: 'hy', name: '海雅商业集团' });
    expect(JSON.parse(tenant.value.ico)[0].id).toBeTruthy();
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/uc/uc/tenantManage/v1/getTenantByCode?code=nope',
        })
      ).statusCode,
    ).toBe(404);
    const settings = (
      await server.app.inject({
        method: 'GET',
        url: '/portal/sys/sysProperties/v1/getDecryptBySysSetting',
      })
    ).json();
    expect(JSON.parse(settings.value)).toMatchObject({
      frontName: '海雅企业门户',
      frontNameEn: 'Haiya Enterprise Portal',
    });
    const stores = (
      await server.app.inject({ method: 'GET', url: '/portal/bpm/haiyaapi/getStores' })
    ).json();
    expect(stores.value.map((s: { code: string }) => s.code)).toEqual(['S01', 'S02', 'S03', 'S04']);
  });
});
