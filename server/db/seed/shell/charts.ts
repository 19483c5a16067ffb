import type { Db } from '../../database';
import { roleIds, seedId } from '../ids';

/** The demo charts (docs/charts.md): each names a query of domain/charts/queries.ts. */
export const chartIds = {
  monthlySales: seedId(80, 1),
  tasksByFlow: seedId(80, 2),
  overdueByFloor: seedId(80, 3),
  /** Shown in the 会议管理 system module (server/db/seed/sys-modules.ts), not on the home. */
  bookingsByRoom: seedId(80, 4),
};

const json = (value: unknown) => JSON.stringify(value);

const charts = [
  {
    id: chartIds.monthlySales,
    name: '门店月度销售',
    name_en: 'Monthly sales per store',
    style: 1,
    query_name: 'monthlySales',
    conditionfield: json([
      {
        field: 'store',
        comment: '门店',
        commentEn: 'Store',
        dbType: 'varchar',
        // Part of a name finds the store (宝安 finds 海雅百货宝安店).
        condition: 'LK',
        defaultType: '',
        defaultValue: '',
      },
      {
        // Months picked as months: a range of YYYY-MM over the month column.
        field: 'month',
        comment: '月份',
        commentEn: 'Month',
        dbType: 'month',
        condition: 'BETWEEN',
        defaultType: '',
        defaultValue: '',
      },
      {
        field: 'amount',
        comment: '销售额不低于',
        commentEn: 'Sales at least',
        dbType: 'number',
        condition: 'GE',
        defaultType: '',
        defaultValue: '',
      },
    ]),
    displayfield: json([
      { field: 'month', comment: '月份', commentEn: 'Month' },
      { field: 'store', comment: '门店', commentEn: 'Store' },
      { field: 'amount', comment: '销售额', commentEn: 'Sales' },
    ]),
    xaxis_field: 'month',
    sortfield: json([{ field: 'month', direction: 'ASC' }]),
    conf: json({ seriesField: 'store' }),
  },
  {
    id: chartIds.tasksByFlow,
    name: '各流程任务数',
    name_en: 'Tasks per flow',
    style: 2,
    query_name: 'tasksByFlow',
    conditionfield: json([
      {
        field: 'flow',
        comment: '流程名称',
        commentEn: 'Flow',
        dbType: 'varchar',
        condition: 'LK',
        defaultType: '',
        defaultValue: '',
      },
      {
        field: 'openTasks',
        comment: '待办不少于',
        commentEn: 'Open tasks at least',
        dbType: 'number',
        condition: 'GE',
        defaultType: '',
        defaultValue: '',
      },
    ]),
    displayfield: json([
      { field: 'flow', comment: '流程名称', commentEn: 'Flow' },
      { field: 'openTasks', comment: '待办任务', commentEn: 'Open tasks' },
      { field: 'doneTasks', comment: '已办任务', commentEn: 'Finished tasks' },
    ]),
    xaxis_field: 'flow',
    sortfield: json([{ field: 'openTasks', direction: 'DESC' }]),
    conf: json({}),
  },
  {
    id: chartIds.overdueByFloor,
    name: '各楼层欠费金额',
    name_en: 'Overdue amounts by floor',
    style: 3,
    query_name: 'overdueByFloor',
    conditionfield: json([
      {
        field: 'store',
        comment: '门店',
        commentEn: 'Store',
        dbType: 'varchar',
        condition: 'IN',
        defaultType: '',
        defaultValue: '',
      },
      {
        field: 'total',
        comment: '欠费不超过',
        commentEn: 'Overdue at most',
        dbType: 'number',
        condition: 'LE',
        defaultType: '',
        defaultValue: '',
      },
    ]),
    displayfield: json([
      { field: 'floor', comment: '楼层', commentEn: 'Floor' },
      { field: 'total', comment: '欠费金额', commentEn: 'Overdue amount' },
      { field: 'notices', comment: '催缴单数', commentEn: 'Notices' },
    ]),
    xaxis_field: 'floor',
    sortfield: json([{ field: 'total', direction: 'DESC' }]),
    conf: json({}),
  },
  {
    id: chartIds.bookingsByRoom,
    name: '各会议室预约',
    name_en: 'Bookings per room',
    style: 2,
    query_name: 'bookingsByRoom',
    conditionfield: json([
      {
        field: 'room',
        comment: '会议室',
        commentEn: 'Room',
        dbType: 'varchar',
        condition: 'LK',
        defaultType: '',
        defaultValue: '',
      },
    ]),
    displayfield: json([
      { field: 'room', comment: '会议室', commentEn: 'Room' },
      { field: 'bookings', comment: '预约次数', commentEn: 'Bookings' },
      { field: 'hours', comment: '预约时长（小时）', commentEn: 'Hours booked' },
    ]),
    xaxis_field: 'room',
    sortfield: json([{ field: 'bookings', direction: 'DESC' }]),
    conf: json({}),
  },
];

