import { $config } from '../config';
import { http, type CommonResult } from '../http';

/** A node of the platform's menu tree (reference/platform-api.md section 4). */
export interface MenuNode {
  id: string;
  parentId: string;
  name: string;
  alias: string;
  menuIcon: string;
  sn: number;
  href: string;
  /** The in-app route: absolute (`/ht`) or relative to `/statement/` (`template/preview/dyzl`). */
  menuUrl: string;
  isParent?: boolean;
  children: MenuNode[];
}

export interface SideMenuItem {
  id: string;
  name: string;
  alias: string;
  menuIcon: string;
  menuUrl: string;
  href: string;
  sn: number;
  hasChildren: boolean;
}

const value = <T>(answer: CommonResult<T>, fallback: T): T => answer.value ?? fallback;

export async function currentUserMenu(menuAlias: string): Promise<MenuNode[]> {
  return value(
    await http.get<CommonResult<MenuNode[]>>('portal', '/sys/sysMenu/v1/getCurrentUserMenu', {
      menuAlias,
    }),
    [],
  );
}

export async function sideMenu(account: string): Promise<SideMenuItem[]> {
  return value(
    await http.post<CommonResult<SideMenuItem[]>>('portal', '/bpm/haiyaapi/getmenu', undefined, {
      params: { account },
    }),
    [],
  );
}

export interface AppResult {
  id: string;
  name: string;
  icon: string;
  type: 2 | 3 | 5 | 6 | 8;
  url: string;
}

/** The top bar's app search; an empty keyword is refused by the server with its message. */
export async function searchApps(keyword: string): Promise<AppResult[]> {
  return value(
    await http.post<CommonResult<AppResult[]>>('portal', '/bpm/haiyaapi/searchApps', undefined, {
      params: { keyword },
      quiet: true,
    }),
    [],
  );
}

export async function greetingText(): Promise<string> {
  return value(
    await http.post<CommonResult<{ zswb: string }>>(
      'portal',
      '/bpm/haiyaapi/getManageGreets',
      undefined,
      { quiet: true },
    ),
    { zswb: '' },
  ).zswb;
}

export interface AssetSummary {
  dwmc: string;
  items: { zcmc: string; count: number }[];
}

export async function assetNames(): Promise<AssetSummary> {
  return value(await http.post<CommonResult<AssetSummary>>('portal', '/bpm/haiyaapi/getZcmc'), {
    dwmc: '',
    items: [],
  });
}

export interface AssetDetail {
  zcmc: string;
  zcid: string;
  ggxh: string;
  dwmc: string;
}

export async function assetDetails(zcmc: string): Promise<AssetDetail[]> {
  return value(
    await http.post<CommonResult<AssetDetail[]>>('portal', '/bpm/haiyaapi/getGrzcmx', undefined, {
      params: { zcmc },
    }),
    [],
  );
}

export async function unreadNews(account: string): Promise<{ hasUnread: boolean; count: number }> {
  return value(
    await http.get<CommonResult<{ hasUnread: boolean; count: number }>>(
      'portal',
      '/bpm/haiyaapi/isReadNews',
      { account },
      { quiet: true },
    ),
    { hasUnread: false, count: 0 },
  );
}

export interface TourState {
  due: boolean;
  version: number;
}

export async function tourState(account: string): Promise<TourState> {
  return value(
    await http.post<CommonResult<TourState>>('portal', '/bpm/haiyaapi/getManageGuide', undefined, {
      params: { account },
      quiet: true,
    }),
    {
      due: false,
      version: 0,
    },
  );
}

export async function recordTour(account: string, outcome: 'complete' | 'exit'): Promise<void> {
  await http.post(
    'portal',
    '/bpm/haiyaapi/updateManageGuide',
    { outcome },
    { params: { account, outcome }, quiet: true },
  );
}

