import type { CommonResult } from '../../contract/envelope';
import type { MasterOrgCall, MenuNode, shellCalls } from '../../contract/shell';
import { $config } from '../config';
import { send } from '../http';

/**
 * The shell's calls (docs/shell-api.md): menus, the top bar and the home page. Their shapes
 * are the contract's (src/contract/shell.ts).
 */
export type {
  AssetDetail,
  AssetSummary,
  FormReminder as Reminder,
  HolidayTip,
  HomeLayout,
  MenuNode,
  Popup,
  ReportTarget,
  SideMenuItem,
  TourState,
} from '../../contract/shell';
export type { AppEntry as AppResult, ColumnConfig } from '../../contract/widgets';

/** The value of a CommonResult, or what stands for none. */
const value = <T>(answer: CommonResult<T>, fallback: T): T => answer.value ?? fallback;

export async function currentUserMenu(menuAlias: string): Promise<MenuNode[]> {
  const answer = await send<typeof shellCalls.menu>(
    'portal',
    { method: 'GET', path: '/sys/sysMenu/v1/getCurrentUserMenu' },
    { query: { menuAlias } },
  );
  return value(answer, []);
}

export async function sideMenu(account: string) {
  const answer = await send<typeof shellCalls.sideMenu>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getmenu' },
    { query: { account } },
  );
  return value(answer, []);
}

/** The top bar's app search; an empty keyword is refused by the server with its message. */
export async function searchApps(keyword: string) {
  const answer = await send<typeof shellCalls.searchApps>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/searchApps' },
    { query: { keyword } },
    { quiet: true },
  );
  return value(answer, []);
}

export async function greetingText(): Promise<string> {
  const answer = await send<typeof shellCalls.greeting>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getManageGreets' },
    {},
    { quiet: true },
  );
  return value(answer, { zswb: '' }).zswb;
}

export async function assetNames() {
  const answer = await send<typeof shellCalls.assets>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getZcmc' },
    {},
  );
  return value(answer, { dwmc: '', items: [] });
}

export async function assetDetails(zcmc: string) {
  const answer = await send<typeof shellCalls.assetDetails>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getGrzcmx' },
    { query: { zcmc } },
  );
  return value(answer, []);
}

export async function unreadNews(account: string) {
  const answer = await send<typeof shellCalls.unreadNews>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/isReadNews' },
    { query: { account } },
    { quiet: true },
  );
  return value(answer, { hasUnread: false, count: 0, mailCount: 0 });
}

export async function tourState(account: string) {
  const answer = await send<typeof shellCalls.tour>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getManageGuide' },
    { query: { account } },
    { quiet: true },
  );
  return value(answer, { due: false, version: 0, seenVersion: 0, outcome: '' });
}

export async function recordTour(account: string, outcome: 'complete' | 'exit'): Promise<void> {
  await send<typeof shellCalls.recordTour>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/updateManageGuide' },
    { query: { account, outcome }, body: { outcome } },
    { quiet: true },
  );
}

export async function tenantLogo(id: string): Promise<string> {
  const answer = await send<typeof shellCalls.tenant>(
    'uc',
    { method: 'GET', path: '/uc/tenantManage/v1/getJson' },
    { query: { id } },
    { quiet: true },
  );
  return answer.value?.frontLogo ?? '[]';
}

/** Its path carries the deployment's product name (src/contract/shell.ts, masterOrgCallOf). */
export async function switchMasterOrg(orgid: string, userid: string): Promise<string> {
  const answer = await send<MasterOrgCall>(
    'bpmRunTime',
    { method: 'PUT', path: `/bpm/${$config.get().product}Script/setMasterByorgId` },
    { query: { orgid, userid } },
  );
  return answer.message;
}

// Home

export async function enterpriseNotices() {
  const answer = await send<typeof shellCalls.notices>(
    'portal',
    { method: 'GET', path: '/enterpriseNotice/v1/getShowEnterpriseNotice' },
    {},
    { quiet: true },
  );
  return value(answer, []);
}

export async function holidayTips() {
  const answer = await send<typeof shellCalls.holidayTips>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/getHolidayTips' },
    {},
    { quiet: true },
  );
  return value(answer, []);
}

export async function popups() {
  const answer = await send<typeof shellCalls.popups>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getPopups' },
    {},
    { quiet: true },
  );
  return value(answer, { count: 0, rows: [] });
}

export async function closePopup(id: string): Promise<void> {
  await send<typeof shellCalls.closePopup>(
    'portal',
    { method: 'POST', path: '/bpm/haiyaapi/closePopup' },
    { query: { id } },
    { quiet: true },
  );
}

export async function formReminders() {
  const answer = await send<typeof shellCalls.formReminders>(
    'form',
    { method: 'GET', path: '/form/formRemindData/v1/getFormRemindDataByUser' },
    {},
    { quiet: true },
  );
  return value(answer, []);
}

export async function deleteReminder(id: string): Promise<void> {
  await send<typeof shellCalls.deleteReminder>(
    'form',
    { method: 'DELETE', path: '/form/formRemindData/v1/:id' },
    { params: { id } },
  );
}

export async function homeLayout() {
  const answer = await send<typeof shellCalls.homeLayout>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getHomeLayout' },
    {},
  );
  return value(answer, { id: '', name: '', columns: [], widgets: [] });
}

export async function columnByAlias(alias: string) {
  const answer = await send<typeof shellCalls.column>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getColumnByAlias' },
    { query: { alias } },
  );
  return answer.value!;
}

export async function reportTarget(alias: string) {
  const answer = await send<typeof shellCalls.reportTarget>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getReportUrl' },
    { query: { alias } },
    { quiet: true },
  );
  return answer.value!;
}
