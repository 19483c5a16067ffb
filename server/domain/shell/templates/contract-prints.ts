import { sql, type SqlBool } from 'kysely';
import {
  anyOf,
  columnEquals,
  columnIn,
  financeScope,
  type FinanceScope,
} from '../../finance/scope';
import type { NamedQuery, QueryContext } from '../queries/registry';

/**
 * The dyzl rows: the finance area's contract_prints (the rows of the /ht list), with the
 * platform's field names. Who sees them is spec/merchant-finance.md section 6, worked out by
 * the finance area's financeScope: the contract-management role and the designated user all
 * rows, the store role its stores, a merchant its vendor code (also when the row's contact
 * mobile holds that code), everyone else none.
 */
function visibleRows(scope: FinanceScope) {
  if (scope.everything || scope.contractManager) return sql<SqlBool>`true`;
  return anyOf([
    scope.vendorCode ? columnEquals('p.merchant_code', scope.vendorCode) : null,
    scope.vendorCode ? columnEquals('p.contact_mobile', scope.vendorCode) : null,
    scope.storeRole ? columnIn('p.store_code', scope.storeCodes) : null,
  ]);
}

/** The platform's yes/no flags, as the finance list shows them. */
const yesNo = (column: string) => sql<string>`case when ${sql.ref(column)} then '是' else '否' end`;

export function contractPrintRows(ctx: QueryContext, scope: FinanceScope) {
  return ctx.db
    .selectFrom('contract_prints as p')
    .innerJoin('stores as s', 's.code', 'p.store_code')
    .select([
      'p.id as ID_',
      sql.ref<string>(ctx.language === 'en-US' ? 's.name_en' : 's.name').as('F_MD'),
      'p.store_code as F_MDID',
      sql<string>`coalesce(p.merchant_code, '')`.as('F_GYSDM'),
      'p.merchant_name as F_GYSMC',
      'p.brand as F_PPMC',
      'p.contract_no as F_HTH',
      'p.contact_name as F_LXR',
      'p.contact_mobile as F_LXSJH',
      yesNo('p.brand_sms_ok').as('F_DXSFFSCG'),
      'p.liaison_name as F_ZSRY',
      'p.liaison_mobile as F_ZSRYSJH',
      yesNo('p.liaison_sms_ok').as('F_ZSRYTZSFCG'),
      sql<string>`to_char(p.created_at at time zone ${ctx.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`.as(
        'F_CJSJ',
      ),
    ])
    .where(visibleRows(scope));
}

export const contractPrints: NamedQuery = {
  name: 'contractPrints',
  key: 'ID_',
  filters: { F_MDID: 'exact', F_HTH: 'text', F_GYSMC: 'text', F_PPMC: 'text', F_CJSJ: 'date' },
  orderBy: { column: 'F_CJSJ', direction: 'desc' },
  source: async (ctx) => contractPrintRows(ctx, financeScope(ctx.caller)),
  form: 'dyzl',
};
