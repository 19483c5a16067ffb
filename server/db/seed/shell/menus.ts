import type { Db } from '../../database';
import type { AppType } from '../../schema-shell';
import { roleIds, seedId } from '../ids';
import { moduleIds } from '../sys-modules';

/**
 * The demo menus. front_menu: what staff and merchants see in the side menu and the menu
 * container, per role; workbench holds entries that add runtime routes (template preview and
 * form, query views, an href page, a report); appCenterFront: the app centre's three levels,
 * with the apps the top-bar search finds.
 */
interface MenuSeed {
  alias: string;
  name: string;
  nameEn: string;
  icon?: string;
  url?: string;
  href?: string;
  roles?: string[];
  children?: MenuSeed[];
  apps?: AppSeed[];
}

interface AppSeed {
  name: string;
  nameEn: string;
  type: AppType;
  icon: string;
  path?: string;
  templateKey?: string;
  sqlAlias?: string;
  viewAlias?: string;
  formKey?: string;
  defKey?: string;
}

const staff = roleIds.staff;
const merchant = roleIds.merchant;
const accountant = roleIds.accountant;
const contracts = roleIds.contractManager;
const store = roleIds.store;
const administrator = roleIds.administrator;
const operations = roleIds.operations;

const leaf = (alias: string, name: string, nameEn: string, url: string): MenuSeed => ({
  alias,
  name,
  nameEn,
  url,
});

