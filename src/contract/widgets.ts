import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult, okMessage, pageList, queryFilter } from './envelope';

/**
 * The home widgets (docs/shell-api.md, "Home widgets"): meetings, favourite apps, the app
 * centre, shortcuts, reminders, the caller's own layout and the role layouts (column groups).
 * Their routes are the platform's, under several services' prefixes. The attendance card
 * has no call of its own: it runs the custom query attendanceCard (custom-query.ts, `run`).
 */

/** A code of the app centre (an app's id), or of a group or role. */
const code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' });
const place = { x: Type.Integer(), y: Type.Integer(), w: Type.Integer(), h: Type.Integer() };

/**
 * A row of the meetings card in the platform's field names (spec: hymc, kssj, taskId), and
 * where it comes from: a workflow meeting (opens its task) or a meeting booking of the
 * online forms (opens the record when the caller may open it: the booker or a manager).
 */
export const meetingRow = Type.Object({
  id: Type.String(),
  hymc: Type.String(),
  kssj: Type.String(),
  taskId: Type.String(),
  kind: Type.Union([Type.Literal('meeting'), Type.Literal('booking')]),
  /** A booking's room, in the caller's language; empty for a workflow meeting. */
  room: Type.String(),
  /** A booking the caller may open (/statement/template/form/meetingBooking/...). */
  canOpen: Type.Boolean(),
});

export type Meeting = Static<typeof meetingRow>;

/** One meeting as its page shows it. */
export const meetingDetail = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  room: Type.String(),
  organiser: Type.String(),
  attendees: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), orgName: Type.String() }),
  ),
  /** The request it reviews. */
  instId: Type.String(),
});

export type MeetingDetail = Static<typeof meetingDetail>;

/** A favourite app in the platform's getOftenFlows shape. */
export const favouriteApp = Type.Object({
  yybm: Type.String(),
  yymc: Type.String(),
  icon: Type.String(),
  type: Type.Integer(),
  /** JSON text of what opens the app (its route and keys). */
  content: Type.String(),
  menuname: Type.String(),
});

export type FavouriteApp = Static<typeof favouriteApp>;

/** An app of the app centre (the app search answers them too). */
export const appEntry = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  /** 2 report template preview, 3 query view, 5 plain path, 6 form preview, 8 agent start. */
  // Spelled out, not mapped from an array: a mapped list types every entry as never.
  type: Type.Union([
    Type.Literal(2),
    Type.Literal(3),
    Type.Literal(5),
    Type.Literal(6),
    Type.Literal(8),
  ]),
  menuId: Type.String(),
  menuName: Type.String(),
  path: Type.String(),
  templateKey: Type.String(),
  sqlAlias: Type.String(),
  alias: Type.String(),
  formId: Type.String(),
  defKey: Type.String(),
  /** The route under /fvue/ that opens the app. */
  url: Type.String(),
});

export type AppEntry = Static<typeof appEntry>;

/** A shortcut entry in the platform's getYykjrk shape. */
export const shortcutApp = Type.Object({
  id: Type.String(),
  yymc: Type.String(),
  /** JSON text of a list of icon file ids (downloaded through downloadFile). */
  tb: Type.String(),
  /** External link (opens in a new window). */
  yylj: Type.String(),
  /** Internal link (a portal route). */
  nwyylj: Type.String(),
});

export type ShortcutApp = Static<typeof shortcutApp>;

/** A reminder the job poller delivered (urging, due times, a request's outcome). */
export const reminder = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  /** A result message's outcome: approved, refused, ended, returned; else ''. */
  outcome: Type.String(),
  text: Type.String(),
  procInstId: Type.String(),
  taskId: Type.String(),
  createTime: Type.String(),
  /** '' while unread. */
  readTime: Type.String(),
});

export type Reminder = Static<typeof reminder>;

/** A column config with the spec's field names (workflow-office.md section 3). */
export const columnConfig = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  widget: Type.String(),
  colType: Type.Integer(),
  dataMode: Type.Integer(),
  dataFrom: Type.String(),
  dataParam: Type.String(),
  requestType: Type.String(),
  needPage: Type.Boolean(),
  colHeight: Type.Integer(),
  colUrl: Type.String(),
  /** Base64 of the column's HTML template (dataMode 3 and plain HTML columns). */
  templateHtml: Type.String(),
  /** Whether the caller may see the column. */
  displayRights: Type.Boolean(),
});

