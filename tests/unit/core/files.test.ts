import { describe, expect, it } from 'vitest';
import {
  decodeText,
  extensionOf,
  isAccepted,
  kilobytes,
  parseAccept,
  parseUuid,
  previewHost,
  previewKindOf,
  uploadLimit,
} from '../../../src/core/api/files';

describe('accept lists', () => {
  it('reads the ways pages write them', () => {
    expect(parseAccept('.pdf,.jpg')).toEqual(['pdf', 'jpg']);
    expect(parseAccept('pdf|JPG')).toEqual(['pdf', 'jpg']);
    expect(parseAccept(' .pdf ; .png  .pdf ')).toEqual(['pdf', 'png']);
    expect(parseAccept('')).toEqual([]);
    expect(parseAccept(undefined)).toEqual([]);
  });

  it('checks the extension of the name, case-insensitively', () => {
    expect(extensionOf('合同.扫描件.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('C:\\docs\\a.txt')).toBe('txt');
    expect(isAccepted('报价.PDF', ['pdf', 'jpg'])).toBe(true);
    expect(isAccepted('报价.docx', ['pdf', 'jpg'])).toBe(false);
    expect(isAccepted('无扩展名', ['pdf'])).toBe(false);
    expect(isAccepted('anything.exe', [])).toBe(true);
  });
});

describe('the count limit', () => {
  it('is the given limit, else 9999 for multiple and 1 for single controls', () => {
    expect(uploadLimit(undefined, true)).toBe(9999);
    expect(uploadLimit(undefined, false)).toBe(1);
    expect(uploadLimit(5, true)).toBe(5);
    expect(uploadLimit(3, false)).toBe(3);
    expect(uploadLimit(0, true)).toBe(9999);
    expect(uploadLimit(Number.NaN, false)).toBe(1);
    expect(uploadLimit(2.7, true)).toBe(2);
  });
});

describe('sizes', () => {
  it('are KB with two decimals', () => {
    expect(kilobytes(1536)).toBe('1.50');
    expect(kilobytes(161753)).toBe('157.96');
    expect(kilobytes(0)).toBe('0.00');
  });
});

describe('preview kinds', () => {
  it('shows what a browser can and sends office files to the service only when there is one', () => {
    expect(['png', 'JPG', 'gif', 'bmp', 'jpeg'].map((ext) => previewKindOf(ext, false))).toEqual(
      Array(5).fill('image'),
    );
    expect(previewKindOf('pdf', false)).toBe('pdf');
    expect(previewKindOf('txt', true)).toBe('text');
    expect(previewKindOf('mp3', false)).toBe('audio');
    expect(previewKindOf('mp4', false)).toBe('video');
    expect(previewKindOf('docx', true)).toBe('document');
    expect(previewKindOf('xlsx', false)).toBe('download');
    expect(previewKindOf('ofd', true)).toBe('download');
    expect(previewKindOf('', true)).toBe('download');
  });
});

describe('the document-preview host', () => {
  const both = 'http://10.0.0.8:8012, https://preview.haiya.example/';
  it('picks the address on the page host, then the page scheme, then the first', () => {
    expect(previewHost(both, 'http://10.0.0.8')).toBe('http://10.0.0.8:8012');
    expect(previewHost(both, 'https://portal.haiya.example')).toBe('https://preview.haiya.example');
    expect(previewHost(both, 'http://localhost:8080')).toBe('http://10.0.0.8:8012');
    expect(previewHost('/preview', 'https://portal.haiya.example')).toBe(
      'https://portal.haiya.example/preview',
    );
    expect(previewHost('', 'https://portal.haiya.example')).toBe('');
  });

  it('reads the uuid from text or JSON', () => {
    expect(parseUuid('a1b2-c3')).toBe('a1b2-c3');
    expect(parseUuid('{"uuid":"x-1"}')).toBe('x-1');
    expect(parseUuid('{"state":true,"value":"v-2"}')).toBe('v-2');
    expect(parseUuid('"q-3"')).toBe('q-3');
    expect(parseUuid('<html>error</html>')).toBe('');
    expect(parseUuid('')).toBe('');
    expect(parseUuid(undefined)).toBe('');
  });
});

describe('text files', () => {
  it('are UTF-8, else GB18030', () => {
    expect(decodeText(new TextEncoder().encode('营业时间 10:00'))).toBe('营业时间 10:00');
    // 营业时间 as a GBK editor saves it (not valid UTF-8: BC is no lead byte).
    const gbk = new Uint8Array([0xd3, 0xaa, 0xd2, 0xb5, 0xca, 0xb1, 0xbc, 0xe4]);
    expect(decodeText(gbk)).toBe('营业时间');
  });
});