function frontMenu(product: string): MenuSeed {
  const flow = (alias: string, name: string, nameEn: string) =>
    leaf(alias, name, nameEn, `/v-flow/${alias}`);
  const personal = (alias: string, name: string, nameEn: string) =>
    leaf(alias, name, nameEn, `/v-personal/${alias}`);
  const statement = (alias: string, name: string, nameEn: string) =>
    leaf(alias, name, nameEn, `/statements/${alias}`);
  return {
    alias: 'front_menu',
    name: '前台菜单',
    nameEn: 'Front menu',
    children: [
      { ...leaf('home', '首页', 'Home', '/home'), icon: 'home', roles: [staff, merchant] },
      // The spec's first-level 应用 (application): the app centre.
      {
        ...leaf('application', '应用', 'Apps', '/appCenterFront'),
        icon: 'appstore',
        roles: [staff],
      },
      {
        ...leaf('v-flow', '事项', 'Tasks', '/v-flow'),
        icon: 'solution',
        roles: [staff],
        children: [
          flow('v-todo', '待办事项', 'To-do'),
          flow('v-leader', '领导待办', 'Leader to-do'),
          flow('v-done', '已办事项', 'Done'),
          flow('v-request', '我的请求', 'My requests'),
          flow('v-draft', '我的草稿', 'My drafts'),
          flow('v-flowList', '发起流程', 'Start a flow'),
          flow('v-todoRead', '待阅事项', 'To read'),
          flow('v-doneRead', '已阅事项', 'Read'),
          flow('v-myDelegate', '我的转办', 'My delegations'),
          { ...flow('v-incidents', '流程异常', 'Flow incidents'), roles: [administrator] },
        ],
      },
      {
        ...leaf('statements', '对账单', 'Statements', '/statements'),
        icon: 'account-book',
        roles: [merchant, accountant],
        children: [
          statement('lyfyjsd', '联营费用结算单', 'Joint-operation fee settlement'),
          statement('yjfytzd', '预缴费用通知单', 'Prepayment notice'),
          statement('zlfymxd', '租赁费用明细单', 'Lease fee detail'),
          // A merchant's own claims: accountants see none (spec section 6).
          { ...statement('fkqkd', '付款请款单', 'Payment request'), roles: [merchant] },
        ],
      },
      {
        ...leaf('xscx', '销售查询', 'Sales', '/finance/xscx'),
        icon: 'line-chart',
        roles: [merchant],
      },
      {
        ...leaf('ht', '合同打印', 'Contract prints', '/finance/ht'),
        icon: 'printer',
        roles: [merchant, contracts, store],
      },
      {
        ...leaf('shcjftzd', '欠费通知', 'Overdue notices', '/finance/shcjftzd'),
        icon: 'alert',
        roles: [merchant, accountant],
      },
      // The floor map (docs/floor-map.md): everyone reads it; its two editors by role.
      {
        ...leaf('mapContainer', '楼层地图', 'Floor map', '/floorMap'),
        icon: 'compass',
        roles: [staff, merchant],
      },
      {
        ...leaf('editMap', '楼层图编辑', 'Edit floor map', '/editMap'),
        icon: 'workbench',
        roles: [administrator, store],
      },
      {
        ...leaf('editMapYy', '铺位分配', 'Assign shops', '/editMapYy'),
        icon: 'contacts',
        roles: [administrator, operations],
      },
      // Online forms (docs/forms.md): each form's records by role; drafts for everyone.
      {
        ...leaf('onlineForms', '在线表单', 'Online forms', '/statement/onlineForms'),
        icon: 'file',
        roles: [staff, merchant],
        children: [
          {
            ...leaf('of-fitOut', '装修申请', 'Fitting-out', 'template/preview/fitOut'),
            roles: [merchant, store, contracts],
          },
          {
            ...leaf('of-inspection', '门店巡检', 'Inspections', 'template/preview/inspection'),
            roles: [store],
          },
          {
            ...leaf(
              'of-contracts',
              '合同登记',
              'Contract registration',
              'template/preview/contractRegistration',
            ),
            roles: [contracts],
          },
          {
            ...leaf(
              'of-meetings',
              '会议预约',
              'Meeting bookings',
              'template/preview/meetingBooking',
            ),
            roles: [staff],
          },
          // System modules (docs/forms.md): a business page of tabs, for the module's roles.
          {
            ...leaf(
              'of-module-fitOut',
              '商户装修管理',
              'Fitting-out management',
              `/sysModulePreview/${moduleIds.fitOutManagement}`,
            ),
            roles: [store, contracts],
          },
          {
            ...leaf(
              'of-module-meetings',
              '会议管理',
              'Meetings',
              `/sysModulePreview/${moduleIds.meetingManagement}`,
            ),
            roles: [staff],
          },
          leaf('of-drafts', '表单草稿', 'Form drafts', 'draftList'),
          {
            ...leaf('of-designer', '表单定义', 'Form definitions', '/formDesigner'),
            roles: [administrator],
          },
        ],
      },
      {
        ...leaf('v-news', '公告', 'Notices', '/v-news'),
        icon: 'notification',
        roles: [staff, merchant],
        children: [leaf(`v-${product}News`, '新闻公告', 'News', `/v-news/v-${product}News`)],
      },
      {
        ...leaf('v-check', '考勤', 'Attendance', '/v-check'),
        icon: 'schedule',
        roles: [staff],
        children: [
          leaf(`v-${product}Check`, '考勤记录', 'Attendance records', `/v-check/v-${product}Check`),
          leaf(
            `v-${product}Vacation`,
            '休假记录',
            'Leave records',
            `/v-check/v-${product}Vacation`,
          ),
        ],
      },
      {
        ...leaf('workbench', '工作台', 'Workbench', '/statement/workbench'),
        icon: 'desktop',
        roles: [staff],
        children: [
          {
            ...leaf('wb-dyzl', '合同打印资料', 'Contract print data', 'template/preview/dyzl'),
            roles: [contracts, store],
          },
          {
            ...leaf('wb-dyzl-add', '登记打印资料', 'Register print data', 'template/form/dyzl/add'),
            roles: [contracts, store],
          },
          // The supervision tasks (spec: merchant-finance "Special targets").
          leaf('wb-wfzdrw', '督办任务', 'Supervision tasks', '/flowcenter/template/preview/wfzdrw'),
          leaf('wb-kqyc', '考勤异常', 'Attendance exceptions', 'querySql/queryView/kqyc/kqycmx'),
          leaf('wb-grqj', '个人请假', 'My leave', 'querySql/queryView/grqjmx/grqj'),
          {
            ...leaf('wb-hours', '营业时间', 'Opening hours', 'href/template/wb-hours'),
            href: '/guides/opening-hours.html',
          },
          leaf('wb-sales-report', '销售日报', 'Daily sales report', '/templateReport/salesDaily'),
        ],
      },
      {
        ...leaf('v-personal', '设置', 'Settings', '/v-personal'),
        icon: 'setting',
        roles: [staff],
        // My layout, meetings and the app centre: the home widgets' pages (issue 15).
        children: [
          personal('newsList', '消息订阅', 'Subscriptions'),
          personal('approvalItem', '常用语', 'Phrases'),
          personal('commonFlow', '常用流程', 'Favourite flows'),
          personal('agent', '代理设置', 'Agents'),
          personal('secretary', '秘书设置', 'Secretaries'),
          personal('bpmDeputy', '流程委托', 'Deputies'),
          personal('myLayout', '我的布局', 'My layout'),
          { ...personal('groupManager', '栏目组管理', 'Column groups'), roles: [administrator] },
          leaf('myMeetings', '我的会议', 'My meetings', '/meetingList/0'),
          leaf('appCentrePage', '应用中心', 'App centre', '/appCenterFront'),
        ],
      },
      {
        ...leaf('v-mail', '通讯录', 'Contacts', '/v-mail'),
        icon: 'contacts',
        roles: [staff],
        children: [
          leaf('mailList', '邮件', 'Mail', '/v-mail/mailList'),
          leaf('linkmanList', '联系人', 'Contacts', '/v-mail/linkmanList'),
          leaf('settingList', '邮箱设置', 'Mail settings', '/v-mail/settingList'),
        ],
      },
    ],
  };
}