/** Chart columns: colType 1 with chartType 2 (an interactive chart, spec section 4). */
const columns = [
  {
    alias: 'salesChart',
    name: '门店月度销售',
    name_en: 'Monthly sales per store',
    chart: chartIds.monthlySales,
    roles: [roleIds.staff],
  },
  {
    alias: 'tasksChart',
    name: '各流程任务数',
    name_en: 'Tasks per flow',
    chart: chartIds.tasksByFlow,
    roles: [roleIds.staff],
  },
  // Administrators only: the column other staff lack display rights for (preview shows it).
  {
    alias: 'overdueChart',
    name: '各楼层欠费金额',
    name_en: 'Overdue amounts by floor',
    chart: chartIds.overdueByFloor,
    roles: [roleIds.administrator],
  },
];

/**
 * A dataMode 3 column: its HTML template filled with the news list it fetches, a page of
 * ten at a time (needPage).
 */
const newsDigest = {
  alias: 'newsDigest',
  name: '资讯摘要',
  name_en: 'News digest',
  widget: 'html',
  data_mode: 3,
  data_from: '{portal}/portalNewsNotice/v1/getNews?type=0',
  request_type: 'GET',
  need_page: true,
  col_height: 300,
  template_html:
    '<ul class="digest">{{#rows}}<li data-news="{{id}}">{{title}} · {{drafter}}</li>{{/rows}}</ul>',
};

/**
 * Where the chart columns sit in the staff home: below the seeded columns and the home
 * widgets' (rows 13-19, server/db/seed/shell/widgets.ts), from row 20.
 */
const cells: [string, number, number, number, number][] = [
  ['salesChart', 0, 20, 12, 8],
  ['tasksChart', 0, 28, 6, 8],
  ['overdueChart', 6, 28, 6, 8],
  ['newsDigest', 0, 36, 12, 6],
];

export async function seedCharts(db: Db): Promise<void> {
  await db.insertInto('custom_charts').values(charts).execute();
  for (const { roles, chart, ...column } of columns) {
    await db
      .insertInto('home_columns')
      .values({
        ...column,
        widget: 'chart',
        col_type: 1,
        data_param: json({ chartType: 2 }),
        data_from: `{form}/form/customChart/v1/get/${chart}`,
        request_type: 'GET',
        col_height: 420,
      })
      .execute();
    await db
      .insertInto('home_column_roles')
      .values(roles.map((role_id) => ({ column_alias: column.alias, role_id })))
      .execute();
  }
  await db.insertInto('home_columns').values(newsDigest).execute();
  await db
    .insertInto('home_layout_columns')
    .values(
      cells.map(([column_alias, x, y, w, h]) => ({
        layout_id: seedId(68, 1),
        column_alias,
        x,
        y,
        w,
        h,
      })),
    )
    .execute();
}
