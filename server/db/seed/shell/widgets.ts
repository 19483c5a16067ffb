import dayjs from 'dayjs';
import { sql } from 'kysely';
import { timeZoneFrom } from '../../../config';
import type { Db } from '../../database';
import { storeFile } from '../../../domain/files';
import type { FileStorage } from '../../../domain/storage';
import { roleIds, seedId } from '../ids';
import { drawPng } from './images';
import type { AuthUser } from '../../../lib/context';
import { appCenterAlias, appsOfMenu } from '../../../domain/shell/apps';
import { menuByAlias, visibleMenus } from '../../../domain/shell/menus';

/** The home widgets' columns, appended to the staff grid below its existing cells. */
const columns = [
  {
    alias: 'shortcuts',
    name: '系统快捷入口',
    name_en: 'System shortcuts',
    widget: 'shortcuts',
    data_from: '{portal}/bpm/haiyaapi/getYykjrk',
    request_type: 'POST',
    col_height: 110,
    cell: [0, 13, 12, 2],
  },
  {
    alias: 'meetings',
    name: '今日会议',
    name_en: "Today's meetings",
    widget: 'meetings',
    data_from: '{portal}/portal/meeting/v1/getMeetingPagination',
    request_type: 'POST',
    col_height: 220,
    col_url: '/meetingList/0',
    cell: [0, 15, 4, 5],
  },
  {
    alias: 'messages',
    name: '消息提醒',
    name_en: 'Messages',
    widget: 'messages',
    data_from: '{bpmRunTime}/runtime/message/v1/myList',
    request_type: 'POST',
    col_height: 275,
    cell: [4, 15, 4, 5],
  },
  {
    alias: 'newsCarousel',
    name: '图片新闻',
    name_en: 'Picture news',
    widget: 'newsCarousel',
    data_from: '{portal}/portalNewsNotice/v1/getNews?type=0',
    col_height: 275,
    col_url: '/newsList/0',
    cell: [8, 15, 4, 5],
  },
] as const;

const shortcuts = [
  { name: 'OA办公', name_en: 'Office', external: '', internal: '/v-flow', colour: [25, 118, 210] },
  {
    name: '邮件',
    name_en: 'Mail',
    external: '',
    internal: '/v-mail/mailList',
    colour: [0, 137, 123],
  },
  {
    name: '财务共享',
    name_en: 'Shared finance',
    external: 'https://finance.haiya.example/',
    internal: '',
    colour: [245, 124, 0],
  },
  {
    name: '人力系统',
    name_en: 'HR system',
    external: 'https://hr.haiya.example/',
    internal: '',
    colour: [142, 36, 170],
  },
] as const;

/** Icons of the shortcut bar, stored as public files (served through downloadFile). */
async function seedShortcuts(db: Db, storage: FileStorage) {
  for (const [i, entry] of shortcuts.entries()) {
    const [r, g, b] = entry.colour;
    const icon = await storeFile(db, storage, {
      id: seedId(97, i + 1),
      name: `${entry.name}.png`,
      bytes: drawPng(
        { name: entry.name, from: [r, g, b], to: [r, g, b], accent: [255, 255, 255] },
        48,
        48,
      ),
      public: true,
    });
    await db
      .insertInto('shortcut_apps')
      .values({
        id: seedId(96, i + 1),
        name: entry.name,
        name_en: entry.name_en,
        icon_file_ids: JSON.stringify([icon.id]),
        external_url: entry.external,
        internal_url: entry.internal,
        sort: i + 1,
        role_id: roleIds.staff,
      })
      .execute();
  }
}

/**
 * Meetings on real open workflow tasks: each holder of an open task (assignee or candidate)
 * and the flow's applicant attend a review meeting about it. Half fall on the business day,
 * a quarter the day before and a quarter the day after, in office hours of the business
 * time zone: whatever the hour of seeding, the home card's 今日会议 has some to show and
 * some to leave out.
 */
