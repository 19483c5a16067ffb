import { $config } from '../config';
import type { BodyOf, QueryOf } from '../../contract/call';
import type { fileCalls } from '../../contract/files';
import type { NewsItem, NewsListItem, newsCalls, readMarkCalls } from '../../contract/news';
import type {
  FrontSettings,
  portalCalls,
  signupCalls,
  Store,
  Tenant,
  tenantCalls,
} from '../../contract/portal';
import { http, send, serviceUrl } from '../http';
import { pictureWidths } from '../pictures';

/** The shapes of the portal's public calls (src/contract/news.ts, portal.ts). */
export type { FrontSettings, NewsItem, NewsListItem, Store, Tenant };

/**
 * A file as pages and records keep it in JSON text (a news item's `file`, an attachment
 * control's value), read in the browser: the calls answer that text, not this shape.
 */
export interface Attachment {
  id: string;
  name: string;
  size?: number;
}

type NewsQuery = NonNullable<QueryOf<typeof newsCalls.list>>;

/**
 * Running items; `includeEnded` adds those past their end date (news managers only). `type`
 * may be an element's attribute as written: the server refuses any but the four it knows.
 */
export function listNews(
  query: Omit<NewsQuery, 'type'> & { type?: string } = {},
): Promise<NewsListItem[]> {
  return send<typeof newsCalls.list>(
    'portal',
    { method: 'GET', path: '/portalNewsNotice/v1/getNews' },
    { query: { classifyId: 'all', ...query } as NewsQuery },
  );
}

export function getNews(id: string): Promise<NewsItem> {
  return send<typeof newsCalls.item>(
    'portal',
    { method: 'GET', path: '/portalNewsNotice/v1/getNewsById' },
    { query: { id } },
  );
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
  await send<typeof readMarkCalls.markRead>(
    'bpmRunTime',
    { method: 'POST', path: '/message/SaveNewsItem' },
    { body: { ggbm: item.id, ggbt: item.title } },
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

/**
 * The product's name for a reader: English readers get the English name where one is
 * configured, else the one name there is (a brand is better shown as configured than
 * replaced by a default); empty when none is configured.
 */
export function frontNameFor(settings: FrontSettings, language: string): string {
  return (language === 'en-US' && settings.frontNameEn) || settings.frontName;
}

export async function frontSettings(): Promise<FrontSettings> {
  const answer = await send<typeof portalCalls.frontSettings>(
    'portal',
    { method: 'GET', path: '/sys/sysProperties/v1/getDecryptBySysSetting' },
    {},
    { anonymous: true, quiet: true },
  );
  // The settings come as JSON text (the platform keeps them so).
  return answer.value
    ? (JSON.parse(answer.value) as FrontSettings)
    : { frontName: '', frontNameEn: '', ico: '[]', frontLogo: '[]' };
}

export async function listStores(): Promise<Store[]> {
  const answer = await send<typeof portalCalls.stores>(
    'portal',
    { method: 'GET', path: '/bpm/haiyaapi/getStores' },
    {},
    { anonymous: true },
  );
  return answer.value ?? [];
}

export async function tenantByCode(code: string): Promise<Tenant> {
  const answer = await send<typeof tenantCalls.byCode>(
    'uc',
    { method: 'GET', path: '/uc/tenantManage/v1/getTenantByCode' },
    { query: { code } },
    { anonymous: true, quiet: true },
  );
  return answer.value!;
}

/** Resolves a server path (`/guides/x.html`) against the API's origin, for embedded pages. */
export function absoluteUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return new URL(url, $config.get().services.portal).toString();
}

/** The sign-up form as the element holds it: every field of the call's body, as text. */
export type SignupForm = Record<keyof BodyOf<typeof signupCalls.save>, string>;

/** Supplier sign-up; a positive id means saved. */
export async function saveSignup(form: SignupForm): Promise<{ id: number; message: string }> {
  const answer = await send<typeof signupCalls.save>(
    'bpmRunTime',
    { method: 'POST', path: '/bpm/haiyaapi/SavePpbmb' },
    { body: form },
    { anonymous: true, quiet: true },
  );
  return { id: Number(answer.value), message: answer.message ?? '' };
}
