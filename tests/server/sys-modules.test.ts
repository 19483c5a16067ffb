import { describe, expect, it } from 'vitest';
import { chartIds } from '../../server/db/seed/shell/charts';
import { moduleIds } from '../../server/db/seed/sys-modules';
import { staffId } from '../../server/db/seed/workflow/people';
import { oneDatabase } from './harness';
import { useServerAndClient } from './workflow-harness';

/**
 * System modules (/sysModulePreview/{id}), the supervision tasks template (wfzdrw) and meeting
 * bookings on the meetings card (issue 17; docs/forms.md).
 */
const get = '/form/form/sysModule/v1/get';
const templates = '/form/form/dataTemplate/v1';
const meetings = '/portal/portal/meeting/v1/getMeetingPagination';
type Item = { type: string; key: string; title: string; titleEn: string };
type Meeting = {
  id: string;
  hymc: string;
  kssj: string;
  taskId: string;
  kind: 'meeting' | 'booking';
  room: string;
  canOpen: boolean;
};

describe.each(oneDatabase)('system modules and meeting bookings on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const moduleOf = (account: string, id: string, language = 'zh-CN') =>
    client.call(account, 'GET', `${get}?id=${encodeURIComponent(id)}`, undefined, language);

  it("answers a module's tabs to the holders of its roles", async () => {
    const fitOut = await moduleOf('store01', moduleIds.fitOutManagement);
    expect(fitOut.status).toBe(200);
    expect(fitOut.body).toMatchObject({
      id: moduleIds.fitOutManagement,
      name: '商户装修管理',
      nameEn: 'Fitting-out management',
    });
    expect((fitOut.body.items as Item[]).map(({ type, key }) => `${type}:${key}`)).toEqual([
      'template:fitOut',
      'template:inspection',
      'query:storeList',
    ]);
    // The contract-management role holds the module too; the designated user opens every one.
    expect((await moduleOf('contract01', moduleIds.fitOutManagement)).status).toBe(200);
    expect((await moduleOf('admin', moduleIds.fitOutManagement)).status).toBe(200);
    const meetingsModule = await moduleOf('emp01', moduleIds.meetingManagement);
    expect(meetingsModule.status).toBe(200);
    expect(meetingsModule.body.items as Item[]).toEqual([
      { type: 'template', key: 'meetingBooking', title: '会议预约', titleEn: 'Bookings' },
      { type: 'chart', key: chartIds.bookingsByRoom, title: '会议室使用', titleEn: 'Room use' },
    ]);
    // Every tab names something that exists: a template, a custom query, a chart.
    for (const item of [
      ...(fitOut.body.items as Item[]),
      ...(meetingsModule.body.items as Item[]),
    ]) {
      const found =
        item.type === 'template'
          ? await server.db
              .selectFrom('data_templates')
              .select('template_key')
              .where('template_key', '=', item.key)
              .executeTakeFirst()
          : item.type === 'query'
            ? await server.db
                .selectFrom('custom_queries')
                .select('alias')
                .where('alias', '=', item.key)
                .executeTakeFirst()
            : await server.db
                .selectFrom('custom_charts')
                .select('id')
                .where('id', '=', item.key)
                .executeTakeFirst();
      expect(found, `${item.type} ${item.key}`).toBeTruthy();
    }
  });

  it("refuses another role's module (403), an unknown id (404), bad ids (400) and no token (401)", async () => {
    const staff = await moduleOf('emp01', moduleIds.fitOutManagement);
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual({ state: false, message: '您没有打开该模块的权限' });
    const english = await moduleOf('emp01', moduleIds.fitOutManagement, 'en-US');
    expect(english.body.message).toBe('You may not open this module');
    // A merchant holds neither module's roles.
    expect((await moduleOf('SZHY10001', moduleIds.meetingManagement)).status).toBe(403);
    expect((await moduleOf('SZHY10001', moduleIds.fitOutManagement)).status).toBe(403);
    const missing = await moduleOf('store01', '1700000171999999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ state: false, message: '未找到该系统模块' });
    expect((await moduleOf('store01', '1', 'en-US')).body.message).toBe('No such system module');
    for (const bad of ["1' or '1'='1", 'a b', 'x'.repeat(65), '']) {
      const answer = await moduleOf('store01', bad);
      expect(answer.status, bad).toBe(400);
    }
    const nul = await server.app.inject({
      method: 'GET',
      url: `${get}?id=1700000171000000001%00`,
      headers: { authorization: `Bearer ${await client.token('store01')}` },
    });
    expect(nul.statusCode).toBe(400);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `${get}?id=${moduleIds.fitOutManagement}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('opens a module without roles for the designated user only, and reports a broken one', async () => {
    await server.db
      .insertInto('sys_modules')
      .values([
        { id: 'noRoles', name: '无角色模块', items: '[]', role_ids: '[]' },
        {
          id: 'broken',
          name: '坏模块',
          items: JSON.stringify([{ type: 'sql', key: 'select 1', title: 'x' }]),
          role_ids: JSON.stringify([]),
        },
      ])
      .execute();
    expect((await moduleOf('emp01', 'noRoles')).status).toBe(403);
    expect((await moduleOf('admin', 'noRoles')).body).toEqual({
      id: 'noRoles',
      name: '无角色模块',
      nameEn: '',
      items: [],
    });
    const broken = await moduleOf('admin', 'broken');
    expect(broken.status).toBe(500);
    expect(broken.body.message).toBe('模块配置有误，请联系管理员');
  });

  it('lists the supervision tasks (wfzdrw) as a form template', async () => {
    const info = await client.get(
      'admin',
      `${templates}/getBpmDataTemplateInfo?templateKey=wfzdrw`,
    );
    expect(info.status).toBe(200);
    const form = (info.body.value as { form: { name: string; subTables: { name: string }[] } })
      .form;
    expect(form.name).toBe('督办任务');
    expect(form.subTables.map((table) => table.name)).toEqual(['reports']);
    const all = await client.post('admin', `${templates}/dataList_wfzdrw`, {});
    expect(all.status).toBe(200);
    const rows = all.body.rows as Record<string, unknown>[];
    expect(all.body.total).toBe(12);
    expect(rows[0]).toHaveProperty('title');
    expect(rows[0]).toHaveProperty('status');
    // Another staff member who created none sees none of them; gm01 sees the ones they made.
    expect((await client.post('emp02', `${templates}/dataList_wfzdrw`, {})).body.total).toBe(0);
    expect((await client.post('gm01', `${templates}/dataList_wfzdrw`, {})).body.total).toBe(8);
    // The list shows the owners by name: one directory call for a page's ids (more than 100
    // characters of them).
    const owners = [...new Set(rows.map((row) => String(row.owner)))];
    const ids = owners.join(',');
    expect(ids.length).toBeGreaterThan(100);
    const people = await client.post('admin', '/uc/api/user/v1/users/listJson', {
      pageBean: { page: 1, pageSize: 50 },
      querys: [{ property: 'ids', value: ids, operation: 'IN', relation: 'AND' }],
    });
    expect(people.status).toBe(200);
    expect((people.body.rows as { id: string }[]).map((row) => row.id).sort()).toEqual(
      owners.sort(),
    );
  });

  const card = async (account: string, pageSize = 50) => {
    const answer = await client.post(account, meetings, { pageBean: { page: 1, pageSize } });
    expect(answer.status).toBe(200);
    return answer.body as unknown as { rows: Meeting[]; total: number };
  };

  it('shows meeting bookings on the card of the booker and of the people invited', async () => {
    const booker = await card('emp01');
    const booked = booker.rows.filter((row) => row.kind === 'booking');
    expect(booked.length).toBe(12);
    expect(booked.every((row) => row.canOpen && row.taskId === '' && row.room !== '')).toBe(true);
    expect(booker.rows.some((row) => row.kind === 'meeting')).toBe(true);
    // One order over both sources, start time descending.
    const starts = booker.rows.map((row) => row.kssj);
    expect([...starts].sort().reverse()).toEqual(starts);
    // emp02 is invited to half of them: they show, but the record is emp01's to open.
    const invited = (await card('emp02')).rows.filter((row) => row.kind === 'booking');
    expect(invited.length).toBe(6);
    expect(invited.every((row) => !row.canOpen)).toBe(true);
    expect(invited[0]!.room).toMatch(/会议室/);
    // In English the room is named in English.
    const english = await client.call('emp02', 'POST', meetings, {}, 'en-US');
    const englishRooms = (english.body.rows as Meeting[])
      .filter((row) => row.kind === 'booking')
      .map((row) => row.room);
    expect(englishRooms.every((room) => room.startsWith('Room'))).toBe(true);
    // The hosts: mgr01 hosts four of them, and was invited to none.
    expect((await card('mgr01')).rows.filter((row) => row.kind === 'booking').length).toBe(4);
    // Nobody else sees them.
    expect((await card('sec01')).rows.filter((row) => row.kind === 'booking')).toEqual([]);
  });

  it('puts a new booking on the card of whom it invites, and leaves past bookings off', async () => {
    const start = (days: number) => {
      const date = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
      return `${date.toISOString().slice(0, 10)} 10:00`;
    };
    const booking = (subject: string, startAt: string) => ({
      subject,
      room: 'R501',
      host: staffId('emp02'),
      startAt,
      hours: '1',
      attendees: [{ person: staffId('sec01') }],
    });
    const saved = await client.post(
      'emp02',
      `${templates}/boSave/meetingBooking`,
      booking('季度经营分析会', start(2)),
    );
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ state: true });
    const past = await client.post(
      'emp02',
      `${templates}/boSave/meetingBooking`,
      booking('上周复盘会', start(-7)),
    );
    expect(past.body).toMatchObject({ state: true });
    const sec01 = (await card('sec01')).rows.filter((row) => row.kind === 'booking');
    expect(sec01.map((row) => row.hymc)).toEqual(['季度经营分析会']);
    expect(sec01[0]).toMatchObject({ id: saved.body.value, canOpen: false, room: '501 大会议室' });
    // The booker (and host) sees it first: it starts latest.
    const emp02 = await card('emp02', 3);
    expect(emp02.rows[0]).toMatchObject({ id: saved.body.value, canOpen: true });
    // The total counts both sources; paging runs over both.
    const all = await card('emp02', 200);
    expect(emp02.total).toBe(all.rows.length);
    const second = await client.post('emp02', meetings, { pageBean: { page: 2, pageSize: 3 } });
    expect((second.body.rows as Meeting[]).map((row) => row.id)).toEqual(
      all.rows.slice(3, 6).map((row) => row.id),
    );
  });

  it('counts bookings per room for the chart: all for the administrator, theirs for others', async () => {
    const chart = (account: string) =>
      client.post(account, '/form/form/customChart/v1/getChartData', {
        id: chartIds.bookingsByRoom,
      });
    const admin = await chart('admin');
    expect(admin.status).toBe(200);
    const rows = admin.body.rows as { room: string; bookings: number; hours: number }[];
    expect(rows.map((row) => row.room).sort()).toEqual(
      ['301 会议室', '302 会议室', '501 大会议室'].sort(),
    );
    const total = rows.reduce((sum, row) => sum + row.bookings, 0);
    expect(total).toBeGreaterThanOrEqual(12);
    const mine = (await chart('mgr01')).body.rows as { bookings: number }[];
    expect(mine.reduce((sum, row) => sum + row.bookings, 0)).toBe(4);
    expect(((await chart('SZHY10001')).body.rows as unknown[]).length).toBe(0);
  });
});
