import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Indexes for the sorts the finance lists offer (issue 11; plans in docs/decisions.md).
 *
 * A list page is a LIMIT over an ORDER BY: with an index in that order the database reads
 * the first 50 rows and stops, and with keyset paging (rows after the last one seen) it
 * starts at the cursor instead of reading and dropping every row before it. The server
 * appends the row id to every order in the direction of the last term, so one index
 * (column, id) serves a column both ways (read backwards for desc). The default orders get
 * an index of their own, and so do the default orders within the scopes that are large
 * (an accountant's statements, a store's). Without a month window an accountant or the
 * designated user sees hundreds of thousands of rows, which is where these matter.
 */
const sortColumns: Record<string, string[]> = {
  joint_fee_notices: [
    'store_code',
    'merchant_code',
    'merchant_name',
    'brand',
    'sales_amount',
    'invoice_amount',
    'property_fee',
    'promotion_fee',
    'water_fee',
    'electricity_fee',
    'cash_due',
    'fee_total',
    'confirm_date',
  ],
  advance_notices: [
    'store_code',
    'merchant_code',
    'merchant_name',
    'brand',
    'building_area',
    'guaranteed_rent',
    'property_fee',
    'promotion_fee',
    'deduction_total',
    'confirm_date',
  ],
  settlement_statements: [
    'store_code',
    'contract_no',
    'merchant_code',
    'accounting_mode',
    'merchant_name',
    'brand',
    'settle_amount',
    'fee_deductions',
    'pay_amount',
  ],
  brand_monthly_sales: [
    'store_code',
    'contract_label',
    'brand',
    'merchant_name',
    'merchant_code',
    'settle_date',
    'quantity',
    'sales_amount',
    'discount_amount',
    'promotion_amount',
  ],
  contract_prints: [
    'store_code',
    'merchant_name',
    'brand',
    'contract_no',
    'contact_name',
    'liaison_name',
  ],
  dunning_notices: ['store_code', 'brand', 'merchant_name', 'floor', 'contract_no', 'total'],
};
sortColumns.lease_fee_notices = sortColumns.joint_fee_notices!;

const statementTables = [
  'joint_fee_notices',
  'lease_fee_notices',
  'advance_notices',
  'settlement_statements',
];

/** The default order of each list, and the scope columns it is read within. */
function defaultOrderIndexes(): string[] {
  const statements = statementTables.flatMap((table) => {
    const second = table === 'settlement_statements' ? 'record_no' : 'contract_no';
    const order = `month desc, ${second}, id`;
    return [
      `create index ${table}_list on ${table} (${order})`,
      `create index ${table}_accountant_list on ${table} (accountant_name, ${order})`,
      `create index ${table}_store_list on ${table} (store_code, ${order})`,
      `create index ${table}_merchant_list on ${table} (merchant_code, ${order})`,
    ];
  });
  return [
    ...statements,
    'create index brand_monthly_sales_list on brand_monthly_sales (settle_date desc, store_code, contract_label, id)',
    'create index contract_prints_list on contract_prints (created_at, id)',
    'create index dunning_notices_list on dunning_notices (cutoff_date, id)',
    'create index dunning_notices_bookkeeper_list on dunning_notices (bookkeeper_name, cutoff_date, id)',
    // The workflow lists' default order (createTime desc, id desc) within their scopes.
    "create index wf_tasks_todo_list on wf_tasks (assignee_id, created_at desc, id desc) where state = 'open'",
    'create index wf_instances_starter_list on wf_instances (starter_id, created_at desc, id desc)',
    'create index wf_instances_behalf_list on wf_instances (on_behalf_of_id, created_at desc, id desc) where on_behalf_of_id is not null',
  ];
}

function sortIndexes(): string[] {
  return Object.entries(sortColumns).flatMap(([table, columns]) =>
    columns.map((column) => `create index ${table}_by_${column} on ${table} (${column}, id)`),
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, [...defaultOrderIndexes(), ...sortIndexes(), ''].join(';\n'));
  for (const table of [...Object.keys(sortColumns), 'wf_tasks', 'wf_instances']) {
    await runScript(db, `analyze ${table};`);
  }
}
