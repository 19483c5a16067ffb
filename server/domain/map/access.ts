import type { AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { financeRoles, roleStoreCodes, vendorCodeOf } from '../finance/scope';

/** The operations role: assigns brands, merchants and contracts to shops (/editMapYy). */
export const mapRoles = { operations: '1700000001000000014' } as const;

/**
 * What a caller may do on the floor map, from the session only (docs/floor-map.md, "Roles"):
 * - staff fields (merchant, contract, statements) for the administrator, contract managers
 *   and operations staff everywhere, for the store role in its own stores;
 * - a merchant sees its own shops' staff fields and nobody else's;
 * - layout edits: the administrator, the store role in its own stores;
 * - assignments: the administrator and operations staff.
 */
export interface MapAccess {
  signedIn: boolean;
  vendorCode: string | null;
  /** Stores whose staff fields the caller reads; 'all' for every store. */
  staffStores: 'all' | string[];
  /** Stores whose layout the caller edits. */
  layoutStores: 'all' | string[];
  assign: boolean;
}

export const anonymousAccess: MapAccess = {
  signedIn: false,
  vendorCode: null,
  staffStores: [],
  layoutStores: [],
  assign: false,
};

export function mapAccess(user: AuthUser | null): MapAccess {
  if (!user) return anonymousAccess;
  const vendorCode = vendorCodeOf(user.account);
  const admin = user.seesEverything;
  const operations = user.roleIds.includes(mapRoles.operations);
  const wide = admin || operations || user.roleIds.includes(financeRoles.contractManager);
  const stores = roleStoreCodes(user);
  return {
    signedIn: true,
    vendorCode,
    staffStores: wide && !vendorCode ? 'all' : vendorCode ? [] : stores,
    layoutStores: admin ? 'all' : stores,
    assign: admin || operations,
  };
}

export const covers = (stores: 'all' | string[], store: string) =>
  stores === 'all' || stores.includes(store);

export function assertLayoutEditor(access: MapAccess, store: string): void {
  if (!covers(access.layoutStores, store)) throw forbidden('server:map.notYourStore');
}

export function assertAssigner(access: MapAccess): void {
  if (!access.assign) throw forbidden('server:map.notOperations');
}
