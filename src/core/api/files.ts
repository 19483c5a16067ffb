import type { AnswerOf } from '../../contract/call';
import type { fileCalls, UploadResult } from '../../contract/files';
import { $session } from '../session';
import { ApiError, http, httpClient, send } from '../http';
import { fileUrl } from './portal';

/**
 * The attachment control's calls (docs/shell-api.md, "Attachments") and the pure rules it
 * follows: accept lists, count limits, sizes, preview kinds, the document-preview host.
 */

/** Their shapes are the contract's (src/contract/files.ts). */
export type { AttachmentInfo, UploadResult } from '../../contract/files';

/**
 * Uploads one file (multipart field `files`); refusals reject with the server's message. A
 * plain call, not the contract's: its body is a multipart stream. Its answer is the
 * contract's `uploadResult`, which the upload route registers.
 */
export async function uploadFile(
  file: File,
  options: {
    accept?: string[];
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<UploadResult> {
  const form = new FormData();
  form.append('files', file, file.name);
  const result = await http.post<UploadResult>('portal', '/system/file/v1/upload', form, {
    quiet: true,
    ...(options.accept?.length ? { params: { accept: options.accept.join(',') } } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress
      ? {
          onUploadProgress: (event) => {
            const total = event.total ?? file.size;
            if (total > 0) options.onProgress?.(Math.min(1, event.loaded / total));
          },
        }
      : {}),
  });
  // A platform deployment may answer 200 with success false.
  if (!result.success) throw new ApiError(result.message || '', 200, result);
  return result;
}

export async function fileInfos(ids: string[]) {
  if (ids.length === 0) return [];
  const answer = await send<typeof fileCalls.infos>(
    'portal',
    { method: 'POST', path: '/system/file/v1/getFileInfos' },
    { body: { ids } },
    { quiet: true },
  );
  return answer.value ?? [];
}

/** Deletes files on the server (all or none); answers the server's message. */
export async function deleteFiles(ids: string[]): Promise<string> {
  const answer = await send<typeof fileCalls.remove>(
    'portal',
    { method: 'DELETE', path: '/system/file/v1/delete' },
    { query: { ids: ids.join(',') } },
    { quiet: true },
  );
  return answer.message;
}

/**
 * A file's bytes, fetched with the session's token; the caller shows a failure itself. A
 * plain call, not the contract's: it answers a file.
 */
export async function fileBlob(fileId: string): Promise<Blob> {
  try {
    return await http.get<Blob>(
      'portal',
      '/system/file/v1/downloadFile',
      { fileId },
      { responseType: 'blob', quiet: true },
    );
  } catch (error) {
    // With a blob response the server's JSON refusal arrives as a Blob: read its message.
    if (error instanceof ApiError && error.body instanceof Blob) {
      const message = messageOf(await error.body.text().catch(() => ''));
      if (message) throw new ApiError(message, error.status);
    }
    throw error;
  }
}

function messageOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed?.message === 'string' ? parsed.message : '';
  } catch {
    return '';
  }
}

/** A file's extension and name from the file-type lookup (the spec's FileType call). */
export async function fileMeta(fileId: string): Promise<{ type: string; name: string }> {
  const answer = await send<typeof fileCalls.fileType>(
    'portal',
    { method: 'POST', path: '/bpm/aliasScript/v1/execute/FileType' },
    { query: { id: fileId } },
    { quiet: true },
  );
  const first = answer.value?.[0];
  const name = first?.FILENAME ?? '';
  return { type: (first?.FILETYPE || extensionOf(name)).toLowerCase(), name };
}

/** Whether a document-preview service is configured, and where. */
export type PreviewConfig = NonNullable<AnswerOf<typeof fileCalls.previewConfig>['value']>;

let previewConfigAnswer: Promise<PreviewConfig> | null = null;

/** Whether a document-preview service is configured; asked once per page. */
export function previewConfig(): Promise<PreviewConfig> {
  previewConfigAnswer ??= send<typeof fileCalls.previewConfig>(
    'portal',
    { method: 'GET', path: '/system/file/v1/previewConfig' },
    {},
    { quiet: true },
  )
    .then((answer) => answer.value ?? { enabled: false, url: '' })
    .catch(() => {
      previewConfigAnswer = null;
      return { enabled: false, url: '' };
    });
  return previewConfigAnswer;
}

/**
 * Opens an office file in the document-preview service: its /doc/upload fetches the file
 * (with the user's token) and answers a uuid; /view/{uuid} shows it. Answers the view URL.
 */
