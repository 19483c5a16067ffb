import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CustomQueryErrorCode } from '../../../src/core/api/custom-query';

/** The shell elements' texts: both languages have the same keys, none empty. */
type Messages = { [key: string]: string | Messages };

const load = (language: string) =>
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '../../../src/core/i18n', language, 'shell-elements.json'),
      'utf8',
    ),
  ) as Messages;

function flat(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flat(value, `${prefix}${key}.`),
  );
}

const zh = new Map(flat(load('zh-CN')));
const en = new Map(flat(load('en-US')));

describe('shell-elements messages', () => {
  it('has the same keys in zh-CN and en-US, none empty', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [key, value] of [...zh, ...en]) expect(value.trim(), key).not.toBe('');
  });

  it('has a message for every custom query error, distinct from the others', () => {
    const codes: CustomQueryErrorCode[] = [
      'notFound',
      'emptyUrl',
      'badUrl',
      'badParams',
      'badHeader',
      'badConditions',
      'badMethod',
      'badSource',
      'emptyAnswer',
      'notJson',
      'noArray',
      'noArrayRoot',
      'httpStatus',
      'network',
    ];
    for (const messages of [zh, en]) {
      const texts = codes.map((code) => messages.get(`customQuery.errors.${code}`));
      expect(texts.every(Boolean)).toBe(true);
      expect(new Set(texts).size).toBe(codes.length);
    }
  });

  it('has every key the elements use', () => {
    const root = join(import.meta.dirname, '../../../src');
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const used = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'shell-elements:([\w.]+)'/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((key) => !zh.has(key) || !en.has(key));
    expect(missing).toEqual([]);
  });

  it('keeps the texts the spec prescribes', () => {
    expect(zh.get('customQuery.errors.notFound')).toBe('未找到别名对应的关联查询');
    expect(en.get('customQuery.errors.notFound')).toBe('Related query with alias not found');
    expect(zh.get('attachments.selectOne')).toBe('请至少选择一条记录');
    expect(zh.get('attachments.format')).toBe('上传附件只能是 {{formats}} 格式');
    expect(zh.get('preview.unsupported')).toBe(
      '此附件类型暂不支持在线查看，开始为您下载到本地中查看！',
    );
  });
});
