import { $config } from '../config';
import type { fileCalls } from '../../contract/files';
import { http, send, serviceUrl, type CommonResult } from '../http';
import { pictureWidths } from '../pictures';

export interface NewsListItem {
  id: string;
  title: string;
  titleDescription: string;
  drafter: string;
  createTime: string;
  type: string;
  isUrl: 'true' | 'false';
  status: string;
  /** File id of the carousel picture ('' when none). */
  rotatingDisplayPictures?: string;
  /** The spec's flag: '启用' while it runs, '停用' past its end date (listed on request only). */
  start_?: string;
  /** Its last day, YYYY-MM-DD; '' when it has no end. */
  endTime?: string;
}

export interface NewsItem extends NewsListItem {
  content: string;
  url: string;
  pageHeight: number;
  /** JSON text of `[{id, name, size}]`. */
  file: string;
}

export interface Attachment {
  id: string;
  name: string;
  size?: number;
}

/** Running items; `includeEnded` adds those past their end date (news managers only). */
export function listNews(
  params: { classifyId?: string; type?: string; limit?: number; includeEnded?: 'true' } = {},
): Promise<NewsListItem[]> {
  return http.get<NewsListItem[]>('portal', '/portalNewsNotice/v1/getNews', {
    classifyId: 'all',
    ...params,
  });
}

export function getNews(id: string): Promise<NewsItem> {
  return http.get<NewsItem>('portal', '/portalNewsNotice/v1/getNewsById', { id });
}

/** The platform keeps attachments as JSON text; a broken value shows as no attachments. */
export function parseAttachments(file: string | null | undefined): Attachment[] {
  if (!file) return [];
  try {
    const parsed: unknown = JSON.parse(file);
    return Array.isArray(parsed)
      ? parsed.filter((item): item is Attachment => typeof item?.id === 'string')
      : [];
  } catch {
    return [];
  }
}

export async function markNewsRead(item: { id: string; title: string }): Promise<void> {
  await http.post(
    'bpmRunTime',
    '/message/SaveNewsItem',
    { ggbm: item.id, ggbt: item.title },
    { quiet: true },
  );
}

export async function fileType(id: string): Promise<{ type: string; path: string }> {
  const answer = await send<typeof fileCalls.fileType>(
    'portal',
    { method: 'POST', path: '/bpm/aliasScript/v1/execute/FileType' },
    { query: { id } },
  );
  const first = answer.value?.[0];
  return { type: (first?.FILETYPE ?? '').toLowerCase(), path: first?.FILEPATH ?? '' };
}

export function fileUrl(fileId: string, inline = false): string {
  return serviceUrl(
    'portal',
    `/system/file/v1/downloadFile?fileId=${encodeURIComponent(fileId)}${inline ? '&inline=true' : ''}`,
  );
}

/**
 * A picture's `srcset`: the server's WebP variants at `pictureWidths`, so the browser fetches
 * the smallest that fills the box it is drawn in. The server never enlarges: a width past the
 * picture's own answers the picture at its own size.
 */
export function pictureSrcSet(fileId: string): string {
  const id = encodeURIComponent(fileId);
  return pictureWidths
    .map(
      (width) =>
        `${serviceUrl('portal', `/system/file/v1/picture?fileId=${id}&pixelWidth=${width}`)} ${width}w`,
    )
    .join(', ');
}

/** Fetches a file with the session's token (private files need it), as a Blob. */
export function fetchFile(fileId: string): Promise<Blob> {
  return http.get<Blob>(
    'portal',
    '/system/file/v1/downloadFile',
    { fileId },
    { responseType: 'blob' },
  );
}

/** Saves a file to the user's disk under its own name. */
export async function downloadFile(attachment: Attachment): Promise<void> {
  const blob = await fetchFile(attachment.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface FrontSettings {
  frontName: string;
  /** The English name (ours, not the platform's); older servers do not send it. */
  frontNameEn?: string;
  ico: string;
  frontLogo: string;
}

/**
 * The product's name for a reader: English readers get the English name where one is
 * configured, else the one name there is (a brand is better shown as configured than
 * replaced by a default); empty when none is configured.
 */
export function frontNameFor(settings: FrontSettings, language: string): string {
  return (language === 'en-US' && settings.frontNameEn) || settings.frontName;
}

export async function frontSettings(): Promise<FrontSettings> {
  const answer = await http.get<CommonResult<string | FrontSettings>>(
    'portal',
    '/sys/sysProperties/v1/getDecryptBySysSetting',
    undefined,
    {
      anonymous: true,
      quiet: true,
    },
  );
  const value = answer.value;
  return typeof value === 'string'
    ? (JSON.parse(value) as FrontSettings)
    : (value ?? { frontName: '', frontNameEn: '', ico: '[]', frontLogo: '[]' });
}

export interface Store {
  code: string;
  name: string;
  nameEn: string;
  city: string;
  /** Empty when the store's city has no English name. */
  cityEn: string;
}

export async function listStores(): Promise<Store[]> {
  const answer = await http.get<CommonResult<Store[]>>(
    'portal',
    '/bpm/haiyaapi/getStores',
    undefined,
    { anonymous: true },
  );
  return answer.value ?? [];
}

export interface Tenant {
  id: string;
  code: string;
  name: string;
  ico: string;
}

export async function tenantByCode(code: string): Promise<Tenant> {
  const answer = await http.get<CommonResult<Tenant>>(
    'uc',
    '/uc/tenantManage/v1/getTenantByCode',
    { code },
    {
      anonymous: true,
      quiet: true,
    },
  );
  return answer.value!;
}

/** Resolves a server path (`/guides/x.html`) against the API's origin, for embedded pages. */
export function absoluteUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return new URL(url, $config.get().services.portal).toString();
}

export interface SignupForm {
  fdmc: string;
  xm: string;
  lxfs: string;
  xqmj: string;
  xqwz: string;
  pppl: string;
  zw: string;
  bz: string;
}

/** Supplier sign-up; a positive id means saved. */
export async function saveSignup(form: SignupForm): Promise<{ id: number; message: string }> {
  const answer = await http.post<CommonResult<number> | number>(
    'bpmRunTime',
    '/bpm/haiyaapi/SavePpbmb',
    form,
    {
      anonymous: true,
      quiet: true,
    },
  );
  const id = typeof answer === 'number' ? answer : Number(answer.value);
  return { id, message: typeof answer === 'number' ? '' : (answer.message ?? '') };
}