const app = (
  name: string,
  nameEn: string,
  type: AppType,
  icon: string,
  target: Omit<AppSeed, 'name' | 'nameEn' | 'type' | 'icon'>,
): AppSeed => ({ name, nameEn, type, icon, ...target });

const appCenter: MenuSeed = {
  alias: 'appCenterFront',
  name: '应用中心',
  nameEn: 'App centre',
  children: [
    {
      alias: 'ac-finance',
      name: '财务服务',
      nameEn: 'Finance',
      roles: [merchant, accountant, contracts, store],
      children: [
        {
          alias: 'ac-finance-bills',
          name: '对账单据',
          nameEn: 'Statements',
          children: [
            {
              alias: 'ac-finance-joint',
              name: '联营结算',
              nameEn: 'Joint operation',
              apps: [
                app('联营费用结算单', 'Joint-operation fee settlement', 5, 'account-book', {
                  path: '/statements/lyfyjsd',
                }),
                app('付款请款单', 'Payment request', 5, 'transaction', {
                  path: '/statements/fkqkd',
                }),
              ],
            },
            {
              alias: 'ac-finance-lease',
              name: '租赁费用',
              nameEn: 'Lease fees',
              apps: [
                app('租赁费用明细单', 'Lease fee detail', 5, 'file-text', {
                  path: '/statements/zlfymxd',
                }),
                app('预缴费用通知单', 'Prepayment notice', 5, 'wallet', {
                  path: '/statements/yjfytzd',
                }),
              ],
            },
          ],
        },
        {
          alias: 'ac-finance-sales',
          name: '经营分析',
          nameEn: 'Business analysis',
          children: [
            {
              alias: 'ac-finance-brand',
              name: '品牌销售',
              nameEn: 'Brand sales',
              apps: [
                app('品牌销售查询', 'Brand sales query', 5, 'line-chart', {
                  path: '/finance/xscx',
                }),
              ],
            },
          ],
        },
        {
          alias: 'ac-finance-contracts',
          name: '合同管理',
          nameEn: 'Contracts',
          children: [
            {
              alias: 'ac-finance-prints',
              name: '合同打印',
              nameEn: 'Contract prints',
              apps: [
                app('合同打印资料', 'Contract print data', 2, 'printer', { templateKey: 'dyzl' }),
                // The form preview (type 6) arrives with online forms (issue 17).
                app('商户欠费通知', 'Merchant overdue notices', 5, 'alert', {
                  path: '/finance/shcjftzd',
                }),
              ],
            },
          ],
        },
      ],
    },
    {
      alias: 'ac-office',
      name: '办公协同',
      nameEn: 'Office',
      roles: [staff],
      children: [
        {
          alias: 'ac-office-flow',
          name: '流程审批',
          nameEn: 'Approvals',
          children: [
            {
              alias: 'ac-office-start',
              name: '发起申请',
              nameEn: 'Requests',
              apps: [
                app('请假申请', 'Leave request', 8, 'calendar', { defKey: 'leave' }),
                app('合同审批', 'Contract approval', 8, 'audit', { defKey: 'contract' }),
                app('费用报销', 'Expense claim', 8, 'pay-circle', { defKey: 'expense' }),
              ],
            },
            {
              alias: 'ac-office-tasks',
              name: '我的事项',
              nameEn: 'My tasks',
              apps: [
                app('待办事项', 'To-do', 5, 'solution', { path: '/v-flow/v-todo' }),
                app('我的请求', 'My requests', 5, 'send', { path: '/v-flow/v-request' }),
              ],
            },
          ],
        },
        {
          alias: 'ac-office-info',
          name: '信息公告',
          nameEn: 'Information',
          children: [
            {
              alias: 'ac-office-news',
              name: '公告新闻',
              nameEn: 'News',
              apps: [
                app('公司公告', 'Announcements', 5, 'notification', { path: '/newsList/1' }),
                app('新闻资讯', 'News', 5, 'read', { path: '/newsList/0' }),
              ],
            },
          ],
        },
      ],
    },
    {
      alias: 'ac-hr',
      name: '人事服务',
      nameEn: 'HR',
      roles: [staff],
      children: [
        {
          alias: 'ac-hr-attendance',
          name: '考勤管理',
          nameEn: 'Attendance',
          children: [
            {
              alias: 'ac-hr-exceptions',
              name: '考勤异常',
              nameEn: 'Exceptions',
              apps: [
                app('考勤异常明细', 'Attendance exceptions', 3, 'schedule', {
                  sqlAlias: 'kqyc',
                  viewAlias: 'kqycmx',
                }),
              ],
            },
          ],
        },
        {
          alias: 'ac-hr-leave',
          name: '休假管理',
          nameEn: 'Leave',
          children: [
            {
              alias: 'ac-hr-leave-records',
              name: '请假记录',
              nameEn: 'Leave records',
              apps: [
                app('个人请假明细', 'My leave', 3, 'coffee', {
                  sqlAlias: 'grqjmx',
                  viewAlias: 'grqj',
                }),
              ],
            },
          ],
        },
      ],
    },
  ],
};

