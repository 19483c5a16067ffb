import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult, okMessage } from './envelope';
import { id } from './fields';
import { appEntry, columnConfig, placedColumn } from './widgets';

/**
 * The shell (docs/shell-api.md; server/services/portal/shell): menus and method permissions,
 * the top bar (greeting, assets, the unread dot, the tenant's logo, the guided tour) and the
 * home page (marquee, holiday tips, pop-ups, form reminders, its grid of columns and report
 * links). The home widgets are src/contract/widgets.ts. The field names are the platform's.
 */

/** `account` of the platform's calls: optional, and only ever the caller's own. */
const account = Type.Optional(Type.String({ maxLength: 100 }));
const accountQuery = Type.Object({ account });
const alias = Type.String({ minLength: 1, maxLength: 100 });

/** A menu node's own fields (its children aside). */
const menuNodeOwn = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  name: Type.String(),
  alias: Type.String(),
  menuIcon: Type.String(),
  open: Type.Boolean(),
  sn: Type.Integer(),
  activeTab: Type.String(),
  tabsStyle: Type.String(),
  /** The ids from the root down to this node, each followed by a dot (the platform's path). */
  path: Type.String(),
  href: Type.String(),
  /** The in-app route: absolute (`/ht`) or relative to `/statement/` (`template/preview/dyzl`). */
  menuUrl: Type.String(),
  tenantId: Type.String(),
  isParent: Type.Boolean(),
  check: Type.Boolean(),
  sysMethods: Type.Array(Type.String()),
});

/** A node of the menu tree (reference/platform-api.md section 4), its children to any depth. */
export interface MenuNode extends Static<typeof menuNodeOwn> {
  children: MenuNode[];
}

/**
 * A SysMenu node; children are nodes too. The schema checks three levels, enough for ours;
 * deeper ones are sent as they are (an empty schema), typed as nodes all the same.
 */
const level3 = Type.Object({
  ...menuNodeOwn.properties,
  children: Type.Array(Type.Unsafe<MenuNode>({})),
});
const level2 = Type.Object({ ...menuNodeOwn.properties, children: Type.Array(level3) });
const menuNode = Type.Object({ ...menuNodeOwn.properties, children: Type.Array(level2) });

/** The side menu of the shell: the first level of the caller's front menu, without children. */
const sideMenuItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  alias: Type.String(),
  menuIcon: Type.String(),
  menuUrl: Type.String(),
  href: Type.String(),
  sn: Type.Integer(),
  hasChildren: Type.Boolean(),
});

export type SideMenuItem = Static<typeof sideMenuItem>;

const methodInfo = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  menuAlias: Type.String(),
});

const methodAuth = Type.Object({
  /** Every registered method (what is permission-controlled at all). */
  allMethod: Type.Array(methodInfo),
  /** The aliases the caller holds. */
  curUserMethod: Type.Array(Type.String()),
});

export type MethodInfo = Static<typeof methodInfo>;
export type MethodAuth = Static<typeof methodAuth>;

/** The caller's asset unit and the names of what they hold, with how many of each. */
const assetSummary = Type.Object({
  dwmc: Type.String(),
  items: Type.Array(Type.Object({ zcmc: Type.String(), count: Type.Integer() })),
});

export type AssetSummary = Static<typeof assetSummary>;

const assetDetail = Type.Object({
  zcmc: Type.String(),
  zcid: Type.String(),
  ggxh: Type.String(),
  dwmc: Type.String(),
  acquiredOn: Type.String(),
});

export type AssetDetail = Static<typeof assetDetail>;

const tourOutcome = Type.Union([Type.Literal('complete'), Type.Literal('exit')]);

const tourState = Type.Object({
  /** Whether the home page should start the tour. */
  due: Type.Boolean(),
  /** The current tour version. */
  version: Type.Integer(),
  /** The version the caller last completed or exited; 0 when never. */
  seenVersion: Type.Integer(),
  outcome: Type.Union([tourOutcome, Type.Literal('')]),
});

export type TourState = Static<typeof tourState>;

const tenant = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** JSON text of `[{id, name}]`: the tenant's logo for the top bar. */
  frontLogo: Type.String(),
  /** The same files as `ico`, the name the login page reads. */
  ico: Type.String(),
});

/** A tip of the holiday overlay (spec: merchant-finance.md section 3, holiday tip). */
const holidayTip = Type.Object({
  lx: Type.Union([Type.Literal('birthday'), Type.Literal('anniversary'), Type.Literal('festival')]),
  /** Whose day it is; empty for a festival. */
  account: Type.String(),
  /** The text shown. */
  tcwb: Type.String(),
  /** JSON text of the background images, `[{id, name}]` (public files). */
  bjtp: Type.String(),
  /** The occasion's name, in the caller's language. */
  title: Type.String(),
});

export type HolidayTip = Static<typeof holidayTip>;

