import { http, type CommonResult } from '../http';
import type { ColumnConfig } from './shell';
import type { PageList } from './workflow';

/** The home widgets' calls (docs/shell-api.md, "Home widgets"). */

export interface Meeting {
  id: string;
  hymc: string;
  kssj: string;
  taskId: string;
  /** A workflow meeting (opens its task) or a meeting booking of the online forms. */
  kind: 'meeting' | 'booking';
  /** A booking's room; empty for a meeting. */
  room: string;
  /** A booking the caller may open (they booked it, or manage bookings). */
  canOpen: boolean;
}

/**
 * menu/getMeetingPagination: the caller's meetings and upcoming meeting bookings (booked,
 * hosted or invited to), start time descending; `today`: only those starting today (the
 * business time zone's, decided by the server).
 */
export function meetings(
  page: number,
  pageSize: number,
  options: { today?: boolean } = {},
): Promise<PageList<Meeting>> {
  return http.post<PageList<Meeting>>('portal', '/portal/meeting/v1/getMeetingPagination', {
    pageBean: { page, pageSize },
    ...(options.today
      ? { querys: [{ property: 'kssj', value: 'today', operation: 'EQUAL' }] }
      : {}),
  });
}

/** One meeting as its page shows it. */
export interface MeetingDetail {
  id: string;
  subject: string;
  startTime: string;
  endTime: string;
  room: string;
  organiser: string;
  attendees: { id: string; name: string; orgName: string }[];
  /** The request it reviews. */
  instId: string;
}

export function meeting(id: string): Promise<MeetingDetail> {
  return http.get<MeetingDetail>('portal', '/portal/meeting/v1/get', { id });
}

export interface FavouriteApp {
  yybm: string;
  yymc: string;
  icon: string;
  type: number;
  content: string;
  menuname: string;
}

export function favouriteApps(): Promise<FavouriteApp[]> {
  return http.post<FavouriteApp[]>('portal', '/bpm/haiyaapi/getOftenFlows', {});
}

/** Saves the list; the server's message comes back (shown on failure by the caller). */
export function saveFavouriteApps(apps: { yybm: string; yymc: string }[]) {
  return http.post<{ state: boolean | number | string; message: string }>(
    'portal',
    '/bpm/haiyaapi/UpdateOftenFlow',
    { app: apps },
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

export interface AuthorisedApp {
  id: string;
  name: string;
  icon: string;
  type: number;
  url: string;
  defKey: string;
  sqlAlias: string;
  alias: string;
  templateKey: string;
  formId: string;
}

export function authorisedApps(menuId: string): Promise<AuthorisedApp[]> {
  return http.post<AuthorisedApp[]>('portal', '/portal/sysApp/v1/authList', { menuId });
}

export function appById(id: string): Promise<{ url: string; name: string }> {
  return http
    .get<CommonResult<{ url: string; name: string }>>('portal', '/portal/sysApp/v1/getApp', { id })
    .then((answer) => answer.value ?? { url: '', name: '' });
}

/** /appContent/{type}/{first}/{second}: type 3 is alias and sqlAlias, others id/key and 0. */
export function appContentPath(app: AuthorisedApp): string {
  if (app.type === 3) return `/appContent/3/${app.alias}/${app.sqlAlias}`;
  const key = { 2: app.templateKey, 6: app.formId, 8: app.defKey }[app.type] ?? app.id;
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

export interface ShortcutApp {
  id: string;
  yymc: string;
  tb: string;
  yylj: string;
  nwyylj: string;
}

export function shortcutApps(account: string): Promise<ShortcutApp[]> {
  return http.post<ShortcutApp[]>('portal', '/bpm/haiyaapi/getYykjrk', {}, { params: { account } });
}

export interface Reminder {
  id: string;
  kind: string;
  /** A result message's outcome: approved, refused, ended, returned; else ''. */
  outcome?: string;
  text: string;
  procInstId: string;
  taskId: string;
  createTime: string;
  readTime: string;
}

/** A page of reminders, with how many of all the caller's are unread. */
export function reminders(): Promise<PageList<Reminder> & { unread: number }> {
  return http.post<PageList<Reminder> & { unread: number }>(
    'bpmRunTime',
    '/runtime/message/v1/myList',
    {
      pageBean: { page: 1, pageSize: 10 },
    },
  );
}

export interface PlacedColumn extends ColumnConfig {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LayoutEditor {
  columns: PlacedColumn[];
  custom: boolean;
  available: { alias: string; name: string; widget: string }[];
}

export async function myLayout(): Promise<LayoutEditor> {
  const answer = await http.get<CommonResult<LayoutEditor>>('portal', '/bpm/haiyaapi/getMyLayout');
  return answer.value ?? { columns: [], custom: false, available: [] };
}

export type Cell = { alias: string; x: number; y: number; w: number; h: number };

export function saveMyLayout(columns: Cell[]) {
  return http.post<{ state: boolean; message: string }>('portal', '/bpm/haiyaapi/saveMyLayout', {
    columns,
  });
}

export function resetMyLayout() {
  return http.post<{ state: boolean; message: string }>('portal', '/bpm/haiyaapi/resetMyLayout');
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

/** A column group: a role's home layout (/v-personal/groupManager, administrators). */
export interface LayoutGroup {
  id: string;
  name: string;
  roleId: string;
  roleName: string;
  columnCount: number;
}

export interface LayoutGroups {
  groups: LayoutGroup[];
  roles: { id: string; name: string }[];
}

export interface GroupEditor {
  id: string;
  name: string;
  columns: { alias: string; name: string; x: number; y: number; w: number; h: number }[];
  available: { alias: string; name: string }[];
}

type Saved = { state: boolean; message: string };

export async function layoutGroups(): Promise<LayoutGroups> {
  const answer = await http.get<CommonResult<LayoutGroups>>(
    'portal',
    '/bpm/haiyaapi/getLayoutGroups',
  );
  return answer.value ?? { groups: [], roles: [] };
}

export async function createLayoutGroup(name: string, roleId: string) {
  return http.post<Saved>('portal', '/bpm/haiyaapi/createLayoutGroup', { name, roleId });
}

export async function renameLayoutGroup(id: string, name: string) {
  return http.post<Saved>('portal', '/bpm/haiyaapi/renameLayoutGroup', { id, name });
}

/** In RemoveDialog's shape: removes the one id, answers the server's message. */
export async function removeLayoutGroup([id]: string[]) {
  return (await http.post<Saved>('portal', '/bpm/haiyaapi/deleteLayoutGroup', { id })).message;
}

export async function layoutGroup(id: string): Promise<GroupEditor> {
  const answer = await http.get<CommonResult<GroupEditor>>(
    'portal',
    `/bpm/haiyaapi/getLayoutGroup?id=${encodeURIComponent(id)}`,
  );
  if (!answer.value) throw new Error('no group');
  return answer.value;
}

export function saveLayoutGroup(id: string, columns: Cell[]) {
  return http.post<Saved>('portal', '/bpm/haiyaapi/saveLayoutGroup', { id, columns });
}