export async function documentPreviewUrl(config: PreviewConfig, fileId: string): Promise<string> {
  const host = previewHost(config.url, globalThis.location?.origin ?? '');
  if (!host) throw new Error('no document-preview host');
  const response = await httpClient.get(`${host}/doc/upload`, {
    params: { token: $session.get()?.token ?? '', url: fileUrl(fileId) },
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
  });
  const uuid = response.status < 400 ? parseUuid(response.data) : '';
  if (!uuid) throw new Error(`document-preview service answered ${response.status}`);
  return `${host}/view/${encodeURIComponent(uuid)}`;
}

// ---------------------------------------------------------------- pure rules

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** An accept list as pages write it (".pdf,.jpg", "pdf|jpg", "pdf jpg"): extensions. */
export function parseAccept(accept: string | null | undefined): string[] {
  if (!accept?.trim()) return [];
  return [
    ...new Set(
      accept
        .split(/[,|;\s]+/)
        .map((item) => item.trim().replace(/^\./, '').toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** True when the name's extension is in the list (an empty list accepts everything). */
export function isAccepted(name: string, accepted: readonly string[]): boolean {
  return accepted.length === 0 || accepted.includes(extensionOf(name));
}

/** The spec's default count limit (shell.md section 9). */
export const defaultUploadLimit = 9999;

/**
 * How many attachments a control may hold: an explicit limit wins; otherwise 9999 for a
 * multiple control and 1 for a single one (shell.md section 5). The platform's helper that
 * used 5 for multiple controls without a limit is not followed: one default, set `limit`.
 */
export function uploadLimit(limit: number | null | undefined, multiple: boolean): number {
  if (typeof limit === 'number' && Number.isFinite(limit) && limit >= 1) return Math.floor(limit);
  return multiple ? defaultUploadLimit : 1;
}

/** Bytes as the list shows them: KB with 2 decimals. */
export function kilobytes(bytes: number): string {
  return (Math.max(0, bytes) / 1024).toFixed(2);
}

export type PreviewKind = 'image' | 'pdf' | 'text' | 'audio' | 'video' | 'document' | 'download';

const browserKinds: Record<string, PreviewKind> = {
  ...Object.fromEntries(['jpg', 'jpeg', 'gif', 'png', 'bmp'].map((ext) => [ext, 'image'])),
  pdf: 'pdf',
  txt: 'text',
  ...Object.fromEntries(['mp3', 'm4a'].map((ext) => [ext, 'audio'])),
  mp4: 'video',
};

/** The spec's previewable types (shell.md section 9) the browser cannot show by itself. */
const serviceTypes = new Set([
  ...['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  ...['tif', 'mid', 'wma', 'zip', 'rar', 'tar', '7z'],
]);

/**
 * How a file is previewed: in the browser (images, PDF with pdf.js, text, audio, video), by
 * the document-preview service when one is configured, otherwise downloaded with a notice.
 */
export function previewKindOf(extension: string, documentService: boolean): PreviewKind {
  const ext = extension.toLowerCase();
  const kind = browserKinds[ext];
  if (kind) return kind;
  return documentService && serviceTypes.has(ext) ? 'document' : 'download';
}

/**
 * The preview service's host for this page. DOC_PREVIEW_URL may list several (an intranet
 * and an internet address, comma-separated): the one on the page's host wins, then one of
 * the page's scheme (an https page cannot call http), then the first. A relative address is
 * taken on the page's origin.
 */
export function previewHost(configured: string, pageOrigin: string): string {
  const candidates = configured
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter(Boolean)
    .map((item) => {
      try {
        return new URL(item, pageOrigin || undefined).toString().replace(/\/+$/, '');
      } catch {
        return '';
      }
    })
    .filter(Boolean);
  if (candidates.length === 0) return '';
  let page: URL | null = null;
  try {
    page = new URL(pageOrigin);
  } catch {
    page = null;
  }
  if (!page) return candidates[0]!;
  const sameHost = candidates.find((url) => new URL(url).hostname === page.hostname);
  const sameScheme = candidates.find((url) => new URL(url).protocol === page.protocol);
  return sameHost ?? sameScheme ?? candidates[0]!;
}

/** The uuid in a preview service's answer: plain text, or JSON with uuid, value or data. */
export function parseUuid(answer: unknown): string {
  if (typeof answer !== 'string') return '';
  const text = answer.trim();
  if (!text) return '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') return parsed.trim();
    if (parsed && typeof parsed === 'object') {
      for (const key of ['uuid', 'value', 'data']) {
        const found = (parsed as Record<string, unknown>)[key];
        if (typeof found === 'string' && found.trim()) return found.trim();
      }
    }
    return '';
  } catch {
    return /^[\w-]{1,100}$/.test(text) ? text : '';
  }
}

/**
 * Text files as people here write them: UTF-8 (with or without a BOM), else GB18030, the
 * superset of GBK that Chinese Windows editors save.
 */
export function decodeText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
