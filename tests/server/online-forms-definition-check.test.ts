import { describe, expect, it } from 'vitest';
import { oneDatabase } from './harness';
import { useServerAndClient } from './workflow-harness';

/**
 * A form definition whose formulas or rules would not run is refused whole (docs/forms.md,
 * "Definitions"). One database: the refusal comes before any SQL; the stored version count
 * is read to prove nothing was stored, which no database can change.
 */
const save = '/form/form/form/v1/save';
type Definition = {
  key: string;
  name: string;
  fields: Record<string, unknown>[];
  subTables: { name: string; label: string; fields: Record<string, unknown>[] }[];
};

const definition = (
  fields: Record<string, unknown>[],
  subTables: Definition['subTables'] = [],
) => ({
  key: 'checkedForm',
  name: '校验表单',
  fields: [
    { name: 'price', label: '单价', labelEn: 'Price', type: 'money' },
    { name: 'quantity', label: '数量', labelEn: 'Quantity', type: 'number' },
    ...fields,
  ],
  subTables,
});

describe.each(oneDatabase)('saving a form definition that does not compile on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const versions = async () =>
    (
      await server.db
        .selectFrom('form_defs')
        .select('version')
        .where('form_key', '=', 'checkedForm')
        .execute()
    ).length;
  const saveAs = (body: unknown, language = 'zh-CN') =>
    client.call('admin', 'POST', save, { definition: body }, language);
  const refused = async (body: unknown) => {
    const answers = await Promise.all(
      (['zh-CN', 'en-US'] as const).map((language) => saveAs(body, language)),
    );
    for (const answer of answers) expect(answer.status, answer.body.message).toBe(400);
    expect(await versions()).toBe(0);
    const [zh = '', en = ''] = answers.map((answer) => String(answer.body.message));
    return [zh, en] as const;
  };

  it('refuses a formula naming an unknown field, naming the field and the formula', async () => {
    const [zh, en] = await refused(
      definition([
        { name: 'total', label: '合计', labelEn: 'Total', type: 'money', formula: 'price * qty' },
      ]),
    );
    expect(zh).toBe(
      '表单定义有误，未保存：字段“合计”（total）的公式「price * qty」：公式中有未知的字段：qty',
    );
    expect(en).toBe(
      'The form definition was not saved: field “Total” (total), formula “price * qty”: Unknown field in formula: qty',
    );
  });

  it('refuses syntax errors, unknown functions and cycles, every one named', async () => {
    const [zh, en] = await refused(
      definition(
        [
          { name: 'a', label: '甲', labelEn: 'A', type: 'number', formula: 'b + 1' },
          { name: 'b', label: '乙', labelEn: 'B', type: 'number', formula: 'a + 1' },
          { name: 'c', label: '丙', labelEn: 'C', type: 'number', formula: 'price *' },
          { name: 'd', label: '丁', labelEn: 'D', type: 'number', formula: 'nosuch(price)' },
        ],
        [
          {
            name: 'works',
            label: '明细',
            fields: [{ name: 'cost', label: '费用', type: 'money', formula: 'works.nothing' }],
          },
        ],
      ),
    );
    expect(zh).toContain('字段“丙”（c）的公式「price *」：公式不完整');
    expect(zh).toContain('字段“丁”（d）的公式「nosuch(price)」：公式中有未知的函数：nosuch');
    expect(zh).toContain('公式循环引用：a → b → a');
    expect(zh).toContain('字段“明细.费用”（works.cost）的公式「works.nothing」');
    expect(en).toContain('field “D” (d), formula “nosuch(price)”');
    expect(en).not.toContain('公式');
  });

  it('refuses rules naming a field the form (or the sub-table row) does not have', async () => {
    const [zh, en] = await refused(
      definition([
        { name: 'start', label: '开始', labelEn: 'Start', type: 'date' },
        { name: 'end', label: '结束', labelEn: 'End', type: 'date', rules: 'dateRangeEnd:begin' },
        { name: 'days', label: '天数', type: 'number', rules: 'daysWithin:start,finish' },
        { name: 'again', label: '再次', type: 'text', rules: 'confirmed:nobody' },
        // A literal date is no field: this one is fine.
        { name: 'after', label: '之后', type: 'date', rules: 'dateMore:2026-01-01' },
      ]),
    );
    expect(zh).toContain(
      '字段“结束”（end）的校验规则「dateRangeEnd:begin」：引用了表单中没有的字段：begin',
    );
    expect(zh).toContain('「daysWithin:start,finish」：引用了表单中没有的字段：finish');
    expect(zh).toContain('「confirmed:nobody」');
    expect(zh).not.toContain('dateMore');
    expect(en).toContain(
      'field “End” (end), rule “dateRangeEnd:begin”: it names a field the form does not have: begin',
    );
  });

  it('names ten problems and counts the rest', async () => {
    const fields = Array.from({ length: 25 }, (_, index) => ({
      name: `f${index}`,
      label: `字段${index}`,
      type: 'number',
      formula: `missing${index}`,
    }));
    const [zh, en] = await refused(definition(fields));
    expect(zh.match(/公式中有未知的字段/g)).toHaveLength(10);
    expect(zh).toMatch(/；另有 15 处问题$/);
    expect(en).toMatch(/; and 15 more$/);
  });

  it('refuses hostile formulas: 5,000 deep, 100 KB long, nesting within the length, a NUL', async () => {
    const deep = `${'('.repeat(5000)}1${')'.repeat(5000)}`;
    const long = `price + ${'1'.repeat(100_000)}`;
    // Longer than the schema's 1,000 characters a formula: refused before it is parsed.
    for (const formula of [deep, long]) {
      const [zh, en] = await refused(
        definition([{ name: 'total', label: '合计', labelEn: 'Total', type: 'number', formula }]),
      );
      expect(zh).toBe('表单定义不正确：字段“total”的公式：最多 1000 个字符');
      expect(en).toMatch(/total/);
      expect(en.length).toBeLessThan(200);
    }
    // Within the schema's 1,000 characters, 900 levels: the compiler's own limit speaks.
    const [zh] = await refused(
      definition([
        { name: 'total', label: '合计', type: 'number', formula: `${'-'.repeat(900)}price` },
      ]),
    );
    expect(zh).toContain('公式嵌套过深（最多 200 层）');
    expect(zh).toContain(`「${'-'.repeat(80)}…」`);
    const nul = await saveAs(
      definition([{ name: 'total', label: '合计', type: 'number', formula: 'price\u0000' }]),
    );
    expect(nul.status).toBe(400);
    expect(await versions()).toBe(0);
  });

  it('stores a definition whose formulas and rules all compile', async () => {
    const answer = await saveAs(
      definition([
        { name: 'total', label: '合计', type: 'money', formula: 'round(price * quantity, 2)' },
        { name: 'start', label: '开始', type: 'date' },
        { name: 'end', label: '结束', type: 'date', rules: 'dateRangeEnd:start' },
      ]),
    );
    expect(answer.status, answer.body.message).toBe(200);
    expect(await versions()).toBe(1);
  });
});