export async function tenantLogo(id: string): Promise<string> {
  const answer = await http.get<CommonResult<{ frontLogo: string }>>(
    'uc',
    '/uc/tenantManage/v1/getJson',
    { id },
    { quiet: true },
  );
  return answer.value?.frontLogo ?? '[]';
}

export async function switchMasterOrg(orgid: string, userid: string): Promise<string> {
  const answer = await http.put<CommonResult>(
    'bpmRunTime',
    `/bpm/${$config.get().product}Script/setMasterByorgId`,
    undefined,
    {
      params: { orgid, userid },
    },
  );
  return answer.message ?? '';
}

// Home

export async function enterpriseNotices(): Promise<{ id: string; showInfo: string }[]> {
  return value(
    await http.get<CommonResult<{ id: string; showInfo: string }[]>>(
      'portal',
      '/enterpriseNotice/v1/getShowEnterpriseNotice',
      undefined,
      { quiet: true },
    ),
    [],
  );
}

export interface HolidayTip {
  lx: 'birthday' | 'anniversary' | 'festival';
  account: string;
  tcwb: string;
  bjtp: string;
  title: string;
}

export async function holidayTips(): Promise<HolidayTip[]> {
  return value(
    await http.post<CommonResult<HolidayTip[]>>(
      'portal',
      '/bpm/haiyaapi/getHolidayTips',
      undefined,
      { quiet: true },
    ),
    [],
  );
}

export interface Popup {
  id: string;
  subject: string;
  desc: string;
  url: string;
  popupType: 'tab' | 'new' | 'dialog';
  dialogWidth: number;
  dialogHeight: number;
}

export async function popups(): Promise<{ count: number; rows: Popup[] }> {
  return value(
    await http.get<CommonResult<{ count: number; rows: Popup[] }>>(
      'portal',
      '/bpm/haiyaapi/getPopups',
      undefined,
      { quiet: true },
    ),
    {
      count: 0,
      rows: [],
    },
  );
}

export async function closePopup(id: string): Promise<void> {
  await http.post('portal', '/bpm/haiyaapi/closePopup', undefined, { params: { id }, quiet: true });
}

export interface Reminder {
  id: string;
  subject: string;
  content: string;
  count: number;
  opemType: string;
  opemId: string;
  createTime: string;
}

export async function formReminders(): Promise<Reminder[]> {
  return value(
    await http.get<CommonResult<Reminder[]>>(
      'form',
      '/form/formRemindData/v1/getFormRemindDataByUser',
      undefined,
      { quiet: true },
    ),
    [],
  );
}

export async function deleteReminder(id: string): Promise<void> {
  await http.delete('form', `/form/formRemindData/v1/${encodeURIComponent(id)}`);
}

export interface ColumnConfig {
  alias: string;
  name: string;
  widget: string;
  colType: number;
  dataMode: number;
  dataFrom: string;
  dataParam: string;
  requestType: string;
  needPage: boolean;
  colHeight: number;
  colUrl: string;
  templateHtml: string;
  displayRights: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface HomeLayout {
  id: string;
  name: string;
  columns: ColumnConfig[];
  widgets: string[];
}

export async function homeLayout(): Promise<HomeLayout> {
  return value(await http.get<CommonResult<HomeLayout>>('portal', '/bpm/haiyaapi/getHomeLayout'), {
    id: '',
    name: '',
    columns: [],
    widgets: [],
  });
}

export async function columnByAlias(alias: string): Promise<ColumnConfig> {
  const answer = await http.get<CommonResult<ColumnConfig>>(
    'portal',
    '/bpm/haiyaapi/getColumnByAlias',
    { alias },
  );
  return answer.value!;
}

export interface ReportTarget {
  alias: string;
  name: string;
  url: string;
  method: string;
  fields: Record<string, string>;
}

export async function reportTarget(alias: string): Promise<ReportTarget> {
  const answer = await http.get<CommonResult<ReportTarget>>(
    'portal',
    '/bpm/haiyaapi/getReportUrl',
    { alias },
    { quiet: true },
  );
  return answer.value!;
}
