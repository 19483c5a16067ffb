import { beforeAll, describe, expect, it } from 'vitest';
import { oneDatabase } from './harness';
import {
  caller,
  encodeParam,
  executeSqlPath,
  fingerprint,
  literal,
  rows,
  withFinanceServer,
} from './finance-support';

/**
 * Classic injection payloads in every filter of every named query, in `param` itself, and in
 * the search calls' parameters: each is answered with 400 or with exactly the rows an
 * independent query finds for the literal text within the caller's scope, and the database
 * is byte-for-byte the same afterwards.
 */
const stringPayloads = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR "1"="1',
  "1' OR '1'='1' /*",
  "admin'--",
  "'; DROP TABLE users; --",
  "'; DELETE FROM joint_fee_notices; --",
  "'; UPDATE users SET sees_everything = true; --",
  "'; TRUNCATE settlement_statements CASCADE; --",
  "'); DROP TABLE merchants; --",
  "' UNION SELECT account, password_hash FROM users --",
  "' UNION ALL SELECT NULL, NULL, NULL --",
  '1 UNION SELECT version()',
  "' /* comment */ OR /* */ '1'='1",
  "'/**/OR/**/1=1#",
  "'; SELECT pg_sleep(3); --",
  "' AND 1=(SELECT COUNT(*) FROM pg_tables) --",
  "'||(SELECT password_hash FROM users LIMIT 1)||'",
  "' OR EXISTS(SELECT 1 FROM users WHERE account='admin') --",
  '$$; DROP TABLE users; $$',
  "E'\\x27 OR 1=1",
  "\\'; DROP TABLE users; --",
  "1; COPY users TO '/tmp/atrium-leak'; --",
  "x'::text; select 1; --",
  '\uff07 OR \uff11=\uff11 --',
  '\u02bc OR 1=1 --',
  '\u2019; DROP TABLE users; --',
  "\uff05' OR 1=1 --",
  "%' AND '%'='",
  '_%_%_',
  '\\%\\_',
  '%',
  '${jndi:ldap://evil/x}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  'true',
  "\u0000' OR 1=1 --",
  'a\nb',
  '\ud800',
  'x'.repeat(5000),
];

const typedPayloads: unknown[] = [
  1,
  -1,
  1.5,
  true,
  false,
  {},
  [],
  ["' OR 1=1 --"],
  { $ne: '' },
  JSON.parse('{"__proto__": {"admin": true}}'),
  { toString: 'x' },
];

interface Target {
  table: string;
  /** SZHY10001's scope, as the spec defines it. */
  scope: string;
  /** Filter name to its column (text filters match literally; store codes exactly). */
  text: Record<string, string>;
  code?: string;
  ranges: string[];
  id?: string;
}

const merchantScope = "t.merchant_code = '10001'";
const statement = (table: string): Target => ({
  table,
  scope: merchantScope,
  text: { contract: 'contract_no', merchant: 'merchant_name', brand: 'brand' },
  code: 'store_code',
  ranges: ['startMonth', 'endMonth'],
});

const targets: Record<string, Target> = {
  'statement.lyfyjsd': statement('joint_fee_notices'),
  'statement.yjfytzd': statement('advance_notices'),
  'statement.zlfymxd': statement('lease_fee_notices'),
  'statement.fkqkd': statement('settlement_statements'),
  'sales.monthly': {
    table: 'brand_monthly_sales',
    scope: merchantScope,
    text: { contract: 'contract_label', brand: 'brand' },
    code: 'store_code',
    ranges: ['startDate', 'endDate'],
  },
  'sales.daily': {
    table: 'product_daily_sales',
    scope: `exists (select 1 from brand_monthly_sales m where m.id = t.sales_id and m.merchant_code = '10001')`,
    text: {},
    ranges: [],
    id: 'sales_id',
  },
  'contract.list': {
    table: 'contract_prints',
    scope: "(t.merchant_code = '10001' or t.contact_mobile = '10001')",
    text: { contract: 'contract_no', merchant: 'merchant_name', brand: 'brand' },
    code: 'store_code',
    ranges: ['startMonth', 'endMonth'],
  },
  'overdue.list': {
    table: 'dunning_notices',
    scope: merchantScope,
    text: { contract: 'contract_no', brand: 'brand', merchant: 'merchant_name' },
    code: 'store_code',
    ranges: [],
  },
};

