import { sql } from 'kysely';
import { financeScope } from '../../finance/scope';
import { namedQuery as shellQuery } from '../../shell/queries';
import type { NamedQuery } from '../../shell/queries/registry';
import { orgName } from '../../workflow/queries/names';
import { personMatches } from '../../directory/people';

/**
 * The named queries custom dialogs read (besides the shell's registry). Each one's source
 * is already limited to what the caller may see, so a dialog can never widen a scope.
 */

/** Stores and their floors as one flat list of tree nodes: a floor's parent is its store. */
export const storeFloorTree: NamedQuery = {
  name: 'dialogStoreFloors',
  filters: { name: 'text', storeCode: 'exact', kind: 'exact' },
  orderBy: { column: 'sort', direction: 'asc' },
  source(ctx) {
    const storeName = ctx.language === 'en-US' ? sql.ref('s.name_en') : sql.ref('s.name');
    const stores = ctx.db
      .selectFrom('stores as s')
      .select([
        sql<string>`s.code`.as('id'),
        sql<string>`''`.as('parentId'),
        sql<string>`${storeName}`.as('name'),
        sql<string>`s.code`.as('storeCode'),
        sql<string>`''`.as('floor'),
        sql<string>`'store'`.as('kind'),
        sql<number>`s.sort * 100`.as('sort'),
      ]);
    const floors = ctx.db
      .selectFrom('map_floors as f')
      .innerJoin('stores as s', 's.code', 'f.store_code')
      .select([
        sql<string>`f.store_code || '/' || f.floor`.as('id'),
        sql<string>`f.store_code`.as('parentId'),
        sql<string>`${storeName} || ' ' || f.floor`.as('name'),
        sql<string>`f.store_code`.as('storeCode'),
        sql<string>`f.floor`.as('floor'),
        sql<string>`'floor'`.as('kind'),
        sql<number>`s.sort * 100 + 10 + f.sort`.as('sort'),
      ]);
    return stores.unionAll(floors);
  },
};

/**
 * Contracts with their merchant: a merchant sees only its own unit's, the store role its
 * stores', the contract-management role and the designated user all; other staff none.
 */
export const dialogContracts: NamedQuery = {
  name: 'dialogContracts',
  filters: {
    contractNo: 'text',
    merchantName: 'text',
    storeCode: 'exact',
    merchantCode: 'exact',
    mode: 'exact',
  },
  orderBy: { column: 'contractNo', direction: 'asc' },
  async source(ctx) {
    const scope = financeScope(ctx.caller);
    const storeName = ctx.language === 'en-US' ? 's.name_en' : 's.name';
    return ctx.db
      .selectFrom('contracts as c')
      .innerJoin('merchants as m', 'm.code', 'c.merchant_code')
      .innerJoin('stores as s', 's.code', 'c.store_code')
      .select([
        'c.id',
        'c.number as contractNo',
        'c.merchant_code as merchantCode',
        'm.name as merchantName',
        'c.store_code as storeCode',
        sql<string>`${sql.ref(storeName)}`.as('storeName'),
        'c.floor',
        'c.shop_no as shopNo',
        'c.mode',
        sql<string>`to_char(c.starts_on, 'YYYY-MM-DD')`.as('startsOn'),
        sql<string>`to_char(c.ends_on, 'YYYY-MM-DD')`.as('endsOn'),
      ])
      .$call((query) => {
        if (scope.everything || scope.contractManager) return query;
        if (scope.vendorCode) return query.where('c.merchant_code', '=', scope.vendorCode);
        if (scope.storeRole && scope.storeCodes.length > 0)
          return query.where('c.store_code', 'in', scope.storeCodes);
        return query.where(sql<boolean>`false`);
      });
  },
};

/** Staff: active users who belong to an org (merchants belong to none), with their main org. */
/**
 * Staff to pick (选择员工): the name box searches as the people picker does (one rule,
 * personMatches: name, account, pinyin initials or full pinyin, org or post), and the
 * department is named in the caller's language.
 */
export const staffPeople: NamedQuery = {
  name: 'dialogStaff',
  filters: { fullname: personMatches, account: 'text', orgName: 'text' },
  orderBy: { column: 'account', direction: 'asc' },
  source(ctx) {
    return ctx.db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.account',
        'u.fullname',
        // Read by the name box only; a dialog answers its display and result fields alone.
        'u.name_initials',
        'u.name_pinyin',
        (eb) =>
          eb
            .selectFrom('wf_org_members as m')
            .innerJoin('wf_orgs as o', 'o.id', 'm.org_id')
            .select(orgName(ctx.language).as('name'))
            .whereRef('m.user_id', '=', 'u.id')
            .orderBy('m.is_main', 'desc')
            .orderBy('o.sort')
            .orderBy('o.id')
            .limit(1)
            .as('orgName'),
      ])
      .where('u.status', '=', 1)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('wf_org_members as dm')
            .select('dm.user_id')
            .whereRef('dm.user_id', '=', 'u.id'),
        ),
      );
  },
};

const dialogQueries: ReadonlyMap<string, NamedQuery> = new Map(
  [storeFloorTree, dialogContracts, staffPeople].map((query) => [query.name, query]),
);

/** A dialog's query by name: ours first, then the shell's (stores, ...). */
export function dialogQuery(name: string): NamedQuery | undefined {
  return dialogQueries.get(name) ?? shellQuery(name);
}
