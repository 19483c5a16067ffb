import type { Db } from '../../database';
import { roleIds, seedId } from '../ids';

/** The merchant-service card for English readers (migration 0048 writes the same text). */
const merchantServiceEnglish =
  '<div class="merchant-service"><h3>Merchant service centre</h3>' +
  '<p>Statements: 400-800-1234, extension 2</p><p>Invoices: 400-800-1234, extension 3</p>' +
  '<p>Hours: working days 9:00-18:00</p></div>';

/**
 * Home-page columns and the grids of staff, merchants and everyone else. dataFrom addresses
 * start with a service placeholder ({portal}, {bpmRunTime}, {form}) the browser replaces with
 * its configured base.
 */
const columns = [
  {
    alias: 'todo',
    name: '待办事项',
    name_en: 'To-do',
    widget: 'todo',
    data_from: '{bpmRunTime}/runtime/task/v1/getTodoList',
    request_type: 'POST',
    need_page: true,
    col_height: 380,
    col_url: '/flow/todo',
    roles: [roleIds.staff],
  },
  {
    alias: 'counters',
    name: '快捷入口',
    name_en: 'Quick entries',
    widget: 'counters',
    data_from: '{bpmRunTime}/runtime/instance/v1/getDefaultInfoMap',
    col_height: 120,
    roles: [roleIds.staff],
  },
  {
    alias: 'notices',
    name: '公司公告',
    name_en: 'Announcements',
    widget: 'announcements',
    data_from: '{portal}/portalNewsNotice/v1/getNews?type=1',
    col_height: 275,
    col_url: '/newsList/1',
    roles: [],
  },
  {
    alias: 'news',
    name: '新闻资讯',
    name_en: 'News',
    widget: 'news',
    data_from: '{portal}/portalNewsNotice/v1/getNews?type=0',
    col_height: 275,
    col_url: '/newsList/0',
    roles: [],
  },
  {
    alias: 'attendance',
    name: '考勤与请假',
    name_en: 'Attendance and leave',
    widget: 'attendance',
    data_mode: 1,
    data_from: '{form}/form/customQuery/v1/doQuery?alias=attendanceCard&page=1',
    data_param: '{}',
    request_type: 'POST',
    col_height: 160,
    roles: [roleIds.staff],
  },
  {
    alias: 'favouriteApps',
    name: '常用应用',
    name_en: 'Favourite apps',
    widget: 'favouriteApps',
    data_from: '{portal}/bpm/haiyaapi/getOftenFlows',
    request_type: 'POST',
    col_height: 140,
    roles: [roleIds.staff],
  },
  {
    alias: 'storeList',
    name: '门店一览',
    name_en: 'Our stores',
    widget: 'customQuery',
    data_mode: 1,
    data_from: '{form}/form/customQuery/v1/doQuery?alias=storeList&page=1',
    data_param: '{}',
    request_type: 'POST',
    need_page: true,
    col_height: 240,
    roles: [],
  },
  // dataMode 4: a data template's list in a column (the meeting bookings form, issue 17).
  {
    alias: 'meetingBookings',
    name: '会议预约',
    name_en: 'Meeting bookings',
    widget: 'html',
    data_mode: 4,
    data_from: '{form}/form/dataTemplate/v1/dataList_meetingBooking?templateKey=meetingBooking',
    col_height: 420,
    col_url: '/statement/template/preview/meetingBooking',
    roles: [roleIds.staff],
  },
  {
    alias: 'merchantService',
    name: '商户服务',
    name_en: 'Merchant service',
    widget: 'html',
    col_height: 200,
    template_html:
      '<div class="merchant-service"><h3>商户服务中心</h3><p>对账咨询：400-800-1234 转 2</p>' +
      '<p>开票咨询：400-800-1234 转 3</p><p>工作时间：工作日 9:00-18:00</p></div>',
    template_html_en: merchantServiceEnglish,
    roles: [roleIds.merchant],
  },
];

const layouts = [
  {
    id: seedId(68, 1),
    name: '员工首页',
    role_id: roleIds.staff,
    sort: 1,
    cells: [
      ['counters', 0, 0, 12, 2],
      ['todo', 0, 2, 8, 6],
      ['attendance', 8, 2, 4, 3],
      ['favouriteApps', 8, 5, 4, 3],
      ['notices', 0, 8, 6, 5],
      ['news', 6, 8, 6, 5],
    ],
  },
  {
    id: seedId(68, 2),
    name: '商户首页',
    role_id: roleIds.merchant,
    sort: 2,
    cells: [
      ['notices', 0, 0, 8, 5],
      ['merchantService', 8, 0, 4, 5],
      ['storeList', 0, 5, 12, 4],
    ],
  },
  {
    id: seedId(68, 3),
    name: '默认首页',
    role_id: null,
    sort: 3,
    cells: [
      ['notices', 0, 0, 6, 5],
      ['news', 6, 0, 6, 5],
    ],
  },
] as const;

export async function seedLayout(db: Db): Promise<void> {
  for (const { roles, ...column } of columns) {
    await db.insertInto('home_columns').values(column).execute();
    if (roles.length) {
      await db
        .insertInto('home_column_roles')
        .values(roles.map((role_id) => ({ column_alias: column.alias, role_id })))
        .execute();
    }
  }
  for (const { cells, ...layout } of layouts) {
    await db.insertInto('home_layouts').values(layout).execute();
    await db
      .insertInto('home_layout_columns')
      .values(
        cells.map(([column_alias, x, y, w, h]) => ({
          layout_id: layout.id,
          column_alias,
          x,
          y,
          w,
          h,
        })),
      )
      .execute();
  }
  await db
    .insertInto('report_links')
    .values([
      { alias: 'salesDaily', name: '销售日报', reportlet: 'haiya/sales_daily.cpt' },
      { alias: 'rentCollection', name: '租金收缴情况', reportlet: 'haiya/rent_collection.cpt' },
    ])
    .execute();
  await db
    .insertInto('system_settings')
    .values({ key: 'guideTourVersion', value: JSON.stringify(2) })
    .execute();
}
