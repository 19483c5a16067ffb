import { UserError } from '../../lib/errors';
import { blockedExtensions } from './settings';

/**
 * What an upload must pass before it is stored: an allowed extension (the configured list,
 * narrowed by the control's own accept list), some bytes, no active content, and content that
 * looks like its extension says. A file that fails answers 400 with the reason.
 */

/** Magic numbers of the binary types we accept; text types are checked separately. */
const signatures: Record<string, ((bytes: Buffer) => boolean)[]> = {
  png: [startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  jpg: [startsWith([0xff, 0xd8, 0xff])],
  jpeg: [startsWith([0xff, 0xd8, 0xff])],
  gif: [startsWithText('GIF87a'), startsWithText('GIF89a')],
  bmp: [startsWithText('BM')],
  tif: [startsWith([0x49, 0x49, 0x2a, 0x00]), startsWith([0x4d, 0x4d, 0x00, 0x2a])],
  pdf: [startsWithText('%PDF-')],
  ...Object.fromEntries(
    ['zip', 'docx', 'xlsx', 'pptx', 'ofd'].map((ext) => [
      ext,
      [startsWith([0x50, 0x4b, 0x03, 0x04]), startsWith([0x50, 0x4b, 0x05, 0x06])],
    ]),
  ),
  ...Object.fromEntries(
    ['doc', 'xls', 'ppt'].map((ext) => [
      ext,
      [startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ]),
  ),
  rar: [startsWithText('Rar!\x1a\x07')],
  '7z': [startsWith([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
  tar: [(bytes) => bytes.subarray(257, 262).toString('latin1') === 'ustar'],
  mp3: [startsWithText('ID3'), (bytes) => bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0],
  m4a: [(bytes) => bytes.subarray(4, 8).toString('latin1') === 'ftyp'],
  mp4: [(bytes) => bytes.subarray(4, 8).toString('latin1') === 'ftyp'],
  mid: [startsWithText('MThd')],
  wma: [startsWith([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])],
};

const textTypes = new Set(['txt', 'csv', 'xml']);

function startsWith(prefix: number[]) {
  return (bytes: Buffer) => prefix.every((byte, i) => bytes[i] === byte);
}

function startsWithText(prefix: string) {
  return (bytes: Buffer) => bytes.subarray(0, prefix.length).toString('latin1') === prefix;
}

/** Executables and scripts by their first bytes, whatever the name says. */
function isExecutable(bytes: Buffer): boolean {
  if (bytes.length < 4) return false;
  const head = bytes.subarray(0, 4).toString('latin1');
  return (
    head.startsWith('MZ') ||
    head === '\x7fELF' ||
    head.startsWith('#!') ||
    bytes.readUInt32BE(0) === 0xcafebabe ||
    [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(bytes.readUInt32BE(0))
  );
}

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

export function checkUpload(name: string, bytes: Buffer, allowed: string[]): string {
  const extension = uploadExtension(name);
  if (!extension || blockedExtensions.has(extension) || !allowed.includes(extension)) {
    throw new UserError(400, 'server:shell.uploadFormat', { formats: allowed.join('、') });
  }
  if (bytes.length === 0) throw new UserError(400, 'server:shell.uploadEmpty');
  if (isExecutable(bytes) || isActiveMarkup(bytes)) {
    throw new UserError(400, 'server:shell.uploadActiveContent');
  }
  const known = signatures[extension];
  const matches = known ? known.some((test) => test(bytes)) : true;
  const textOk = textTypes.has(extension) ? looksLikeText(bytes) : true;
  if (!matches || !textOk) {
    throw new UserError(400, 'server:shell.uploadContentMismatch', { extension });
  }
  return extension;
}