interface Counters {
  menu: number;
  app: number;
}

async function insertMenu(
  db: Db,
  menu: MenuSeed,
  parentId: string | null,
  sn: number,
  counters: Counters,
) {
  const id = seedId(60, ++counters.menu);
  await db
    .insertInto('menus')
    .values({
      id,
      parent_id: parentId,
      alias: menu.alias,
      name: menu.name,
      name_en: menu.nameEn,
      icon: menu.icon ?? '',
      sn,
      menu_url: menu.url ?? '',
      href: menu.href ?? '',
    })
    .execute();
  if (menu.roles?.length) {
    await db
      .insertInto('menu_roles')
      .values(menu.roles.map((role_id) => ({ menu_id: id, role_id })))
      .execute();
  }
  for (const [i, item] of (menu.apps ?? []).entries()) {
    await db
      .insertInto('apps')
      .values({
        id: seedId(61, ++counters.app),
        menu_id: id,
        name: item.name,
        name_en: item.nameEn,
        type: item.type,
        icon: item.icon,
        path: item.path ?? '',
        template_key: item.templateKey ?? '',
        sql_alias: item.sqlAlias ?? '',
        view_alias: item.viewAlias ?? '',
        form_key: item.formKey ?? '',
        def_key: item.defKey ?? '',
        sort: i + 1,
      })
      .execute();
  }
  for (const [i, child] of (menu.children ?? []).entries()) {
    await insertMenu(db, child, id, i + 1, counters);
  }
}

export async function seedMenus(db: Db, product: string): Promise<void> {
  const counters = { menu: 0, app: 0 };
  await insertMenu(db, frontMenu(product), null, 1, counters);
  await insertMenu(db, appCenter, null, 2, counters);
}