async function seedMeetings(db: Db, today: string) {
  const open = await sql<{
    inst_id: string;
    task_id: string;
    user_id: string;
    starter_id: string;
    subject: string;
    subject_en: string;
  }>`
    select t.inst_id, t.id as task_id, coalesce(t.assignee_id, a.user_id) as user_id, i.starter_id, i.subject,
      i.subject_en
    from wf_tasks t
    join wf_instances i on i.id = t.inst_id
    left join wf_task_actors a on t.assignee_id is null and a.task_id = t.id
    where t.state = 'open' and coalesce(t.assignee_id, a.user_id) is not null
    order by t.created_at, t.id`.execute(db);
  // One meeting a request, on its first open step: the holders of every open step (assignees
  // or candidates; parallel steps meet together) and the applicant attend.
  const byRequest = new Map<
    string,
    {
      taskId: string;
      subject: string;
      subjectEn: string;
      organiser: string;
      attendees: Set<string>;
    }
  >();
  for (const row of open.rows) {
    const meeting = byRequest.get(row.inst_id) ?? {
      taskId: row.task_id,
      subject: row.subject,
      // The request's English subject, for readers of English ("Expense claim from 刘洋: ...").
      subjectEn: row.subject_en || row.subject,
      organiser: row.starter_id,
      attendees: new Set(),
    };
    meeting.attendees.add(row.user_id).add(row.starter_id);
    byRequest.set(row.inst_id, meeting);
  }
  const timeZone = timeZoneFrom(process.env);
  let n = 0;
  for (const meeting of byRequest.values()) {
    n++;
    const id = seedId(95, n);
    const day = dayjs(today)
      .add([0, -1, 0, 1][n % 4]!, 'day')
      .format('YYYY-MM-DD');
    const hour = 9 + (n % 9);
    const at = (h: number) => sql<Date>`(${`${day} ${h}:00`})::timestamp at time zone ${timeZone}`;
    await db
      .insertInto('meetings')
      .values({
        id,
        subject: `${meeting.subject}评审会`,
        subject_en: `Review meeting: ${meeting.subjectEn}`,
        start_at: at(hour),
        end_at: at(hour + 1),
        room: n % 2 ? '总部 3 楼第一会议室' : '总部 5 楼第二会议室',
        room_en: n % 2 ? 'HQ meeting room 1, 3rd floor' : 'HQ meeting room 2, 5th floor',
        organiser_id: meeting.organiser,
        task_id: meeting.taskId,
      })
      .execute();
    await db
      .insertInto('meeting_attendees')
      .values([...meeting.attendees].map((user_id) => ({ meeting_id: id, user_id })))
      .execute();
  }
}

/** Staff start with four favourite apps: the first of the app centre they may see. */
async function seedFavourites(db: Db) {
  const staff = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.account', 'users.fullname'])
    .where('user_roles.role_id', '=', roleIds.staff)
    .where('user_roles.deleted', '=', false)
    .execute();
  for (const user of staff) {
    const roles = await db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', user.id)
      .where('deleted', '=', false)
      .execute();
    const caller: AuthUser = {
      ...user,
      sessionId: '',
      roleIds: roles.map((row) => row.role_id),
      storeCodes: [],
      seesEverything: false,
      mustChangePassword: false,
    };
    const menus = await visibleMenus(db, caller);
    const root = menuByAlias(menus, appCenterAlias).id;
    const apps = (await appsOfMenu(db, caller, root, 'zh-CN')).slice(0, 4);
    if (apps.length === 0) continue;
    await db
      .insertInto('favourite_apps')
      .values(apps.map((app, sort) => ({ user_id: user.id, app_id: app.id, sort })))
      .execute();
  }
}

async function seedColumns(db: Db) {
  const staffLayout = seedId(68, 1);
  for (const { cell, ...column } of columns) {
    await db.insertInto('home_columns').values(column).execute();
    await db
      .insertInto('home_column_roles')
      .values({ column_alias: column.alias, role_id: roleIds.staff })
      .execute();
    const [x, y, w, h] = cell;
    await db
      .insertInto('home_layout_columns')
      .values({ layout_id: staffLayout, column_alias: column.alias, x, y, w, h })
      .execute();
  }
}

/** The home widgets' demo data (issue 15 parts 3-7). Runs after the layout and menus. */
export async function seedWidgets(db: Db, storage: FileStorage, today: string) {
  await seedColumns(db);
  await seedShortcuts(db, storage);
  await seedMeetings(db, today);
  await seedFavourites(db);
}
