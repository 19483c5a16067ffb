import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthUser } from '../../lib/context';
import { columnRef } from '../../lib/column-ref';

/**
 * What a caller may see of merchant finance data (spec/merchant-finance.md section 6),
 * worked out from the session only: nothing in a request can widen it.
 */
export interface FinanceScope {
  /** The designated user (users.sees_everything) sees every row. */
  everything: boolean;
  /** A merchant's vendor code: the account without the SZHY prefix; null for staff. */
  vendorCode: string | null;
  /** Matches the accountant on statements and the bookkeeper on dunning notices. */
  fullname: string;
  /** Codes of the stores tied to a user with the store role; empty otherwise. */
  storeCodes: string[];
  contractManager: boolean;
  storeRole: boolean;
}

export const vendorPrefix = 'SZHY';

/** The two role ids of spec section 6 (the same ids the platform uses). */
export const financeRoles = {
  contractManager: '1821074083270496256',
  store: '1902914013096972288',
} as const;

/** The vendor code of a merchant account, or null: 'SZHY10001' is unit '10001'. */
export function vendorCodeOf(account: string): string | null {
  if (!account.startsWith(vendorPrefix)) return null;
  const code = account.slice(vendorPrefix.length);
  return code.length > 0 ? code : null;
}

/** The stores a user holds through the store role (none without it), from the session. */
export function roleStoreCodes(user: AuthUser): string[] {
  return user.roleIds.includes(financeRoles.store) ? user.storeCodes : [];
}

/** The scope of a signed-in user: from their session alone, so it costs no query. */
export function financeScope(user: AuthUser): FinanceScope {
  return {
    everything: user.seesEverything,
    vendorCode: vendorCodeOf(user.account),
    fullname: user.fullname.trim(),
    storeCodes: roleStoreCodes(user),
    contractManager: user.roleIds.includes(financeRoles.contractManager),
    storeRole: user.roleIds.includes(financeRoles.store),
  };
}

type Condition = RawBuilder<SqlBool>;

export const always: Condition = sql<SqlBool>`true`;
export const never: Condition = sql<SqlBool>`false`;

export const columnEquals = (column: string, value: string): Condition =>
  sql<SqlBool>`${columnRef(column)} = ${value}`;

export const columnIn = (column: string, values: string[]): Condition =>
  values.length > 0 ? sql<SqlBool>`${columnRef(column)} in (${sql.join(values)})` : never;

/** Any of the grants; none at all means no rows (an empty list, not an error). */
export function anyOf(grants: (Condition | null)[]): Condition {
  const present = grants.filter((grant): grant is Condition => grant !== null);
  if (present.length === 0) return never;
  return sql<SqlBool>`(${sql.join(present, sql` or `)})`;
}

export interface StatementColumns {
  merchant: string;
  accountant: string;
}

/**
 * Statements, notices and invoices (spec section 6): the merchant's own unit; for staff,
 * the statements whose accountant is them. The store role's extra right is on contracts
 * only: it adds nothing here.
 */
export function statementScope(scope: FinanceScope, columns: StatementColumns): Condition {
  if (scope.everything) return always;
  if (scope.vendorCode) return columnEquals(columns.merchant, scope.vendorCode);
  return scope.fullname ? columnEquals(columns.accountant, scope.fullname) : never;
}

/**
 * The payment request statement always restricts to the merchant's unit (spec section 6): a
 * merchant sees their unit's, even one who also holds a wider grant; the designated user sees
 * every one; staff get none, not the statements they keep as accountant (docs/decisions.md).
 */
export function paymentRequestScope(scope: FinanceScope, columns: StatementColumns): Condition {
  if (scope.vendorCode) return columnEquals(columns.merchant, scope.vendorCode);
  return scope.everything ? always : never;
}
