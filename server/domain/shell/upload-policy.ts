import { fileTypeFromBuffer } from 'file-type';
import { UserError } from '../../lib/errors';
import { isCleanText } from '../../lib/safe-input';
import { blockedExtensions } from './settings';

/**
 * What an upload must pass before it is stored: a clean name whose extension (after the
 * name is shortened to what we keep) is allowed (the configured list, narrowed by the
 * control's own accept list), some bytes, no active content, and content that is what the
 * extension says: file-type reads the magic numbers, we say which detections each extension
 * may have. A file that fails answers 400 with the reason.
 */

/** What file-type may detect for each extension we accept; none means "no magic number". */
const detectedAs: Record<string, string[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  bmp: ['bmp'],
  tif: ['tif'],
  pdf: ['pdf'],
  zip: ['zip'],
  // Office Open XML and OFD are ZIP packages; file-type names the Office ones when it can.
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  ofd: ['zip'],
  // Legacy Office files are OLE compound files.
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  rar: ['rar'],
  '7z': ['7z'],
  tar: ['tar'],
  mp3: ['mp3'],
  m4a: ['m4a', 'mp4'],
  mp4: ['mp4', 'm4v', 'mov'],
  mid: ['mid'],
  wma: ['asf'],
};

/** Text types: no magic number (xml may be recognised as xml), no NUL bytes. */
const textTypes: Record<string, string[]> = { txt: [], csv: [], xml: ['xml'] };

/** Programs by their first bytes, whatever the name says. */
const executables = new Set(['exe', 'elf', 'macho', 'class', 'dex', 'wasm', 'swf', 'lnk']);

/**
 * Markup a browser would run (HTML, SVG, script) near the start of the file, whatever its
 * name: this also catches image/markup polyglots. A text file that quotes such tags in its
 * first 4 KiB is refused too; that is the price of never serving active content.
 */
const activeMarkup =
  /<(!doctype\s+html|html|script|svg|iframe|object|embed)[\s>/]|<\?xml-stylesheet/;

function isActiveMarkup(bytes: Buffer): boolean {
  return activeMarkup.test(bytes.subarray(0, 4096).toString('latin1').toLowerCase());
}

/** Text: no NUL bytes in the first 8 KiB. */
const looksLikeText = (bytes: Buffer) => !bytes.subarray(0, 8192).includes(0);

/** Names we keep are at most this long (the extension is kept whole). */
export const maxNameLength = 200;

/** Control characters (NUL included) have no place in a file name. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]/;

/**
 * The name we store for an upload: the base name (a path says nothing we want to keep),
 * shortened to `maxNameLength` by cutting the stem, never the extension. A name with
 * control characters or broken Unicode is refused.
 */
export function storedName(name: string): string {
  if (!isCleanText(name) || controlCharacters.test(name)) {
    throw new UserError(400, 'server:shell.uploadName');
  }
  const base = (name.split(/[\\/]/).pop() ?? '').trim();
  const chars = [...base];
  if (chars.length <= maxNameLength) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? [...base.slice(dot)] : [];
  if (extension.length >= maxNameLength / 2) return chars.slice(0, maxNameLength).join('');
  const stem = [...base.slice(0, dot > 0 ? dot : undefined)];
  return [...stem.slice(0, maxNameLength - extension.length), ...extension].join('');
}

/** The extension of an upload's name, lower case, without the dot. */
export function uploadExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The accept list a control sends: ".pdf,.jpg", "pdf, jpg" or "pdf|jpg". */
export function parseAccept(accept: string | undefined): string[] {
  if (!accept?.trim()) return [];
  return accept
    .split(/[,|;\s]+/)
    .map((item) => item.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
}

/** The extensions this upload may have: the configured ones, narrowed by the control's. */
export function allowedFor(configured: string[], accept: string[]): string[] {
  return accept.length === 0 ? configured : configured.filter((ext) => accept.includes(ext));
}

/**
 * An extension the upload may not have. It carries the allowed ones as a list: the upload
 * route joins them as the reader's language lists (、 in Chinese, a comma in English; issue
 * 39, item 6); the Chinese join is the default for anyone else who shows the message.
 */
export class UploadFormatError extends UserError {
  constructor(readonly formats: string[]) {
    super(400, 'server:shell.uploadFormat', { formats: formats.join('、') });
  }
}

/** Checks an upload by the name it will be stored under; answers its extension. */
export async function checkUpload(name: string, bytes: Buffer, allowed: string[]): Promise<string> {
  const extension = uploadExtension(name);
  if (!extension || blockedExtensions.has(extension) || !allowed.includes(extension)) {
    throw new UploadFormatError(allowed);
  }
  if (bytes.length === 0) throw new UserError(400, 'server:shell.uploadEmpty');
  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  if ((detected && executables.has(detected)) || isActiveMarkup(bytes)) {
    throw new UserError(400, 'server:shell.uploadActiveContent');
  }
  const text = textTypes[extension];
  const expected = detectedAs[extension];
  const matches = text
    ? (detected === undefined || text.includes(detected)) && looksLikeText(bytes)
    : // A configured type we know no magic number for is taken as it comes.
      !expected || expected.includes(detected ?? '');
  if (!matches) throw new UserError(400, 'server:shell.uploadContentMismatch', { extension });
  return extension;
}