/** A pop-up tip (spec: merchant-finance.md section 3, pop-up message). */
const popup = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  desc: Type.String(),
  url: Type.String(),
  popupType: Type.Union([Type.Literal('tab'), Type.Literal('new'), Type.Literal('dialog')]),
  /** A CSS length as its editor typed it (800, 800px, 60%); '' for the default. */
  dialogWidth: Type.String(),
  dialogHeight: Type.String(),
});

export type Popup = Static<typeof popup>;

/** A form reminder (spec: merchant-finance.md section 3, reminder). */
const formReminder = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  content: Type.String(),
  count: Type.Integer(),
  /** The data template of the form: opens /statement/template/form/{opemType}/get/true. */
  opemType: Type.String(),
  /** The record: the id query parameter of that page. */
  opemId: Type.String(),
  createTime: Type.String(),
});

export type FormReminder = Static<typeof formReminder>;

const homeLayout = Type.Object({
  id: Type.String(),
  name: Type.String(),
  columns: Type.Array(placedColumn),
  widgets: Type.Array(Type.String()),
});

export type HomeLayout = Static<typeof homeLayout>;

/** What the report page posts: a hidden form with these fields to this address. */
const reportTarget = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  url: Type.String(),
  method: Type.Literal('POST'),
  fields: Type.Object({ account: Type.String(), DTID: Type.String() }),
});

export type ReportTarget = Static<typeof reportTarget>;

