import { uploadQuotaFrom, type UploadQuota } from '../upload-quota';

/**
 * Settings of the shell's server side, read from the environment. They live here rather than
 * in server/config.ts (the foundation's) so this area can grow on its own; each is read once
 * when the routes are registered.
 */
export interface ShellSettings {
  /** Extensions an upload may have (lower case, no dot). */
  uploadExtensions: string[];
  /** Base address of the document-preview service, or null when there is none. */
  docPreviewUrl: string | null;
  /** Base address of the report server that template reports are posted to. */
  reportServerUrl: string | null;
  /** Upload allowance per user, unless the administrator's system setting says otherwise. */
  uploadQuota: UploadQuota;
}

/** The spec's previewable types (shell.md section 9) plus invoice and data formats. */
export const defaultUploadExtensions = [
  ...['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt'],
  ...['jpg', 'jpeg', 'gif', 'png', 'bmp', 'tif'],
  ...['mp3', 'm4a', 'mid', 'wma', 'mp4'],
  ...['zip', 'rar', 'tar', '7z'],
  ...['ofd', 'xml', 'csv'],
];

/** Never stored, whatever the configuration says: they run in a browser or on a desktop. */
export const blockedExtensions = new Set([
  ...['html', 'htm', 'xhtml', 'shtml', 'mht', 'svg', 'svgz', 'xml-svg'],
  ...['js', 'mjs', 'cjs', 'jsp', 'php', 'asp', 'aspx', 'hta', 'swf'],
  ...['exe', 'dll', 'com', 'scr', 'msi', 'bat', 'cmd', 'sh', 'ps1', 'vbs', 'wsf', 'jar', 'lnk'],
]);

function listOf(text: string | undefined): string[] | null {
  if (!text?.trim()) return null;
  return text
    .split(',')
    .map((item) => item.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
}

function urlOf(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed.replace(/\/+$/, '') : null;
}

export function shellSettings(env: NodeJS.ProcessEnv = process.env): ShellSettings {
  const configured = listOf(env.UPLOAD_EXTENSIONS) ?? defaultUploadExtensions;
  return {
    uploadExtensions: configured.filter((extension) => !blockedExtensions.has(extension)),
    docPreviewUrl: urlOf(env.DOC_PREVIEW_URL),
    reportServerUrl: urlOf(env.REPORT_SERVER_URL),
    uploadQuota: uploadQuotaFrom(env),
  };
}
