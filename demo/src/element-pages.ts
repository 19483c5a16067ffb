/**
 * The elements the host shows as pages: each route names one, and the page gives it
 * attributes from the route's parameters. The host composes elements; it implements none.
 */
export interface ElementPage {
  tag: string;
  load: () => Promise<unknown>;
  /** The element draws no card of its own (it is made to sit in any page): the host adds one. */
  panel?: boolean;
  /** The element's attributes for a route's parameters and query string. */
  attributes?: (
    params: Record<string, string>,
    search: URLSearchParams,
  ) => Record<string, string | undefined>;
}

const statementList = () => import('../../src/elements/statement-list/index');
const taskElement = () => import('../../src/elements/task/index');
const flowStarter = () => import('../../src/elements/flow-starter/index');
const agentSettings = () => import('../../src/elements/agent-settings/index');
/** Forms' dialog fields show atrium-custom-dialog by its tag: pages with forms load it too. */
const customDialogElement = () => import('../../src/elements/custom-dialog/index');

const floorMap: ElementPage = {
  tag: 'atrium-floor-map',
  load: () => import('../../src/elements/floor-map/index'),
  attributes: (_params, search) => ({
    store: search.get('store') ?? undefined,
    floor: search.get('floor') ?? undefined,
    shop: search.get('shop') ?? undefined,
  }),
};

