/**
 * The elements the host shows as pages: each route names one, and the page gives it
 * attributes from the route's parameters. The host composes elements; it implements none.
 * A page names its elements' folders as data (its tag, and the elements it shows by tag), so
 * the build can list the code an address needs and the server can have it preloaded with
 * the page (scripts/page-code.ts); element-code.ts loads it.
 */
export interface ElementPage {
  tag: `atrium-${string}`;
  /**
   * Other elements the page's element shows by tag (folders of src/elements): they must be
   * defined before it draws.
   */
  shows?: readonly string[];
  /** The element draws no card of its own (it is made to sit in any page): the host adds one. */
  panel?: boolean;
  /** The element's attributes for a route's parameters and query string. */
  attributes?: (
    params: Record<string, string>,
    search: URLSearchParams,
  ) => Record<string, string | undefined>;
}

/** The folders of src/elements whose code a page needs, its own element's first. */
export function elementFolders(page: ElementPage): string[] {
  return [page.tag.slice('atrium-'.length), ...(page.shows ?? [])];
}

/** Forms' dialog fields show atrium-custom-dialog by its tag: pages with forms load it too. */
const withForms = ['custom-dialog'];

const floorMap: ElementPage = {
  tag: 'atrium-floor-map',
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
    shows: [
      'todo-card',
      'task-counters',
      'custom-query',
      'chart-column',
      'meetings',
      'messages',
      'news-carousel',
      'favourite-apps',
      'shortcuts',
      'data-template',
    ],
    // /home?tour=1: the guide button was pressed on another page.
    // React sets a defined element's props as properties: a boolean needs a true value.
    attributes: (_params, search) => ({ tour: search.get('tour') === '1' ? 'true' : undefined }),
  },
  /** /column/preview/{alias}: one home column, shown whatever the user's display rights. */
  columnPreview: {
    tag: 'atrium-home',
    shows: ['todo-card', 'task-counters', 'custom-query', 'chart-column', 'data-template'],
    attributes: (params) => ({ 'preview-alias': params.previewAlias }),
  },
  lyfyjsd: {
    tag: 'atrium-statement-list',
    attributes: () => ({ kind: 'lyfyjsd' }),
  },
  yjfytzd: {
    tag: 'atrium-statement-list',
    attributes: () => ({ kind: 'yjfytzd' }),
  },
  zlfymxd: {
    tag: 'atrium-statement-list',
    attributes: () => ({ kind: 'zlfymxd' }),
  },
  fkqkd: {
    tag: 'atrium-statement-list',
    attributes: () => ({ kind: 'fkqkd' }),
  },
  /** A statement list inside the portal: /statements/{kind}. */
  statementList: {
    tag: 'atrium-statement-list',
    panel: true,
    attributes: (params) => ({ kind: params.kind }),
  },
  floorMap,
  /** The same map inside the portal (/floorMap), on the card other portal pages sit on. */
  floorMapInPortal: { ...floorMap, panel: true },
  floorMapEditor: {
    tag: 'atrium-floor-map-editor',
    panel: true,
    attributes: (params) => ({ mode: params.mode }),
  },
  xscx: {
    tag: 'atrium-sales-query',
    panel: true,
  },
  ht: {
    tag: 'atrium-contract-list',
    panel: true,
    // The floor map's panel links a shop's contract here (?contractNo=...).
    attributes: (_params, search) => ({ contract: search.get('contractNo') ?? undefined }),
  },
  shcjftzd: {
    tag: 'atrium-overdue-list',
    panel: true,
  },
  statement: {
    tag: 'atrium-statement-shell',
    shows: withForms,
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
    attributes: (params) => ({ path: `/templateReport/${params.alias}`, single: '' }),
  },
  newsList: {
    tag: 'atrium-news',
    panel: true,
    attributes: (params) => ({
      type: params.type === '1' ? 'announcement' : params.type === '0' ? 'news' : undefined,
      'classify-id': params.classifyId,
    }),
  },
  newsViewer: {
    tag: 'atrium-news-viewer',
    panel: true,
    attributes: (params) => ({
      'news-id': params.newsId,
      src: params.src ?? params.iframeSrc,
      'file-id': params.fileId,
    }),
  },
  taskList: {
    tag: 'atrium-task-list',
    attributes: (params) => ({
      kind: params.kind,
      'def-key': params.defKey,
      'org-id': params.orgId,
      'org-name': params.orgName,
    }),
  },
  task: {
    tag: 'atrium-task',
    attributes: (params) => ({
      'task-id': params.taskId,
      'leader-id': params.leaderId || '0',
      // React sets a defined element's props as properties: a boolean needs a true value.
      readonly: params.readonly === 'true' ? 'true' : undefined,
    }),
  },
  instance: {
    tag: 'atrium-task',
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
    attributes: (params) => ({
      'inst-id': params.instId,
      mode: params.type === 'edit' ? 'formEdit' : 'form',
    }),
  },
  flowStarter: {
    tag: 'atrium-flow-starter',
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
    attributes: (params, search) => ({
      'mail-id': params.id,
      action: params.action,
      folder: search.get('folder') ?? undefined,
    }),
  },
  mailContacts: {
    tag: 'atrium-mail-contacts',
    attributes: (params) => ({ action: params.action, 'item-id': params.id }),
  },
  mailSettings: {
    tag: 'atrium-mail-settings',
    attributes: (params) => ({ action: params.action, 'item-id': params.id }),
  },
  flowIncidents: {
    tag: 'atrium-flow-incidents',
    attributes: (_params, search) => ({ state: search.get('state') ?? undefined }),
  },
  flowImage: {
    tag: 'atrium-flow-image',
    attributes: (params) => ({ 'def-key': params.procDefKey }),
  },
  approvalPhrases: {
    tag: 'atrium-approval-phrases',
    attributes: (params) => ({ action: params.action, 'item-id': params.id }),
  },
  agentSettings: {
    tag: 'atrium-agent-settings',
    attributes: (params) => ({ kind: params.kind, action: params.action, 'item-id': params.id }),
  },
  // Online forms (issue 17): the forms' list, and one form alone (previews, QR codes).
  onlineForm: {
    tag: 'atrium-data-template',
    panel: true,
    shows: withForms,
  },
  formDesigner: {
    tag: 'atrium-form-designer',
    panel: true,
    attributes: (params) => ({ 'form-key': params.formKey }),
  },
  formPreview: {
    tag: 'atrium-form',
    panel: true,
    shows: withForms,
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
    shows: ['data-template', 'custom-query', 'chart-column'],
    attributes: (params) => ({ 'module-id': params.id }),
  },
  /** /flowcenter/template/preview/{key} (wfzdrw): the template's list in the statement shell. */
  flowcenterTemplate: {
    tag: 'atrium-statement-shell',
    attributes: (params) => ({ path: `/template/preview/${params.templateKey}`, single: '' }),
  },
  meetingList: {
    tag: 'atrium-meetings',
    panel: true,
    attributes: () => ({ mode: 'list' }),
  },
  meeting: {
    tag: 'atrium-meetings',
    attributes: (params) => ({ mode: 'detail', 'meeting-id': params.meetingId }),
  },
  appCentre: {
    tag: 'atrium-app-centre',
    panel: true,
    attributes: (params) => ({
      'app-type': params.type,
      first: params.id,
      second: params.otherId,
    }),
  },
  myLayout: {
    tag: 'atrium-home-layout',
    panel: true,
  },
  groupManager: {
    tag: 'atrium-home-groups',
    panel: true,
  },
};
