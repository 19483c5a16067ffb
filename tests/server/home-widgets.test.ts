import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { up as oneMeetingARequest } from '../../server/db/migrations/0045-one-meeting-a-request';
import { runDueJobs } from '../../server/domain/workflow/jobs';
import { databaseKinds } from './harness';
import { useServerAndClient } from './workflow-harness';

const portal = '/portal';
const runtime = '/bpm-runtime';

describe.each(databaseKinds)('home widgets on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const favourites = async (account: string) =>
    (await client.post(account, `${portal}/bpm/haiyaapi/getOftenFlows`)).body as unknown as {
      yybm: string;
      yymc: string;
    }[];
  const appCentre = async (account: string) => {
    const tree = await client.get(
      account,
      `${portal}/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=appCenterFront`,
    );
    const root = (tree.body.value as { id: string }[])[0]!;
    const apps = await client.post(account, `${portal}/portal/sysApp/v1/authList`, {
      menuId: root.id,
    });
    return apps.body as unknown as { id: string; name: string }[];
  };

  it('lists the meetings of the caller only, start time descending, on real open tasks', async () => {
    const answer = await client.post('emp01', `${portal}/portal/meeting/v1/getMeetingPagination`, {
      pageBean: { page: 1, pageSize: 3 },
    });
    expect(answer.status).toBe(200);
    const rows = answer.body.rows as {
      hymc: string;
      kssj: string;
      taskId: string;
      kind: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(3);
    expect(answer.body.total).toBeTypeOf('number');
    const starts = rows.map((row) => row.kssj);
    expect([...starts].sort().reverse()).toEqual(starts);
    for (const row of rows) {
      expect(row.kssj).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      // A meeting's task is one emp01 can open (meeting bookings: sys-modules.test.ts).
      if (row.kind !== 'meeting') continue;
      const task = await client.get('emp01', `${runtime}/runtime/task/v1/get?id=${row.taskId}`);
      expect(task.status).toBe(200);
    }
    const other = await client.post('lead02', `${portal}/portal/meeting/v1/getMeetingPagination`);
    const ids = (other.body.rows as { taskId: string }[]).map((row) => row.taskId);
    const all = await client.post('emp01', `${portal}/portal/meeting/v1/getMeetingPagination`, {
      pageBean: { page: 1, pageSize: 100 },
    });
    const meeting = (all.body.rows as typeof rows).find((row) => row.kind === 'meeting')!;
    expect(ids).not.toContain(meeting.taskId);
    const bad = await client.post('emp01', `${portal}/portal/meeting/v1/getMeetingPagination`, {
      pageBean: { page: 0, pageSize: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it("names a review meeting in English after the request's English subject", async () => {
    const list = async (language: string) =>
      (
        await client.call(
          'emp01',
          'POST',
          `${portal}/portal/meeting/v1/getMeetingPagination`,
          { pageBean: { page: 1, pageSize: 100 } },
          language,
        )
      ).body.rows as { id: string; kind: string; hymc: string }[];
    const chinese = new Map((await list('zh-CN')).map((row) => [row.id, row.hymc]));
    const reviews = (await list('en-US')).filter((row) => row.kind === 'meeting');
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) {
      expect(review.hymc).toMatch(/^Review meeting: /);
      // The subject is the request's English one ("Expense claim from 刘洋: ..."), not the
      // Chinese ("刘洋的费用报销：...") it was in the Chinese list.
      expect(review.hymc).not.toContain(chinese.get(review.id)!.replace(/评审会$/, ''));
      expect(review.hymc).toMatch(/ from |request|claim|approval/i);
    }
  });

  it('holds one review meeting a request, parallel steps included; the migration merges copies', async () => {
    const perRequest = async () =>
      (
        await sql<{ meetings: number; subjects: number; parallel: boolean }>`
          select count(*)::int as meetings, count(distinct m.subject)::int as subjects,
            bool_or((select count(*) from wf_tasks o
              where o.inst_id = t.inst_id and o.state = 'open') > 1) as parallel
          from meetings m join wf_tasks t on t.id = m.task_id`.execute(server.db)
      ).rows[0]!;
    const seeded = await perRequest();
    // The seed has requests waiting on parallel steps, and still one meeting each.
    expect(seeded.parallel).toBe(true);
    expect(seeded.meetings).toBe(seeded.subjects);

    // A database seeded before: a copy of a meeting on the request's other open step.
    const { rows } = await sql<{ id: string; task: string; attendees: number }>`
      select m.id, o.id as task,
        (select count(*)::int from meeting_attendees a where a.meeting_id = m.id) as attendees
      from meetings m join wf_tasks t on t.id = m.task_id
      join wf_tasks o on o.inst_id = t.inst_id and o.state = 'open' and o.id <> t.id
      limit 1`.execute(server.db);
    const original = rows[0]!;
    await sql`insert into meetings (id, subject, subject_en, start_at, end_at, room, room_en,
        organiser_id, task_id)
      select 'zz-copy', subject, subject_en, start_at, end_at, room, room_en, organiser_id,
        ${original.task}
      from meetings where id = ${original.id}`.execute(server.db);
    // Someone who attends the copy only (a merchant attends no review meeting of the seed).
    await sql`insert into meeting_attendees (meeting_id, user_id)
      select 'zz-copy', id from users where account = 'SZHY10001'`.execute(server.db);
    expect((await perRequest()).meetings).toBe(seeded.meetings + 1);

    await oneMeetingARequest(server.db as never);
    expect(await perRequest()).toEqual(seeded);
    const attendees = await sql<{ account: string }>`
      select u.account from meeting_attendees a join users u on u.id = a.user_id
      where a.meeting_id = ${original.id}`.execute(server.db);
    expect(attendees.rows).toHaveLength(original.attendees + 1);
    expect(attendees.rows.map((row) => row.account)).toContain('SZHY10001');
  });

  it('opens a meeting as a meeting for its attendees only: time, room, organiser, attendees', async () => {
    const list = await client.post('emp01', `${portal}/portal/meeting/v1/getMeetingPagination`, {
      pageBean: { page: 1, pageSize: 100 },
    });
    const row = (list.body.rows as { id: string; kind: string }[]).find(
      (item) => item.kind === 'meeting',
    )!;
    const mine = await client.get('emp01', `${portal}/portal/meeting/v1/get?id=${row.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id: row.id,
      room: expect.stringMatching(/会议室/),
      organiser: expect.any(String),
      startTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    });
    const attendees = mine.body.attendees as { name: string }[];
    expect(attendees.map((person) => person.name)).toContain('刘洋');
    // Someone who is not invited learns nothing, as for a meeting that does not exist.
    const outsider = await client.get('SZHY10001', `${portal}/portal/meeting/v1/get?id=${row.id}`);
    const missing = await client.get('SZHY10001', `${portal}/portal/meeting/v1/get?id=nope`);
    expect([outsider.status, outsider.body.message]).toEqual([404, missing.body.message]);
  });

  it('keeps 1 to 11 favourite apps of the app centre, per user, with the exact messages', async () => {
    const apps = await appCentre('emp01');
    expect(apps.length).toBeGreaterThan(5);
    const before = await favourites('emp01');
    expect(before.length).toBeGreaterThan(0);
    const save = (account: string, codes: string[]) =>
      client.post(account, `${portal}/bpm/haiyaapi/UpdateOftenFlow`, {
        app: codes.map((yybm) => ({ yybm, yymc: '伪造的名字' })),
      });
    const empty = await save('emp01', []);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('您未选择常用应用。');
    const twelve = await save(
      'emp01',
      Array.from(
        { length: 12 },
        (_, i) => apps[i % apps.length]!.id + (i >= apps.length ? `x${i}` : ''),
      ),
    );
    expect(twelve.body.message).toBe('常用应用最多只能添加（11）个。');
    const unknown = await save('emp01', ['1234567890']);
    expect(unknown.status).toBe(400);
    const nul = await save('emp01', ['abc\u0000']);
    expect(nul.status).toBe(400);
    expect(await favourites('emp01')).toEqual(before);

    const chosen = apps.slice(2, 5).map((app) => app.id);
    const ok = await save('emp01', chosen);
    expect(ok.body).toMatchObject({ state: true, message: '保存成功' });
    const after = await favourites('emp01');
    expect(after.map((app) => app.yybm)).toEqual(chosen);
    // Names come from the app centre, not from the client.
    expect(after[0]!.yymc).toBe(apps[2]!.name);
    // Another user's favourites are untouched.
    expect((await favourites('emp02')).map((app) => app.yybm)).toEqual(before.map((a) => a.yybm));
  });

  it('keeps one consistent list when the same save arrives 100 times at once', async () => {
    const apps = await appCentre('emp02');
    const lists = [apps.slice(0, 3), apps.slice(3, 6)].map((list) => list.map((app) => app.id));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.post('emp02', `${portal}/bpm/haiyaapi/UpdateOftenFlow`, {
          app: lists[i % 2]!.map((yybm) => ({ yybm })),
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const saved = (await favourites('emp02')).map((app) => app.yybm);
    expect(lists).toContainEqual(saved);
  });

  it('saves, refuses and resets a layout per user', async () => {
    const editor = async (account: string) =>
      (await client.get(account, `${portal}/bpm/haiyaapi/getMyLayout`)).body.value as {
        columns: { alias: string; x: number; y: number; w: number; h: number }[];
        custom: boolean;
        available: { alias: string }[];
      };
    const start = await editor('emp01');
    expect(start.custom).toBe(false);
    expect(start.columns.map((c) => c.alias)).toContain('meetings');
    const cells = [
      { alias: 'meetings', x: 0, y: 0, w: 6, h: 4 },
      { alias: 'todo', x: 6, y: 0, w: 6, h: 6 },
    ];
    const save = (account: string, columns: unknown) =>
      client.post(account, `${portal}/bpm/haiyaapi/saveMyLayout`, { columns });
    expect((await save('emp01', cells)).body.state).toBe(true);
    const mine = await editor('emp01');
    expect(mine.custom).toBe(true);
    expect(mine.columns.map(({ alias, x, y, w, h }) => ({ alias, x, y, w, h }))).toEqual(cells);
    expect(mine.available.map((c) => c.alias)).toContain('news');
    const home = await client.get('emp01', `${portal}/bpm/haiyaapi/getHomeLayout`);
    expect(
      (home.body.value as { columns: { alias: string }[] }).columns.map((c) => c.alias),
    ).toEqual(['meetings', 'todo']);
    // emp02 still has the role's layout.
    expect((await editor('emp02')).custom).toBe(false);
    // A merchant's column is refused to staff; outside the grid, twice, empty: refused.
    const merchantOnly = await save('emp01', [
      { alias: 'merchantService', x: 0, y: 0, w: 4, h: 4 },
    ]);
    expect(merchantOnly.status).toBe(400);
    expect(merchantOnly.body.message).toBe('您无权使用栏目【merchantService】');
    expect((await save('emp01', [{ alias: 'todo', x: 10, y: 0, w: 4, h: 4 }])).status).toBe(400);
    expect((await save('emp01', [cells[0], cells[0]])).status).toBe(400);
    expect((await save('emp01', [])).status).toBe(400);
    expect((await save('emp01', 'x'.repeat(10))).status).toBe(400);
    expect((await editor('emp01')).columns).toHaveLength(2);
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save('emp01', [{ ...cells[0]!, w: 3 + (i % 2) }])),
    );
    expect(concurrent.every((answer) => answer.status === 200)).toBe(true);
    expect((await editor('emp01')).columns).toHaveLength(1);
    const reset = await client.post('emp01', `${portal}/bpm/haiyaapi/resetMyLayout`);
    expect(reset.body.state).toBe(true);
    expect((await editor('emp01')).columns.map((c) => c.alias)).toEqual(
      start.columns.map((c) => c.alias),
    );
  });

  it('answers the shortcut bar with icons anyone can download, for the caller only', async () => {
    const answer = await client.post('emp01', `${portal}/bpm/haiyaapi/getYykjrk?account=emp01`);
    expect(answer.status).toBe(200);
    const rows = answer.body as unknown as {
      yymc: string;
      tb: string;
      yylj: string;
      nwyylj: string;
    }[];
    expect(rows.length).toBe(4);
    const [icon] = JSON.parse(rows[0]!.tb) as string[];
    const file = await server.app.inject({
      method: 'GET',
      url: `${portal}/system/file/v1/downloadFile?fileId=${icon}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect(rows.some((row) => row.yylj.startsWith('https://'))).toBe(true);
    expect(rows.some((row) => row.nwyylj.startsWith('/'))).toBe(true);
    const other = await client.post('emp01', `${portal}/bpm/haiyaapi/getYykjrk?account=emp02`);
    expect(other.status).toBe(403);
  });

  it('shows urge reminders in the message list and marks them read (SaveNewsItem)', async () => {
    const start = await client.post('emp01', `${runtime}/runtime/instance/v1/start`, {
      flowKey: 'leave',
      data: Buffer.from(
        JSON.stringify({
          leaveType: 'annual',
          startDate: '2026-12-01',
          endDate: '2026-12-02',
          days: 2,
          reason: '测试催办',
        }),
      ).toString('base64'),
    });
    expect(start.status).toBe(200);
    const instId = start.body.instId as string;
    const urged = await client.post('emp01', `${runtime}/runtime/instance/v1/sendBpmTaskUrgent`, {
      instId,
      opinion: '请尽快审批',
    });
    expect(urged.body.state).toBe(true);
    await runDueJobs(server.db, { now: new Date(Date.now() + 60_000), limit: 100 });
    const holder = await server.db
      .selectFrom('wf_messages')
      .innerJoin('users', 'users.id', 'wf_messages.user_id')
      .select(['wf_messages.id', 'users.account'])
      .where('inst_id', '=', instId)
      .where('kind', '=', 'urge')
      .executeTakeFirstOrThrow();
    const list = await client.post(holder.account, `${runtime}/runtime/message/v1/myList`, {});
    const row = (list.body.rows as { id: string; readTime: string }[]).find(
      (item) => item.id === holder.id,
    );
    expect(row?.readTime).toBe('');
    // The counter is every unread message of the holder, not only this page's.
    const unreadOf = async (account: string) =>
      Number(
        (
          await server.db
            .selectFrom('wf_messages')
            .innerJoin('users', 'users.id', 'wf_messages.user_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('users.account', '=', account)
            .where('read_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const unreadBefore = await unreadOf(holder.account);
    expect(unreadBefore).toBeGreaterThan(0);
    expect(list.body.unread).toBe(unreadBefore);
    const small = await client.post(holder.account, `${runtime}/runtime/message/v1/myList`, {
      pageBean: { page: 1, pageSize: 1 },
    });
    expect(small.body.unread).toBe(unreadBefore);
    // Another user cannot mark it.
    const stranger = await client.post('emp02', `${runtime}/message/SaveNewsItem`, {
      ggbm: holder.id,
    });
    expect(stranger.status).toBe(404);
    const read = await client.post(holder.account, `${runtime}/message/SaveNewsItem`, {
      ggbm: holder.id,
    });
    expect(read.body.state).toBe(true);
    const again = await client.post(holder.account, `${runtime}/runtime/message/v1/myList`, {});
    const marked = (again.body.rows as { id: string; readTime: string }[]).find(
      (item) => item.id === holder.id,
    );
    expect(marked?.readTime).not.toBe('');
    expect(again.body.unread).toBe(unreadBefore - 1);
    expect(
      (await client.post('emp02', `${runtime}/runtime/message/v1/myList`, {})).body.unread,
    ).toBe(await unreadOf('emp02'));
  });

  it('refuses every widget call without a token', async () => {
    for (const url of [
      `${portal}/bpm/haiyaapi/getOftenFlows`,
      `${portal}/portal/meeting/v1/getMeetingPagination`,
      `${portal}/bpm/haiyaapi/saveMyLayout`,
    ]) {
      const answer = await server.app.inject({ method: 'POST', url, payload: {} });
      expect(answer.statusCode).toBe(401);
    }
  });

  describe('column groups (/v-personal/groupManager)', () => {
    type Group = { id: string; name: string; roleId: string; columnCount: number };
    type Cell = { alias: string; x: number; y: number; w: number; h: number };
    const groups = async (account = 'admin') =>
      (await client.get(account, `${portal}/bpm/haiyaapi/getLayoutGroups`)).body.value as {
        groups: Group[];
        roles: { id: string; name: string }[];
      };
    const call = (path: string, body: unknown, account = 'admin', language = 'zh-CN') =>
      client.call(account, 'POST', `${portal}/bpm/haiyaapi/${path}`, body, language);
    const homeOf = async (account: string) =>
      (
        (await client.get(account, `${portal}/bpm/haiyaapi/getHomeLayout`)).body.value as {
          columns: { alias: string }[];
        }
      ).columns.map((column) => column.alias);

    it('lets the administrator create, rename and delete a group, one per role', async () => {
      const { groups: before, roles } = await groups();
      const staff = before.find((group) => group.name === '员工首页')!;
      expect(staff.columnCount).toBeGreaterThan(0);
      expect(typeof staff.columnCount).toBe('number');
      const free = roles.find((role) => !before.some((group) => group.roleId === role.id))!;
      const created = await call('createLayoutGroup', { name: ' 财务首页 ', roleId: free.id });
      expect(created.body.state).toBe(true);
      const id = (created.body.value as { id: string }).id;
      const listed = (await groups()).groups.find((group) => group.id === id)!;
      expect(listed).toMatchObject({ name: '财务首页', roleId: free.id });
      // A second group for the same role, even 20 at once: refused, one group stays.
      const twice = await Promise.all(
        Array.from({ length: 20 }, () => call('createLayoutGroup', { name: 'x', roleId: free.id })),
      );
      expect(twice.every((answer) => answer.status === 400)).toBe(true);
      expect(twice[0]!.body.message).toBe('该角色已有栏目组，每个角色只能有一个栏目组');
      expect((await groups()).groups.filter((g) => g.roleId === free.id)).toHaveLength(1);
      const renamed = await call('renameLayoutGroup', { id, name: '财务' }, 'admin', 'en-US');
      expect(renamed.body.message).toBe('Column group renamed');
      expect((await groups()).groups.find((group) => group.id === id)?.name).toBe('财务');
      expect((await call('deleteLayoutGroup', { id })).body.state).toBe(true);
      expect((await groups()).groups.some((group) => group.id === id)).toBe(false);
      expect((await call('deleteLayoutGroup', { id })).status).toBe(404);
    });

    it('refuses non-administrators and bad input, changing nothing', async () => {
      const { groups: before } = await groups();
      const staff = before.find((group) => group.name === '员工首页')!;
      const refused = await client.get('emp01', `${portal}/bpm/haiyaapi/getLayoutGroups`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('只有系统管理员可以管理栏目组');
      for (const [path, body] of [
        ['createLayoutGroup', { name: 'x', roleId: staff.roleId }],
        ['renameLayoutGroup', { id: staff.id, name: 'x' }],
        ['deleteLayoutGroup', { id: staff.id }],
        ['saveLayoutGroup', { id: staff.id, columns: [{ alias: 'todo', x: 0, y: 0, w: 4, h: 4 }] }],
      ] as const) {
        expect((await call(path, body, 'SZHY10001')).status).toBe(403);
      }
      const bad = [
        ['createLayoutGroup', { name: '   ', roleId: 'nobody' }],
        ['createLayoutGroup', { name: 'x', roleId: 'no-such-role' }],
        ['createLayoutGroup', { name: 'a\u0000b', roleId: staff.roleId }],
        ['renameLayoutGroup', { id: "1' or '1'='1", name: 'x' }],
        ['renameLayoutGroup', { id: staff.id, name: 'x'.repeat(61) }],
        ['saveLayoutGroup', { id: staff.id, columns: [] }],
        ['saveLayoutGroup', { id: staff.id, columns: [{ alias: 'nope', x: 0, y: 0, w: 4, h: 4 }] }],
        [
          'saveLayoutGroup',
          { id: staff.id, columns: [{ alias: 'todo', x: 10, y: 0, w: 4, h: 4 }] },
        ],
        [
          'saveLayoutGroup',
          {
            id: staff.id,
            columns: [
              { alias: 'todo', x: 0, y: 0, w: 4, h: 4 },
              { alias: 'todo', x: 4, y: 0, w: 4, h: 4 },
            ],
          },
        ],
        [
          'saveLayoutGroup',
          { id: staff.id, columns: [{ alias: 'merchantService', x: 0, y: 0, w: 4, h: 4 }] },
        ],
      ] as const;
      for (const [path, body] of bad) {
        const answer = await call(path, body);
        expect([400, 404]).toContain(answer.status);
        expect(answer.body.message).toBeTruthy();
      }
      const forRole = await call('saveLayoutGroup', bad[9][1], 'admin', 'en-US');
      expect(forRole.body.message).toBe('The role may not use the column "merchantService"');
      const missing = await client.get('admin', `${portal}/bpm/haiyaapi/getLayoutGroup?id=nope`);
      expect(missing.status).toBe(404);
      expect((await groups()).groups).toEqual(before);
      // The menu item is the administrator's only.
      const menu = async (account: string) =>
        JSON.stringify(
          (
            await client.get(
              account,
              `${portal}/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=front_menu`,
            )
          ).body.value,
        );
      expect(await menu('admin')).toContain('/v-personal/groupManager');
      expect(await menu('emp01')).not.toContain('/v-personal/groupManager');
      const anonymous = await server.app.inject({
        method: 'GET',
        url: `${portal}/bpm/haiyaapi/getLayoutGroups`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it("reaches the home of the role's users who have no layout of their own", async () => {
      const staff = (await groups()).groups.find((group) => group.name === '员工首页')!;
      const editor = (
        await client.get('admin', `${portal}/bpm/haiyaapi/getLayoutGroup?id=${staff.id}`)
      ).body.value as { columns: { alias: string }[]; available: { alias: string }[] };
      expect(editor.available.map((c) => c.alias)).not.toContain('merchantService');
      const original = await homeOf('emp02');
      const cells = [
        { alias: 'news', x: 0, y: 0, w: 6, h: 4 },
        { alias: 'todo', x: 6, y: 0, w: 6, h: 6 },
      ];
      const saved = await call('saveLayoutGroup', { id: staff.id, columns: cells });
      expect(saved.body.message).toBe('栏目组已保存');
      expect(await homeOf('emp02')).toEqual(['news', 'todo']);
      expect((await groups()).groups.find((g) => g.id === staff.id)?.columnCount).toBe(2);
      // A user with a layout of their own keeps it.
      await client.post('emp01', `${portal}/bpm/haiyaapi/saveMyLayout`, {
        columns: [{ alias: 'meetings', x: 0, y: 0, w: 6, h: 4 }],
      });
      expect(await homeOf('emp01')).toEqual(['meetings']);
      await client.post('emp01', `${portal}/bpm/haiyaapi/resetMyLayout`);
      // The administrators' chart left the staff group: it cannot come back to it.
      const back = (editor.columns as unknown as Cell[]).map(({ alias, x, y, w, h }) => ({
        alias,
        x,
        y,
        w,
        h,
      }));
      const readded = await call('saveLayoutGroup', { id: staff.id, columns: back });
      expect(readded.body.message).toBe('该角色无权使用栏目【overdueChart】');
      // Put the seeded group back for the tests after this one.
      await server.db.deleteFrom('home_layout_columns').where('layout_id', '=', staff.id).execute();
      await server.db
        .insertInto('home_layout_columns')
        .values(
          back.map(({ alias, ...cell }) => ({ layout_id: staff.id, column_alias: alias, ...cell })),
        )
        .execute();
      expect(await homeOf('emp02')).toEqual(original);
    });
  });
});