export type ColumnConfig = Static<typeof columnConfig>;

/** A column and its place in the home grid. */
export const placedColumn = Type.Object({ ...columnConfig.properties, ...place });

export type PlacedColumn = Static<typeof placedColumn>;

/** A column's place in the 12-wide home grid of 56 px rows, as the layout editors save it. */
export const layoutCell = Type.Object({
  alias: Type.String({ minLength: 1, maxLength: 100 }),
  x: Type.Integer({ minimum: 0, maximum: 11 }),
  y: Type.Integer({ minimum: 0, maximum: 200 }),
  w: Type.Integer({ minimum: 1, maximum: 12 }),
  h: Type.Integer({ minimum: 1, maximum: 24 }),
});

export type Cell = Static<typeof layoutCell>;

const cells = Type.Array(layoutCell, { maxItems: 100 });
/** A column as a layout editor offers it. */
const pickable = { alias: Type.String(), name: Type.String(), widget: Type.String() };

/** The caller's layout for editing. */
const layoutEditor = Type.Object({
  columns: Type.Array(placedColumn),
  /** Their own layout, not their role's. */
  custom: Type.Boolean(),
  available: Type.Array(Type.Object(pickable)),
});

export type LayoutEditor = Static<typeof layoutEditor>;

/** A column group: a role's home layout (/v-personal/groupManager, administrators). */
export const layoutGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  columnCount: Type.Integer(),
});

export type LayoutGroup = Static<typeof layoutGroup>;

const layoutGroups = Type.Object({
  groups: Type.Array(layoutGroup),
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});

export type LayoutGroups = Static<typeof layoutGroups>;

/** A column group for editing: its placed columns and what its role may add. */
const groupEditor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  columns: Type.Array(Type.Object({ ...pickable, ...place })),
  available: Type.Array(Type.Object(pickable)),
});

export type GroupEditor = Static<typeof groupEditor>;

const groupName = Type.String({ minLength: 1, maxLength: 60 });