describe.each(oneDatabase)('finance injection on %s', (kind) => {
  const { server, tokens } = withFinanceServer(kind);
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await fingerprint(server.db);
  });

  const merchant = () => caller(server.app, tokens.SZHY10001!);

  /** The count the API must answer for `filter = value`, or null when it must refuse. */
  async function expectedTotal(target: Target, filter: string, value: unknown) {
    if (typeof value !== 'string') return null;
    const column = target.text[filter];
    const condition = column
      ? `strpos(lower(t.${column}), lower(${literal(value.trim())})) > 0`
      : filter === 'store'
        ? `t.${target.code} = ${literal(value.trim())}`
        : filter === 'salesId'
          ? `t.${target.id} = ${literal(value.trim())}`
          : 'true'; // one end of a range alone is ignored
    const [row] = await rows<{ n: number }>(
      server.db,
      `select count(*)::int as n from ${target.table} t where ${target.scope} and ${condition}`,
    );
    return row!.n;
  }

  for (const [query, target] of Object.entries(targets)) {
    it(`${query}: every payload in every filter is refused or matched literally`, async () => {
      const filters = [
        ...Object.keys(target.text),
        ...(target.code ? ['store'] : []),
        ...target.ranges,
        ...(target.id ? ['salesId'] : []),
      ];
      let refused = 0;
      let answered = 0;
      for (const filter of filters) {
        for (const value of [...stringPayloads, ...typedPayloads]) {
          const { status, body } = await merchant().query({ query, filters: { [filter]: value } });
          const label = `${query} ${filter}=${JSON.stringify(value).slice(0, 60)}`;
          if (status === 400) {
            expect(body.state, label).toBe(false);
            expect(body.message, label).toMatch(/\S/);
            refused++;
            continue;
          }
          expect(status, label).toBe(200);
          const expected = await expectedTotal(target, filter, value);
          expect(expected, `${label} should have been refused`).not.toBeNull();
          expect(body.total, label).toBe(expected);
          expect(body.result.length, label).toBe(Math.min(expected!, 10_000));
          answered++;
        }
      }
      // Both outcomes occur: text payloads run as literal text, malformed ones are refused.
      expect(refused).toBeGreaterThan(0);
      if (Object.keys(target.text).length > 0) expect(answered).toBeGreaterThan(0);
    });
  }

  it('refuses anything in param that is not a descriptor naming a registered query', async () => {
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const params: [string, string][] = [
      ["' OR 1=1 --", '查询参数 param 不是有效的 Base64 文本'],
      ['%%%', '查询参数 param 不是有效的 Base64 文本'],
      ['select * from users', '查询参数 param 不是有效的 Base64 文本'],
      ['e30', '未知的查询名称“”'],
      [Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'), '查询参数 param 不是有效的 Base64 文本'],
      [b64('select * from users'), '不接受 SQL 语句，请在查询描述中使用命名查询（query）'],
      [b64('SELECT account, password_hash FROM users'), '不接受 SQL 语句'],
      [b64('  with x as (delete from users returning *) select * from x'), '不接受 SQL 语句'],
      [b64('drop table users'), '不接受 SQL 语句'],
      [b64('hello'), '查询参数 param 解码后不是 JSON 查询描述'],
      [b64('{"query": "statement.lyfyjsd"'), '查询参数 param 解码后不是 JSON 查询描述'],
      [b64('[]'), '查询描述应为 JSON 对象'],
      [b64('null'), '查询描述应为 JSON 对象'],
      [b64('42'), '查询描述应为 JSON 对象'],
      [b64('"statement.lyfyjsd"'), '查询描述应为 JSON 对象'],
      [encodeParam({ sql: 'select * from users' }), '不接受 SQL 语句'],
      [encodeParam({ SQL: 'select 1' }), '不接受 SQL 语句'],
      [encodeParam({ query: 'statement.lyfyjsd', sql: 'select 1' }), '不接受 SQL 语句'],
      [
        encodeParam({ query: 'statement.lyfyjsd', where: '1=1' }),
        '查询描述中不允许出现字段“where”',
      ],
      [
        b64('{"query":"statement.lyfyjsd","__proto__":{"everything":true}}'),
        '不允许出现字段“__proto__”',
      ],
      [encodeParam({ query: 'select * from users' }), '未知的查询名称“select * from users”'],
      [encodeParam({ query: 'statement.lyfyjsd; drop table users' }), '未知的查询名称'],
      [encodeParam({ query: 'statement.lyfyjsd --' }), '未知的查询名称'],
      [encodeParam({ query: '__proto__' }), '未知的查询名称“__proto__”'],
      [encodeParam({ query: 'constructor' }), '未知的查询名称“constructor”'],
      [encodeParam({ query: 'toString' }), '未知的查询名称“toString”'],
      [encodeParam({ query: ['statement.lyfyjsd'] }), '未知的查询名称'],
      [encodeParam({ query: { name: 'statement.lyfyjsd' } }), '未知的查询名称'],
      [encodeParam({}), '未知的查询名称'],
      [
        encodeParam({ query: 'statement.lyfyjsd', filters: "brand = 'x' or 1=1" }),
        '筛选条件 filters 应为 JSON 对象',
      ],
      [
        b64('{"query":"statement.lyfyjsd","filters":{"__proto__":{"brand":"x"}}}'),
        '不支持的筛选条件“__proto__”',
      ],
      [
        encodeParam({ query: 'statement.lyfyjsd', filters: { constructor: 'x' } }),
        '不支持的筛选条件“constructor”',
      ],
      [
        encodeParam({ query: 'statement.lyfyjsd', filters: { hasOwnProperty: 'x' } }),
        '不支持的筛选条件“hasOwnProperty”',
      ],
      [
        encodeParam({ query: 'statement.lyfyjsd', filters: { "brand' OR 1=1 --": 'x' } }),
        '不支持的筛选条件',
      ],
      [encodeParam({ query: 'statement.lyfyjsd', page: '1; drop table users' }), 'pageSize'],
      [encodeParam({ query: 'statement.lyfyjsd', sort: 'NY desc; drop table users' }), '排序 sort'],
      [
        encodeParam({
          query: 'statement.lyfyjsd',
          sort: [{ field: '1) or (1=1', direction: 'asc' }],
        }),
        '不能按字段',
      ],
    ];
    for (const [param, message] of params) {
      const { status, body } = await merchant().raw(param);
      expect(status, param).toBe(400);
      expect(body.state, param).toBe(false);
      expect(body.message, param).toContain(message);
    }
  });

  it('refuses a sql parameter next to param, a missing or repeated param and a huge one', async () => {
    const headers = { authorization: `Bearer ${tokens.SZHY10001}` };
    const valid = encodeURIComponent(encodeParam({ query: 'statement.lyfyjsd' }));
    for (const url of [
      `${executeSqlPath}?param=${valid}&sql=select%20*%20from%20users`,
      `${executeSqlPath}?param=${valid}&SQL=select%201`,
      `${executeSqlPath}`,
      `${executeSqlPath}?param=`,
      `${executeSqlPath}?param=${valid}&param=${valid}`,
      `${executeSqlPath}?param=${'A'.repeat(70_000)}`,
    ]) {
      const response = await server.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url.slice(0, 120)).toBe(400);
      expect(response.json().state).toBe(false);
    }
  });

  it('answers the search calls with 404 or 400 for payloads, never data or a crash', async () => {
    const as = merchant();
    const base = '/bpm-runtime/bpm/atriumScript';
    // A lone surrogate cannot even be put into a URL; the rest go as they are.
    const strings = stringPayloads.filter(
      (payload) => payload.length < 1000 && payload !== '\ud800',
    );
    for (const payload of strings) {
      const value = encodeURIComponent(payload);
      for (const url of [
        `${base}/searchDJH?DJBH=${value}`,
        `${base}/searchDJH?DJBH=JS1&HSFS=${value}`,
        `${base}/searchFPQRD?DJBH=${value}`,
        `${base}/searchLYJKD?GHDWDM=${value}&DJBH=HT&NY=2026-01`,
        `${base}/searchLYJKD?GHDWDM=10001&DJBH=${value}&NY=2026-01`,
        `${base}/searchLYJKD?GHDWDM=10001&DJBH=HT&NY=${value}`,
        `${base}/searchZLTZD?GHDWDM=10001&DJBH=${value}&NY=2026-01`,
      ]) {
        const response = await as.get(url);
        expect([400, 404], `${url} ${response.body}`).toContain(response.statusCode);
        expect(response.json().state).toBe(false);
      }
      for (const body of [
        { ghdwdm: '10001', kpny: '2026-01', hth: payload },
        { ghdwdm: payload, kpny: '2026-01', hth: 'HT' },
        { ghdwdm: '10001', kpny: payload, hth: 'HT' },
      ]) {
        const response = await as.post('/bpm-runtime/bpm/haiyaapi/getKpmxqk', body);
        if (response.statusCode === 200) {
          expect(response.json()).toEqual({
            code: 500,
            message: '未查到本月对应发票，请等待商场方完成开票后下载。',
          });
        } else {
          expect(response.statusCode, JSON.stringify(body)).toBe(400);
        }
      }
    }
  });

  it('leaves every table exactly as it was', async () => {
    expect(await fingerprint(server.db)).toEqual(before);
  });
});
