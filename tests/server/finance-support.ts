import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll } from 'vitest';
import type { Db } from '../../server/db/database';
import { demoPasswords, demoUsers } from '../../server/db/seed/people';
import { bearer, login, withServer, type DatabaseKind } from './harness';

/** Helpers for the finance tests: calling the API as a demo user, and independent SQL. */

export const executeSqlPath = '/bpm-runtime/bpm/atriumScript/executeSql';

export const encodeParam = (descriptor: unknown) =>
  Buffer.from(JSON.stringify(descriptor), 'utf8').toString('base64');

export type Row = Record<string, string | number | null>;

export interface ListAnswer {
  state: boolean;
  result: Row[];
  total: number;
  page: number;
  pageSize: number;
  summary?: Record<string, number>;
  permissions?: { canAdd: boolean; canEdit: boolean };
  message?: string;
}

/** The demo users of the tests (newhire must change the password first and is skipped). */
export const testAccounts = ['admin', 'SZHY10001', 'SZHY10002', 'store01', 'contract01', 'acct01'];

export async function loginAll(app: FastifyInstance): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const account of testAccounts) {
    const user = demoUsers.find((candidate) => candidate.account === account)!;
    tokens[account] = await login(app, account, demoPasswords[user.password]);
  }
  return tokens;
}

/**
 * The finance files' frame: a server on `kind` for the describe block, and a token of each
 * of the test accounts once it is up.
 */
export function withFinanceServer(kind: DatabaseKind, env: Record<string, string> = {}) {
  const server = withServer(kind, env);
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(tokens, await loginAll(server.app));
  });
  return { server, tokens };
}

export function caller(app: FastifyInstance, token: string, language = 'zh-CN') {
  const headers = { ...bearer(token), 'accept-language': language };
  return {
    query: (descriptor: unknown) => rawQuery(app, encodeParam(descriptor), headers),
    raw: (param: string) => rawQuery(app, param, headers),
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload }),
  };
}

async function rawQuery(app: FastifyInstance, param: string, headers: Record<string, string>) {
  const response = await app.inject({
    method: 'GET',
    url: `${executeSqlPath}?param=${encodeURIComponent(param)}`,
    headers,
  });
  return { status: response.statusCode, body: response.json<ListAnswer>() };
}

/** Rows of an independent SQL query (the tests' oracle, never the code under test). */
export async function rows<T = Record<string, unknown>>(db: Db, text: string): Promise<T[]> {
  return (await sql.raw<T>(text).execute(db)).rows;
}

export async function ids(db: Db, text: string): Promise<string[]> {
  return (await rows<{ id: string }>(db, text)).map((row) => row.id).sort();
}

/** A quoted SQL string literal for the oracle queries (test constants only). */
export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The demo users' scopes as independent SQL over a table aliased t (spec section 6 and the
 * users' roles in people.ts).
 */
export const storesOf = (account: string) =>
  `(select s.code from stores s join user_stores us on us.store_id = s.id
    join users u on u.id = us.user_id where u.account = ${literal(account)})`;
export const nameOf = (account: string) =>
  `(select fullname from users where account = ${literal(account)})`;

/** Statements: merchant unit; staff: accountant name, and the stores of the store role. */
export const statementRule: Record<string, string> = {
  admin: 'true',
  SZHY10001: "t.merchant_code = '10001'",
  SZHY10002: "t.merchant_code = '10002'",
  // The store role's extra right is on contracts only (spec section 6).
  store01: `t.accountant_name = ${nameOf('store01')}`,
  contract01: `t.accountant_name = ${nameOf('contract01')}`,
  acct01: `t.accountant_name = ${nameOf('acct01')}`,
};

/** Sales and payment requests: the merchant's own unit; staff see none. */
export const salesRule: Record<string, string> = {
  admin: 'true',
  SZHY10001: "t.merchant_code = '10001'",
  SZHY10002: "t.merchant_code = '10002'",
  store01: 'false',
  contract01: 'false',
  acct01: 'false',
};
export const paymentRequestRule = salesRule;

/** Contracts: the merchant's unit or mobile; the store role its stores; contract management all. */
export const contractRule: Record<string, string> = {
  admin: 'true',
  SZHY10001: "(t.merchant_code = '10001' or t.contact_mobile = '10001')",
  SZHY10002: "(t.merchant_code = '10002' or t.contact_mobile = '10002')",
  store01: `t.store_code in ${storesOf('store01')}`,
  contract01: 'true',
  acct01: 'false',
};

/** Dunning notices: the merchant's unit or bookkeeper name; staff by bookkeeper name. */
export const overdueRule: Record<string, string> = {
  admin: 'true',
  SZHY10001: `(t.merchant_code = '10001' or t.bookkeeper_name = ${nameOf('SZHY10001')})`,
  SZHY10002: `(t.merchant_code = '10002' or t.bookkeeper_name = ${nameOf('SZHY10002')})`,
  store01: `t.bookkeeper_name = ${nameOf('store01')}`,
  contract01: `t.bookkeeper_name = ${nameOf('contract01')}`,
  acct01: `t.bookkeeper_name = ${nameOf('acct01')}`,
};

/** The scope rule of each named list, by the list's query name. */
export function scopeRuleOf(query: string): Record<string, string> {
  if (query === 'statement.fkqkd') return paymentRequestRule;
  if (query.startsWith('statement.')) return statementRule;
  if (query.startsWith('sales.')) return salesRule;
  if (query.startsWith('contract.')) return contractRule;
  if (query.startsWith('overdue.')) return overdueRule;
  throw new Error(`no scope rule for ${query}`);
}

export { seededToday } from './harness';

export function shiftMonth(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function shiftDate(date: string, months: number): string {
  const target = shiftMonth(date.slice(0, 7), months);
  const [y, m] = [Number(target.slice(0, 4)), Number(target.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${target}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
}

/**
 * A fingerprint of every table the finance endpoints could touch: row counts and an md5 of
 * all row text, so a test can prove a request changed nothing.
 */
export const guardedTables = [
  'users',
  'user_roles',
  'user_stores',
  'roles',
  'stores',
  'files',
  'merchants',
  'brands',
  'products',
  'contracts',
  'advance_notices',
  'joint_fee_notices',
  'lease_fee_notices',
  'settlement_statements',
  'settlement_fee_lines',
  'invoice_confirmations',
  'invoice_confirmation_lines',
  'brand_monthly_sales',
  'product_daily_sales',
  'contract_prints',
  'dunning_notices',
  'invoices',
];

export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of guardedTables) {
    const [row] = await rows<{ n: number; digest: string }>(
      db,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
    );
    result[table] = `${row!.n}:${row!.digest}`;
  }
  const [tables] = await rows<{ names: string }>(
    db,
    `select string_agg(tablename, ',' order by tablename) as names from pg_tables where schemaname = current_schema()`,
  );
  result.tables = tables!.names;
  return result;
}