export const widgetCalls = defineCalls({
  meetings: {
    method: 'POST',
    path: '/portal/meeting/v1/getMeetingPagination',
    schema: {
      summary: "The caller's meetings (hymc, kssj, taskId), start time descending",
      description:
        'Workflow meetings the caller attends (kind meeting, opens /task/{taskId}) and the ' +
        'meeting bookings (online form meetingBooking) they booked, host or are invited to ' +
        'that start today or later (kind booking, with its room; canOpen when the caller ' +
        'may open the record). A querys entry {property: "kssj", value: "today" or ' +
        '"YYYY-MM-DD"} keeps those starting that day (the home card: today, business time zone).',
      body: Type.Optional(queryFilter),
      response: { 200: pageList(meetingRow) },
    },
  },
  meeting: {
    method: 'GET',
    path: '/portal/meeting/v1/get',
    schema: {
      summary: 'One meeting: time, room, organiser, attendees and the request it reviews',
      description: 'For its attendees, its organiser and the administrator; 404 otherwise.',
      querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
      response: { 200: meetingDetail },
    },
  },
  favouriteApps: {
    method: 'POST',
    path: '/bpm/haiyaapi/getOftenFlows',
    schema: {
      summary: "The caller's favourite apps in their order (yybm, yymc, icon, type, content)",
      response: { 200: Type.Array(favouriteApp) },
    },
  },
  saveFavouriteApps: {
    method: 'POST',
    path: '/bpm/haiyaapi/UpdateOftenFlow',
    schema: {
      summary: "Replaces the caller's favourite apps (1 to 11 apps they may see)",
      description: 'yymc is the client’s label and is ignored: names come from the app centre.',
      body: Type.Object({
        app: Type.Array(
          Type.Object({ yybm: code, yymc: Type.Optional(Type.String({ maxLength: 200 })) }),
          { maxItems: 100 },
        ),
      }),
      response: { 200: okMessage },
    },
  },
  authorisedApps: {
    method: 'POST',
    path: '/portal/sysApp/v1/authList',
    schema: {
      summary:
        'The apps of an app-centre menu node (and below it) the caller may see (a bare array)',
      body: Type.Object({ menuId: Type.String({ minLength: 1, maxLength: 64 }) }),
      response: { 200: Type.Array(appEntry) },
    },
  },
  app: {
    method: 'GET',
    path: '/portal/sysApp/v1/getApp',
    schema: {
      summary: 'One app of the app centre the caller may see, with the route that opens it',
      querystring: Type.Object({ id: code }),
      response: { 200: commonResult(Type.Object({ url: Type.String(), name: Type.String() })) },
    },
  },
  shortcutApps: {
    method: 'POST',
    path: '/bpm/haiyaapi/getYykjrk',
    schema: {
      summary: 'The quick system-entry bar: yymc, tb (icon file ids), yylj, nwyylj',
      querystring: Type.Object({ account: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: Type.Array(shortcutApp) },
    },
  },
  reminders: {
    method: 'POST',
    path: '/runtime/message/v1/myList',
    schema: {
      summary: 'Reminders the job poller delivered to the caller (urging, due times)',
      body: Type.Optional(
        Type.Object({
          pageBean: Type.Optional(
            Type.Object({
              page: Type.Optional(Type.Integer({ minimum: 1 })),
              pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
            }),
          ),
        }),
      ),
      response: {
        // The messages widget's counter: all of the caller's unread ones, not this page's.
        200: Type.Object({ ...pageList(reminder).properties, unread: Type.Integer() }),
      },
    },
  },
  myLayout: {
    method: 'GET',
    path: '/bpm/haiyaapi/getMyLayout',
    schema: {
      summary:
        "The caller's layout for editing: placed columns, whether it is their own, what can be added",
      response: { 200: commonResult(layoutEditor) },
    },
  },
  saveMyLayout: {
    method: 'POST',
    path: '/bpm/haiyaapi/saveMyLayout',
    schema: {
      summary: "Saves the caller's own home layout (columns they may see, each once)",
      body: Type.Object({ columns: cells }),
      response: { 200: okMessage },
    },
  },
  resetMyLayout: {
    method: 'POST',
    path: '/bpm/haiyaapi/resetMyLayout',
    schema: {
      summary: "Forgets the caller's own layout: the home page shows their role's again",
      response: { 200: okMessage },
    },
  },
  layoutGroups: {
    method: 'GET',
    path: '/bpm/haiyaapi/getLayoutGroups',
    schema: {
      summary: 'Column groups (role home layouts) with their role and column count, and the roles',
      response: { 200: commonResult(layoutGroups) },
    },
  },
  createLayoutGroup: {
    method: 'POST',
    path: '/bpm/haiyaapi/createLayoutGroup',
    schema: {
      summary: "Creates a role's column group (one per role), starting from the default columns",
      body: Type.Object({ name: groupName, roleId: code }),
      // Its message is always there (the dialog shows it), beside the new group's id.
      response: {
        200: Type.Object({ ...okMessage.properties, value: Type.Object({ id: Type.String() }) }),
      },
    },
  },
  renameLayoutGroup: {
    method: 'POST',
    path: '/bpm/haiyaapi/renameLayoutGroup',
    schema: {
      summary: 'Renames a column group',
      body: Type.Object({ id: code, name: groupName }),
      response: { 200: okMessage },
    },
  },
  removeLayoutGroup: {
    method: 'POST',
    path: '/bpm/haiyaapi/deleteLayoutGroup',
    schema: {
      summary: "Deletes a column group: its role's users fall back to the default group",
      body: Type.Object({ id: code }),
      response: { 200: okMessage },
    },
  },
  layoutGroup: {
    method: 'GET',
    path: '/bpm/haiyaapi/getLayoutGroup',
    schema: {
      summary: 'A column group for editing: its placed columns and what its role may add',
      querystring: Type.Object({ id: code }),
      response: { 200: commonResult(groupEditor) },
    },
  },
  saveLayoutGroup: {
    method: 'POST',
    path: '/bpm/haiyaapi/saveLayoutGroup',
    schema: {
      summary: "Saves a column group's grid (columns its role may see, each once)",
      body: Type.Object({ id: code, columns: cells }),
      response: { 200: okMessage },
    },
  },
});