export const elementPages: Record<string, ElementPage> = {
  home: {
    tag: 'atrium-home',
    // The home grid shows the workflow widgets by tag: they must be defined before it draws.
    load: () =>
      Promise.all([
        import('../../src/elements/home/index'),
        import('../../src/elements/todo-card/index'),
        import('../../src/elements/task-counters/index'),
        import('../../src/elements/custom-query/index'),
        import('../../src/elements/chart-column/index'),
        // The home widgets (issue 15): the grid shows each by tag.
        import('../../src/elements/meetings/index'),
        import('../../src/elements/messages/index'),
        import('../../src/elements/news-carousel/index'),
        import('../../src/elements/favourite-apps/index'),
        import('../../src/elements/shortcuts/index'),
        import('../../src/elements/data-template/index'),
      ]),
    // /home?tour=1: the guide button was pressed on another page.
    // React sets a defined element's props as properties: a boolean needs a true value.
    attributes: (_params, search) => ({ tour: search.get('tour') === '1' ? 'true' : undefined }),
  },
  /** /column/preview/{alias}: one home column, shown whatever the user's display rights. */
  columnPreview: {
    tag: 'atrium-home',
    load: () =>
      Promise.all([
        import('../../src/elements/home/index'),
        import('../../src/elements/todo-card/index'),
        import('../../src/elements/task-counters/index'),
        import('../../src/elements/custom-query/index'),
        import('../../src/elements/chart-column/index'),
        import('../../src/elements/data-template/index'),
      ]),
    attributes: (params) => ({ 'preview-alias': params.previewAlias }),
  },
  lyfyjsd: {
    tag: 'atrium-statement-list',
    load: statementList,
    attributes: () => ({ kind: 'lyfyjsd' }),
  },
  yjfytzd: {
    tag: 'atrium-statement-list',
    load: statementList,
    attributes: () => ({ kind: 'yjfytzd' }),
  },
  zlfymxd: {
    tag: 'atrium-statement-list',
    load: statementList,
    attributes: () => ({ kind: 'zlfymxd' }),
  },
  fkqkd: {
    tag: 'atrium-statement-list',
    load: statementList,
    attributes: () => ({ kind: 'fkqkd' }),
  },
  /** A statement list inside the portal: /statements/{kind}. */
  statementList: {
    tag: 'atrium-statement-list',
    panel: true,
    load: statementList,
    attributes: (params) => ({ kind: params.kind }),
  },
  floorMap,
  /** The same map inside the portal (/floorMap), on the card other portal pages sit on. */
  floorMapInPortal: { ...floorMap, panel: true },
  floorMapEditor: {
    tag: 'atrium-floor-map-editor',
    panel: true,
    load: () => import('../../src/elements/floor-map-editor/index'),
    attributes: (params) => ({ mode: params.mode }),
  },
  xscx: {
    tag: 'atrium-sales-query',
    panel: true,
    load: () => import('../../src/elements/sales-query/index'),
  },
  ht: {
    tag: 'atrium-contract-list',
    panel: true,
    load: () => import('../../src/elements/contract-list/index'),
    // The floor map's panel links a shop's contract here (?contractNo=...).
    attributes: (_params, search) => ({ contract: search.get('contractNo') ?? undefined }),
  },
  shcjftzd: {
    tag: 'atrium-overdue-list',
    panel: true,
    load: () => import('../../src/elements/overdue-list/index'),
  },
  statement: {
    tag: 'atrium-statement-shell',
    load: () =>
      Promise.all([import('../../src/elements/statement-shell/index'), customDialogElement()]),
    attributes: (params, search) => ({
      path: `/${params.rest ?? ''}`,
      search: search.toString(),
      'menu-alias': params.menuAlias,
      single:
        search.get('isNewPage') === 'true' || /\/true$/.test(params.rest ?? '') ? '' : undefined,
    }),
  },
  report: {
    tag: 'atrium-statement-shell',
    load: () => import('../../src/elements/statement-shell/index'),
    attributes: (params) => ({ path: `/templateReport/${params.alias}`, single: '' }),
  },
  newsList: {
    tag: 'atrium-news',
    panel: true,
    load: () => import('../../src/elements/news/index'),
    attributes: (params) => ({
      type: params.type === '1' ? 'announcement' : params.type === '0' ? 'news' : undefined,
      'classify-id': params.classifyId,
    }),
  },
  newsViewer: {
    tag: 'atrium-news-viewer',
    panel: true,
    load: () => import('../../src/elements/news-viewer/index'),
    attributes: (params) => ({
      'news-id': params.newsId,
      src: params.src ?? params.iframeSrc,
      'file-id': params.fileId,
    }),
  },
  taskList: {
    tag: 'atrium-task-list',
    load: () => import('../../src/elements/task-list/index'),
    attributes: (params) => ({
      kind: params.kind,
      'def-key': params.defKey,
      'org-id': params.orgId,
      'org-name': params.orgName,
    }),
  },
  task: {
    tag: 'atrium-task',
    load: taskElement,
    attributes: (params) => ({
      'task-id': params.taskId,
      'leader-id': params.leaderId || '0',
      // React sets a defined element's props as properties: a boolean needs a true value.
      readonly: params.readonly === 'true' ? 'true' : undefined,
    }),
  },
  instance: {
    tag: 'atrium-task',
    load: taskElement,
    attributes: (params) => ({
      'inst-id': params.instId,
      // /inst/{id}/{type}/{readType}/{readDoneId}, /myRead/{id}/{readId}/{type}, /instRead/{id}/{type}
      mode: params.readType ?? params.myReadType ?? params.type ?? 'read',
      'notice-id': params.readDoneId ?? params.readId,
    }),
  },
  /** An instance's form alone: /previewInstForm (read) and /formManage/{instId}/{type}. */
  instanceForm: {
    tag: 'atrium-task',
    load: taskElement,
    attributes: (params) => ({
      'inst-id': params.instId,
      mode: params.type === 'edit' ? 'formEdit' : 'form',
    }),
  },
  flowStarter: {
    tag: 'atrium-flow-starter',
    load: flowStarter,
    attributes: (params) => ({
      'def-id': params.defId,
      'def-key': params.defKey,
      'leader-id': params.leaderId,
      'draft-id': params.instId,
      'copy-inst-id': params.copeInstId,
    }),
  },
  mail: {
    tag: 'atrium-mail',
    load: () => import('../../src/elements/mail/index'),
    attributes: (params, search) => ({
      'mail-id': params.id,
      action: params.action,
      folder: search.get('folder') ?? undefined,
    }),
  },
  mailContacts: {
    tag: 'atrium-mail-contacts',
    load: () => import('../../src/elements/mail-contacts/index'),
    attributes: (params) => ({ action: params.action, 'item-id': params.id }),
  },
  mailSettings: {
    tag: 'atrium-mail-settings',
    load: () => import('../../src/elements/mail-settings/index'),
    attributes: (params) => ({ action: params.action, 'item-id': params.id }),
  },
  flowIncidents: {
    tag: 'atrium-flow-incidents',
    load: () => import('../../src/elements/flow-incidents/index'),
    attributes: (_params, search) => ({ state: search.get('state') ?? undefined }),
  },
  flowImage: {
    tag: 'atrium-flow-image',
    load: () => import('../../src/elements/flow-image/index'),
    attributes: (params) => ({ 'def-key': params.procDefKey }),
  },
  approvalPhrases: {
    tag: 'atrium-approval-phrases',
    load: () => import('../../src/elements/approval-phrases/index'),
    attributes: (params) => ({ action: params.action, 'item-id': params.id }),
  },
  agentSettings: {
    tag: 'atrium-agent-settings',
    load: agentSettings,
    attributes: (params) => ({ kind: params.kind, action: params.action, 'item-id': params.id }),
  },
  // Online forms (issue 17): the forms' list, and one form alone (previews, QR codes).
  onlineForm: {
    tag: 'atrium-data-template',
    panel: true,
    load: () =>
      Promise.all([import('../../src/elements/data-template/index'), customDialogElement()]),
  },
  formDesigner: {
    tag: 'atrium-form-designer',
    panel: true,
    load: () => import('../../src/elements/form-designer/index'),
    attributes: (params) => ({ 'form-key': params.formKey }),
  },
  formPreview: {
    tag: 'atrium-form',
    panel: true,
    load: () => Promise.all([import('../../src/elements/form/index'), customDialogElement()]),
    attributes: (params, search) => ({
      'template-key': params.formId ?? params.templateKey,
      'record-id': search.get('id') ?? undefined,
      readonly: params.action === 'get' ? '' : undefined,
    }),
  },
  /** /sysModulePreview/{id}: a module's tabs show these elements by tag: load them all. */
  sysModule: {
    tag: 'atrium-sys-module',
    panel: true,
    load: () =>
      Promise.all([
        import('../../src/elements/sys-module/index'),
        import('../../src/elements/data-template/index'),
        import('../../src/elements/custom-query/index'),
        import('../../src/elements/chart-column/index'),
      ]),
    attributes: (params) => ({ 'module-id': params.id }),
  },
  /** /flowcenter/template/preview/{key} (wfzdrw): the template's list in the statement shell. */
  flowcenterTemplate: {
    tag: 'atrium-statement-shell',
    load: () => import('../../src/elements/statement-shell/index'),
    attributes: (params) => ({ path: `/template/preview/${params.templateKey}`, single: '' }),
  },
  meetingList: {
    tag: 'atrium-meetings',
    panel: true,
    load: () => import('../../src/elements/meetings/index'),
    attributes: () => ({ mode: 'list' }),
  },
  meeting: {
    tag: 'atrium-meetings',
    load: () => import('../../src/elements/meetings/index'),
    attributes: (params) => ({ mode: 'detail', 'meeting-id': params.meetingId }),
  },
  appCentre: {
    tag: 'atrium-app-centre',
    panel: true,
    load: () => import('../../src/elements/app-centre/index'),
    attributes: (params) => ({
      'app-type': params.type,
      first: params.id,
      second: params.otherId,
    }),
  },
  myLayout: {
    tag: 'atrium-home-layout',
    panel: true,
    load: () => import('../../src/elements/home-layout/index'),
  },
  groupManager: {
    tag: 'atrium-home-groups',
    panel: true,
    load: () => import('../../src/elements/home-groups/index'),
  },
};
