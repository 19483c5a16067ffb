import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

const load = (language: string, file: string) =>
  JSON.parse(readFileSync(`src/core/i18n/${language}/${file}`, 'utf8')) as Tree;

describe('message resources', () => {
  const domains = readdirSync('src/core/i18n/zh-CN');

  it('exist in both languages for every domain', () => {
    expect(readdirSync('src/core/i18n/en-US').sort()).toEqual([...domains].sort());
  });

  it.each(domains)('%s has the same keys in zh-CN and en-US, none empty', (file) => {
    const zh = load('zh-CN', file);
    const en = load('en-US', file);
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    for (const key of keys(zh)) {
      const path = key.split('.');
      const value = (tree: Tree) =>
        path.reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree);
      expect(String(value(zh)).trim(), `zh-CN ${file} ${key}`).not.toBe('');
      expect(String(value(en)).trim(), `en-US ${file} ${key}`).not.toBe('');
    }
  });

  it('keeps the spec texts verbatim', () => {
    const common = load('zh-CN', 'common.json');
    expect(keys(common).length).toBeGreaterThan(20);
    const flat = JSON.stringify([
      common,
      ...['rules', 'login', 'shell-elements', 'finance'].map((domain) =>
        load('zh-CN', `${domain}.json`),
      ),
    ]);
    for (const text of [
      '系统检测到数据有误，请检查!',
      '登录超时',
      '404 未找到该页面',
      '当前页已经是最前一页',
      '当前页已经是最后一页',
      '一共只有一页，不存在上一页',
      '一共只有一页，不存在下一页',
      '超出最大处理数字',
      '请输入账号',
      '账号格式不符合规范',
      '请输入密码',
      '手机号码不合法，请重新输入。',
      '验证码不合法，请重新输入。',
      '验证码错误。',
      '验证码已经发送，请勿重复发送。',
      '请选择报名门店',
      '请输入您的预留姓名',
      '请输入您的联系方式',
      '请输入您的需求面积',
      '报名成功，我方工作人员将于近日与您联系。',
      '此附件类型暂不支持在线查看，开始为您下载到本地中查看！',
      '未查到本月对应发票，请等待商场方完成开票后下载。',
    ]) {
      expect(flat, text).toContain(text);
    }
  });
});

describe('the greeting by the hour', () => {
  it('says in English what English speakers say at every hour (no "Good noon")', async () => {
    const { greetingKey } = await import('../../../src/core/greeting');
    const english = load('en-US', 'common.json').greeting as Tree;
    const said = Array.from({ length: 24 }, (_, hour) => {
      const key = greetingKey(hour).replace('common:greeting.', '');
      return english[key];
    });
    expect(said).toEqual([
      ...Array<string>(12).fill('Good morning'),
      ...Array<string>(7).fill('Good afternoon'),
      ...Array<string>(5).fill('Good evening'),
    ]);
  });
});
