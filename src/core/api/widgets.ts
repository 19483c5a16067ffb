import type { queryCalls } from '../../contract/custom-query';
import type { AppEntry, Cell, FavouriteApp, widgetCalls } from '../../contract/widgets';
import { send } from '../http';

/** The home widgets' calls (docs/shell-api.md, "Home widgets"). */
export type {
  Cell,
  FavouriteApp,
  LayoutEditor,
  LayoutGroup,
  LayoutGroups,
  ShortcutApp,
} from '../../contract/widgets';

/**
 * menu/getMeetingPagination: the caller's meetings and upcoming meeting bookings (booked,
 * hosted or invited to), start time descending; `today`: only those starting today (the
 * business time zone's, decided by the server).
 */
export function meetings(page: number, pageSize: number, options: { today?: boolean } = {}) {
  return send<typeof widgetCalls.meetings>(
    'portal',
    { method: 'POST', path: '/portal/meeting/v1/getMeetingPagination' },
    {
      body: {
        pageBean: { page, pageSize },
        ...(options.today
          ? { querys: [{ property: 'kssj', value: 'today', operation: 'EQUAL' }] }
          : {}),
      },
    },
  );
}

/** One meeting as its page shows it. */
export function meeting(id: string) {
  return send<typeof widgetCalls.meeting>(
    'portal',
    { method: 'GET', path: '/portal/meeting/v1/get' },
    { query: { id } },
  );
}

export function favouriteApps() {
  return send<typeof widgetCalls.favouriteApps>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getOftenFlows' },
    {},
  );
}

/** Saves the list; the server's message comes back (shown on failure by the caller). */
export function saveFavouriteApps(apps: { yybm: string; yymc: string }[]) {
  return send<typeof widgetCalls.saveFavouriteApps>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/UpdateOftenFlow' },
    { body: { app: apps } },
    { quiet: true },
  );
}

/** The route that opens a favourite app (its content JSON carries it). */
export function favouriteRoute(app: FavouriteApp): string {
  try {
    const content = JSON.parse(app.content) as { url?: string };
    return content.url ?? '';
  } catch {
    return '';
  }
}

export function authorisedApps(menuId: string) {
  return send<typeof widgetCalls.authorisedApps>(
    'portal',
    { method: 'POST', path: '/portal/sysApp/v1/authList' },
    { body: { menuId } },
  );
}

export async function appById(id: string): Promise<{ url: string; name: string }> {
  const answer = await send<typeof widgetCalls.app>(
    'portal',
    { method: 'GET', path: '/portal/sysApp/v1/getApp' },
    { query: { id } },
  );
  return answer.value ?? { url: '', name: '' };
}

/** /appContent/{type}/{first}/{second}: type 3 is alias and sqlAlias, others id/key and 0. */
export function appContentPath(app: AppEntry): string {
  if (app.type === 3) return `/appContent/3/${app.alias}/${app.sqlAlias}`;
  const keys: Partial<Record<AppEntry['type'], string>> = {
    2: app.templateKey,
    6: app.formId,
    8: app.defKey,
  };
  const key = keys[app.type] ?? app.id;
  return `/appContent/${app.type}/${key}/0`;
}

/** Where /appContent sends the user (the app's own page). */
export async function appContentTarget(type: string, first: string, second: string) {
  switch (type) {
    case '2':
      return `/statement/template/preview/${first}`;
    case '3':
      return `/statement/querySql/queryView/${second}/${first}`;
    case '6':
      return `/previewForm/${first}`;
    case '8':
      return `/agentStartByKey/${first}`;
    default:
      return (await appById(first)).url;
  }
}

export function shortcutApps(account: string) {
  return send<typeof widgetCalls.shortcutApps>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getYykjrk' },
    { query: { account } },
  );
}

/**
 * The attendance card: the caller's attendance exceptions this month and leave days this
 * year, the one row of the custom query attendanceCard (docs/shell-api.md); 0 when none.
 */
export async function attendanceCard(): Promise<{ exceptionCount: number; leaveDays: number }> {
  const answer = await send<typeof queryCalls.run>(
    'form',
    { method: 'POST', path: '/form/customQuery/v1/doQuery' },
    { query: { alias: 'attendanceCard', page: 1 }, body: {} },
  );
  const row = answer.rows[0];
  return {
    exceptionCount: Number(row?.exceptionCount ?? 0),
    leaveDays: Number(row?.leaveDays ?? 0),
  };
}

/** A page of reminders, with how many of all the caller's are unread. */
export function reminders() {
  return send<typeof widgetCalls.reminders>(
    'bpmRunTime',
    { method: 'POST', path: '/runtime/message/v1/myList' },
    { body: { pageBean: { page: 1, pageSize: 10 } } },
  );
}

export async function myLayout() {
  const answer = await send<typeof widgetCalls.myLayout>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getMyLayout' },
    {},
  );
  return answer.value ?? { columns: [], custom: false, available: [] };
}

export function saveMyLayout(columns: Cell[]) {
  return send<typeof widgetCalls.saveMyLayout>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/saveMyLayout' },
    { body: { columns } },
  );
}

export function resetMyLayout() {
  return send<typeof widgetCalls.resetMyLayout>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/resetMyLayout' },
    {},
  );
}

/**
 * Flows columns in order into a 12-wide grid: each goes right of the previous one when it
 * fits, else starts a new row below the tallest of the row.
 */
export function packColumns(columns: { alias: string; w: number; h: number }[]): Cell[] {
  const cells: Cell[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const column of columns) {
    if (x + column.w > 12) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    cells.push({ alias: column.alias, x, y, w: column.w, h: column.h });
    x += column.w;
    rowHeight = Math.max(rowHeight, column.h);
  }
  return cells;
}

/** Column groups: the roles' home layouts (/v-personal/groupManager, administrators). */
export async function layoutGroups() {
  const answer = await send<typeof widgetCalls.layoutGroups>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getLayoutGroups' },
    {},
  );
  return answer.value ?? { groups: [], roles: [] };
}

export function createLayoutGroup(name: string, roleId: string) {
  return send<typeof widgetCalls.createLayoutGroup>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/createLayoutGroup' },
    { body: { name, roleId } },
  );
}

export function renameLayoutGroup(id: string, name: string) {
  return send<typeof widgetCalls.renameLayoutGroup>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/renameLayoutGroup' },
    { body: { id, name } },
  );
}

/** In RemoveDialog's shape: removes the one id, answers the server's message. */
export async function removeLayoutGroup([id = '']: string[]) {
  const answer = await send<typeof widgetCalls.removeLayoutGroup>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/deleteLayoutGroup' },
    { body: { id } },
  );
  return answer.message;
}

export async function layoutGroup(id: string) {
  const answer = await send<typeof widgetCalls.layoutGroup>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getLayoutGroup' },
    { query: { id } },
  );
  if (!answer.value) throw new Error('no group');
  return answer.value;
}

export function saveLayoutGroup(id: string, columns: Cell[]) {
  return send<typeof widgetCalls.saveLayoutGroup>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/saveLayoutGroup' },
    { body: { id, columns } },
  );
}
