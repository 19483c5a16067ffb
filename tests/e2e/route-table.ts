import { seededFileIds } from '../../server/db/seed/ids';

/**
 * The spec's whole route table (spec/shell.md section 2) as the host page answers it: one
 * concrete address per route, what it shows, and, for a route that draws the same page as an
 * earlier one (a tenant variant, a filter, another record), the path of that route.
 * routes.test.ts checks each renders its page, and that a route draws the very page of the
 * route it names; the walks over pages (accessibility.test.ts) check each page once.
 */
export type RouteExpect =
  { element: string; topBar?: boolean; sideMenu?: boolean } | 'not-found' | 'login';
export type Route = [path: string, expected: RouteExpect, sameAs?: string];

/** The element a route draws (its tag), or the kind of page when it draws none of ours. */
export const elementOf = ([, expected]: Route): string =>
  typeof expected === 'string' ? expected : expected.element.replace(/\[.*$/, '');

/** The routes that are the first of their list to draw their element. */
export function firstOfEachElement(routes: Route[]): Set<Route> {
  const first = new Map<string, Route>();
  for (const route of routes) if (!first.has(elementOf(route))) first.set(elementOf(route), route);
  return new Set(first.values());
}
const product = 'atrium';
/** Routes a visitor without a session opens. */
export const anonymousRoutes: Route[] = [
  ['/login', 'login'],
  ['/login/hy', 'login', '/login'],
  ['/resetPwdView', { element: 'atrium-reset-password', topBar: false, sideMenu: false }],
  ['/mapContainer', { element: 'atrium-floor-map', topBar: false, sideMenu: false }],
];
/** Every other route, for a signed-in user. */
export const signedInRoutes: Route[] = [
  ...['lyfyjsd', 'yjfytzd', 'zlfymxd', 'fkqkd'].flatMap((page): Route[] => [
    [`/${page}`, { element: 'atrium-statement-list', topBar: false, sideMenu: false }],
    [
      `/${page}/hy`,
      { element: 'atrium-statement-list', topBar: false, sideMenu: false },
      `/${page}`,
    ],
  ]),
  ['/xscx', { element: 'atrium-sales-query', topBar: false }],
  ['/xscx/hy', { element: 'atrium-sales-query', topBar: false }, '/xscx'],
  ['/ht', { element: 'atrium-contract-list', topBar: false }],
  ['/ht/hy', { element: 'atrium-contract-list', topBar: false }, '/ht'],
  ['/shcjftzd', { element: 'atrium-overdue-list', topBar: false }],
  ['/shcjftzd/hy', { element: 'atrium-overdue-list', topBar: false }, '/shcjftzd'],
  ['/mapContainer', { element: 'atrium-floor-map', topBar: false, sideMenu: false }],
  [
    '/mapContainer/hy',
    { element: 'atrium-floor-map', topBar: false, sideMenu: false },
    '/mapContainer',
  ],
  ['/floorMap', { element: 'atrium-floor-map', topBar: true, sideMenu: true }],
  ['/', { element: 'atrium-home', topBar: true, sideMenu: true }, '/home'],
  ['/home', { element: 'atrium-home', topBar: true, sideMenu: true }],
  ['/home/homeEmail', { element: 'atrium-home' }, '/home'],
  ['/formManage/1/edit', { element: 'atrium-task[inst-id="1"][mode=formEdit]', sideMenu: false }],
  [
    '/v-flow',
    { element: 'atrium-task-list[kind=todo]', topBar: true, sideMenu: true },
    '/v-flow/v-todo',
  ],
  ...(
    [
      ['v-todo', 'todo'],
      ['v-leader', 'leader'],
      ['v-contract', 'todo'],
      [`v-${product}Todo`, 'todo'],
      [`v-${product}Done`, 'done'],
      ['v-done', 'done'],
      ['v-request', 'request'],
      ['v-draft', 'draft'],
      ['v-flowList', 'newProcess'],
      ['v-todoRead', 'todoRead'],
      ['v-doneRead', 'doneRead'],
      ['v-myRead', 'myRead'],
      ['v-myDelegate', 'myDelegate'],
    ] as const
  ).flatMap(([child, kind]): Route[] => {
    // Each kind of list is one page, checked at its first route (the to-do list: v-todo).
    const first: string = { todo: 'v-todo', done: `v-${product}Done` }[kind as string] ?? child;
    const list: Route = [
      `/v-flow/${child}`,
      { element: `atrium-task-list[kind=${kind}]`, sideMenu: true },
    ];
    if (child !== first) list.push(`/v-flow/${first}`);
    return [
      list,
      [
        `/v-flow/${child}/leave`,
        { element: `atrium-task-list[kind=${kind}][def-key=leave]` },
        `/v-flow/${first}`,
      ],
    ];
  }),
  [
    '/v-flow/v-contract',
    { element: 'atrium-task-list[kind=todo][def-key=contract]' },
    '/v-flow/v-todo',
  ],
  ['/flow/todo', { element: 'atrium-task-list[kind=todo]' }, '/v-flow/v-todo'],
  ['/v-check', { element: 'atrium-statement-shell' }],
  [`/v-check/v-${product}Check`, { element: 'atrium-statement-shell' }, '/v-check'],
  [`/v-check/v-${product}Vacation`, { element: 'atrium-statement-shell' }],
  ['/v-news', { element: 'atrium-news' }],
  [`/v-news/v-${product}News`, { element: 'atrium-news' }, '/v-news'],
  [`/v-${product}Mails`, { element: 'atrium-mail', topBar: true }],
  ['/vnewsList/all', { element: 'atrium-news' }, '/v-news'],
  ['/newsList/1', { element: 'atrium-news' }, '/v-news'],
  ['/news/1700000006000000001', { element: 'atrium-news-viewer' }],
  [
    '/v-todo/%E8%BF%90%E8%90%A5%E9%83%A8/1',
    { element: 'atrium-task-list[kind=leader][org-id="1"][org-name="运营部"]' },
    '/v-flow/v-leader',
  ],
  ['/editMap', { element: 'atrium-floor-map-editor[mode=layout]' }],
  ['/editMapYy', { element: 'atrium-floor-map-editor[mode=assign]' }],
  [
    '/agentStart/1/0',
    { element: 'atrium-flow-starter[def-id="1"][leader-id="0"]', sideMenu: false },
  ],
  [
    '/agentStart/1/0/2',
    { element: 'atrium-flow-starter[copy-inst-id="2"]', sideMenu: false },
    '/agentStart/1/0',
  ],
  [
    '/agentStartByKey/leave',
    { element: 'atrium-flow-starter[def-key=leave]', sideMenu: false },
    '/agentStart/1/0',
  ],
  [
    '/sysModulePreview/1700000171000000002',
    { element: 'atrium-sys-module[module-id="1700000171000000002"]', topBar: true },
  ],
  [
    '/flowcenter/template/preview/wfzdrw',
    { element: 'atrium-statement-shell[path="/template/preview/wfzdrw"]', topBar: true },
  ],
  ['/templateReport/salesDaily', { element: 'atrium-statement-shell', sideMenu: false }],
  ['/start/1/2', { element: 'atrium-flow-starter[def-id="1"][draft-id="2"]' }],
  ['/inst/1', { element: 'atrium-task[inst-id="1"][mode=read]', sideMenu: false }],
  ['/inst/1/read', { element: 'atrium-task[inst-id="1"][mode=read]', sideMenu: false }, '/inst/1'],
  [
    '/inst/1/read/2',
    { element: 'atrium-task[inst-id="1"][notice-id="2"]', sideMenu: false },
    '/inst/1',
  ],
  ['/inst/1/read/done/3', { element: 'atrium-task[mode=done][notice-id="3"]', sideMenu: false }],
  ['/myRead/1/2/read', { element: 'atrium-task[inst-id="1"][notice-id="2"][mode=read]' }],
  ['/instRead/1/agent', { element: 'atrium-task[inst-id="1"][mode=agent]' }],
  ['/taskRead/1/done', { element: 'atrium-task[task-id="1"][readonly]' }],
  ['/task/1/0', { element: 'atrium-task[task-id="1"][leader-id="0"]', sideMenu: false }],
  ['/v-mail', { element: 'atrium-mail', topBar: true, sideMenu: true }, `/v-${product}Mails`],
  [
    '/v-mail/mailList',
    { element: 'atrium-mail', topBar: true, sideMenu: true },
    `/v-${product}Mails`,
  ],
  ['/v-mail/linkmanList', { element: 'atrium-mail-contacts' }],
  ['/v-mail/settingList', { element: 'atrium-mail-settings' }],
  ['/mail/mailGet/1', { element: 'atrium-mail[mail-id="1"]' }],
  ['/mail/mailAdd', { element: 'atrium-mail[action=add]' }],
  ['/mail/mailEdit/1', { element: 'atrium-mail[action=edit]' }],
  ['/mail/linkmanEdit/1', { element: 'atrium-mail-contacts[action=edit]' }],
  ['/mail/linkmanGet/1', { element: 'atrium-mail-contacts[action=view]' }],
  ['/mail/settingAdd', { element: 'atrium-mail-settings[action=add]' }],
  ['/mail/settingEdit/1', { element: 'atrium-mail-settings[action=edit]' }],
  ['/mail/settingGet/1', { element: 'atrium-mail-settings[action=view]' }],
  ['/v-personal', { element: 'atrium-news' }, '/v-news'],
  ['/v-personal/myLayout', { element: 'atrium-home-layout' }],
  ['/v-personal/newsList', { element: 'atrium-news' }, '/v-news'],
  ['/v-personal/approvalItem', { element: 'atrium-approval-phrases' }],
  ['/v-personal/commonFlow', { element: 'atrium-flow-starter' }, '/start/1/2'],
  ['/v-personal/agent', { element: 'atrium-agent-settings[kind=agent]' }],
  ['/v-personal/secretary', { element: 'atrium-agent-settings[kind=secretary]' }],
  ['/v-personal/bpmDeputy', { element: 'atrium-agent-settings[kind=deputy]' }],
  ['/v-personal/groupManager', { element: 'atrium-home-groups' }],
  ['/v-personal/approvalItem/add', { element: 'atrium-approval-phrases[action=add]' }],
  ['/v-personal/agent/edit/1', { element: 'atrium-agent-settings[action=edit][item-id="1"]' }],
  ['/v-personal/secretary/edit', { element: 'atrium-agent-settings[kind=secretary][action=edit]' }],
  [
    '/v-personal/bpmDeputy/setting/1',
    { element: 'atrium-agent-settings[kind=deputy][action=setting]' },
  ],
  [
    `/pdf/file/${seededFileIds.handbook}`,
    { element: 'atrium-news-viewer' },
    '/news/1700000006000000001',
  ],
  [
    `/iframeSrc/page/${seededFileIds.handbook}`,
    { element: 'atrium-news-viewer' },
    '/news/1700000006000000001',
  ],
  ['/previewForm/fitOut', { element: 'atrium-form[template-key=fitOut]', sideMenu: false }],
  [
    '/previewForm/fitOut/true',
    { element: 'atrium-form[template-key=fitOut]', sideMenu: false },
    '/previewForm/fitOut',
  ],
  ['/previewInstForm/1/2', { element: 'atrium-task[inst-id="2"][mode=form]', sideMenu: false }],
  [
    '/QRCodeForm/fitOut/add',
    { element: 'atrium-form[template-key=fitOut]', sideMenu: false },
    '/previewForm/fitOut',
  ],
  [
    '/statement/workbench',
    // The workbench opens its first template (the address follows).
    {
      element: 'atrium-statement-shell[path="/template/preview/dyzl"]',
      topBar: true,
      sideMenu: true,
    },
  ],
  ['/statement/href/template/wb-hours', { element: 'atrium-statement-shell' }],
  [
    '/statement/template/preview/dyzl',
    { element: 'atrium-statement-shell' },
    '/statement/workbench',
  ],
  ['/statement/template/form/dyzl/get?id=x', { element: 'atrium-statement-shell' }],
  ['/statement/querySql/queryView/kqyc/kqycmx', { element: 'atrium-statement-shell' }, '/v-check'],
  ['/statement/querySql/queryView/grqjmx/grqj/true', { element: 'atrium-statement-shell' }],
  ['/column/preview/todo', { element: 'atrium-home', topBar: true, sideMenu: true }],
  ['/onlineForm', { element: 'atrium-data-template', sideMenu: false }],
  ['/formDesigner/fitOut', { element: 'atrium-form-designer[form-key=fitOut]' }],
  ['/statement/draftList', { element: 'atrium-statement-shell' }],
  ['/statement/template/preview/fitOut', { element: 'atrium-statement-shell' }],
  ['/statement/template/form/fitOut/add', { element: 'atrium-statement-shell' }],
  ['/completeView/leave', { element: 'atrium-flow-image[def-key=leave]' }],
  ['/doneReadOnly/1', { element: 'atrium-task[inst-id="1"][mode=done]' }],
  ['/appCenterFront', { element: 'atrium-app-centre' }],
  ['/appContent/3/kqycmx/kqyc', { element: 'atrium-statement-shell' }, '/v-check'],
  ['/meetingList/0', { element: 'atrium-meetings[mode=list]' }],
  ['/no/such/page', 'not-found'],
];