/** The post switch (`masterOrgCallOf`, below) is made for the deployment's product name. */
export const shellCalls = defineCalls({
  menu: {
    method: 'GET',
    path: '/sys/sysMenu/v1/getCurrentUserMenu',
    schema: {
      summary:
        "The caller's menu tree below the menu with this alias (front_menu, appCenterFront, ...)",
      querystring: Type.Object({ menuAlias: alias }),
      response: { 200: commonResult(Type.Array(menuNode)) },
    },
  },
  methodAuth: {
    method: 'GET',
    path: '/sys/sysMethod/v1/getCurrentUserMethodAuth',
    schema: {
      summary:
        'Method permissions: every permission-controlled action (allMethod) and those the caller holds (curUserMethod)',
      response: { 200: commonResult(methodAuth) },
    },
  },
  sideMenu: {
    method: 'POST',
    path: '/bpm/haiyaapi/getmenu',
    schema: {
      summary: "The shell's side menu: the first level of the caller's front menu",
      querystring: accountQuery,
      response: { 200: commonResult(Type.Array(sideMenuItem)) },
    },
  },
  searchApps: {
    method: 'POST',
    path: '/bpm/haiyaapi/searchApps',
    schema: {
      summary:
        'Apps of the app centre whose name contains the keyword, among those the caller may see',
      querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: commonResult(Type.Array(appEntry)) },
    },
  },
  greeting: {
    method: 'POST',
    path: '/bpm/haiyaapi/getManageGreets',
    schema: {
      summary: "The caller's scrolling greeting for today",
      response: { 200: commonResult(Type.Object({ zswb: Type.String() })) },
    },
  },
  assets: {
    method: 'POST',
    path: '/bpm/haiyaapi/getZcmc',
    schema: {
      summary: "The caller's asset unit (dwmc) and the names of their assets with counts",
      response: { 200: commonResult(assetSummary) },
    },
  },
  assetDetails: {
    method: 'POST',
    path: '/bpm/haiyaapi/getGrzcmx',
    schema: {
      summary: "The caller's assets of one name (all when zcmc is empty)",
      querystring: Type.Object({ zcmc: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: commonResult(Type.Array(assetDetail)) },
    },
  },
  unreadNews: {
    method: 'GET',
    path: '/bpm/haiyaapi/isReadNews',
    schema: {
      summary:
        'Whether the caller has unread news, announcements or mail (the contacts dot); count is news, mailCount mail',
      querystring: accountQuery,
      response: {
        200: commonResult(
          Type.Object({
            hasUnread: Type.Boolean(),
            count: Type.Integer(),
            mailCount: Type.Integer(),
          }),
        ),
      },
    },
  },
  unreadMailIds: {
    method: 'POST',
    path: '/bpm/haiyaapi/getMailsNewsId',
    schema: {
      summary: "Ids of the caller's unread mail in their inboxes, newest first (at most 100)",
      response: { 200: commonResult(Type.Array(Type.String())) },
    },
  },
  tour: {
    method: 'POST',
    path: '/bpm/haiyaapi/getManageGuide',
    schema: {
      summary: 'Whether the guided tour is due for the caller',
      querystring: accountQuery,
      response: { 200: commonResult(tourState) },
    },
  },
  recordTour: {
    method: 'POST',
    path: '/bpm/haiyaapi/updateManageGuide',
    schema: {
      summary: 'Records that the caller completed or exited the current tour version',
      querystring: Type.Object({ account, outcome: Type.Optional(tourOutcome) }),
      // No body at all is fine: the outcome may come in the query.
      body: Type.Union([Type.Object({ outcome: Type.Optional(tourOutcome) }), Type.Null()]),
      response: { 200: commonResult(tourState) },
    },
  },
  tenant: {
    method: 'GET',
    path: '/uc/tenantManage/v1/getJson',
    schema: {
      summary: "A tenant's name and front logo (frontLogo: JSON text of [{id, name}])",
      querystring: Type.Object({ id }),
      response: { 200: commonResult(tenant) },
    },
  },
  notices: {
    method: 'GET',
    path: '/enterpriseNotice/v1/getShowEnterpriseNotice',
    schema: {
      summary: 'The enterprise notices running today, for the marquee',
      response: {
        200: commonResult(Type.Array(Type.Object({ id: Type.String(), showInfo: Type.String() }))),
      },
    },
  },
  holidayTips: {
    method: 'POST',
    path: '/bpm/haiyaapi/getHolidayTips',
    schema: {
      summary: "Today's tips for the caller: their birthday, work anniversary, running festivals",
      response: { 200: commonResult(Type.Array(holidayTip)) },
    },
  },
  popups: {
    method: 'GET',
    path: '/bpm/haiyaapi/getPopups',
    schema: {
      summary: 'Running pop-up tips for the caller that they have not closed',
      response: {
        200: commonResult(Type.Object({ count: Type.Integer(), rows: Type.Array(popup) })),
      },
    },
  },
  closePopup: {
    method: 'POST',
    path: '/bpm/haiyaapi/closePopup',
    schema: {
      summary: 'Closes a pop-up tip for the caller; it does not show again',
      querystring: Type.Object({ id }),
      response: { 200: okMessage },
    },
  },
  formReminders: {
    method: 'GET',
    path: '/form/formRemindData/v1/getFormRemindDataByUser',
    schema: {
      summary: "The caller's form reminders, newest first",
      description:
        'Each opens /statement/template/form/{opemType}/get/true?id={opemId}&startFlow=false.',
      response: { 200: commonResult(Type.Array(formReminder)) },
    },
  },
  deleteReminder: {
    method: 'DELETE',
    path: '/form/formRemindData/v1/:id',
    schema: {
      summary: "Deletes one of the caller's reminders (someone else's is a 404)",
      params: Type.Object({ id }),
      response: { 200: okMessage },
    },
  },
  homeLayout: {
    method: 'GET',
    path: '/bpm/haiyaapi/getHomeLayout',
    schema: {
      summary: "The caller's home grid: placed column configs and the known widgets",
      response: { 200: commonResult(homeLayout) },
    },
  },
  column: {
    method: 'GET',
    path: '/bpm/haiyaapi/getColumnByAlias',
    schema: {
      summary: 'One column config, with whether the caller may see it (displayRights)',
      querystring: Type.Object({ alias }),
      response: { 200: commonResult(columnConfig) },
    },
  },
  columns: {
    method: 'POST',
    path: '/bpm/haiyaapi/getColumnByAliasBatch',
    schema: {
      summary: 'Column configs of comma-joined aliases, in that order; unknown ones are left out',
      body: Type.Object({ alias: Type.String({ minLength: 1, maxLength: 2000 }) }),
      response: { 200: commonResult(Type.Array(columnConfig)) },
    },
  },
  reportTarget: {
    method: 'GET',
    path: '/bpm/haiyaapi/getReportUrl',
    schema: {
      summary: 'Where the report page posts its hidden form (account and DTID) for an alias',
      querystring: Type.Object({ alias }),
      response: { 200: commonResult(reportTarget) },
    },
  },
});

/**
 * The post switch of the top bar (spec/shell.md section 4): PUT
 * /bpm/{product}Script/setMasterByorgId, its path carrying the deployment's product name. So
 * the call is made for a product, as the flows' calls are for a form type: the server makes
 * it with its configured product, and the browser types it as `MasterOrgCall` (any product),
 * whose path the compiler checks against the route it writes with its own.
 */
export const masterOrgCallOf = <const Product extends string>(product: Product) =>
  defineCalls({
    setMasterOrg: {
      method: 'PUT',
      path: `/bpm/${product}Script/setMasterByorgId`,
      schema: {
        summary: "Makes one of the caller's orgs their master org (post switching)",
        description: 'userid must be the caller (id or account); orgid one of their orgs.',
        querystring: Type.Object({
          orgid: Type.String({ minLength: 1, maxLength: 64 }),
          userid: Type.String({ minLength: 1, maxLength: 100 }),
        }),
        response: { 200: okMessage },
      },
    },
  }).setMasterOrg;

/** The post switch, for whichever product the page is configured with. */
export type MasterOrgCall = ReturnType<typeof masterOrgCallOf<string>>;
