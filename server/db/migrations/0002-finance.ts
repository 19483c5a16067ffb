import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Merchant finance: merchants, brands, contracts, the four statement lists (advance,
 * joint-operation and lease fee notices, settlement statements) with their details, sales,
 * contract print rows, dunning notices and invoices.
 *
 * Indexes follow the scopes of spec/merchant-finance.md section 6: every list is read by
 * vendor code, by store or by accountant name, always within a month or date window, so each
 * gets a composite (scope column, period) index that serves both the filter and the default
 * order.
 */

const amount = 'numeric(14, 2) not null default 0';

/** The document identity every statement row carries, as issued. */
const statementIdentity = `
  id text primary key,
  contract_id text not null references contracts (id),
  store_code text not null references stores (code),
  month date not null check (extract(day from month) = 1),
  contract_no text not null,
  merchant_code text not null references merchants (code),
  merchant_name text not null,
  brand text not null,
  accountant_name text not null`;

/** Fee notices are confirmed once, on first print; both columns are set together. */
const confirmation = `
  confirm_date timestamptz,
  confirmed_by text,
  check ((confirm_date is null) = (confirmed_by is null))`;

const feeNoticeColumns = [
  'sales_amount',
  'promo_total',
  'promo_shared',
  'commission',
  'commission_adjust',
  'prior_arrears',
  'member_fee_deduction',
  'brand_promotion_fee',
  'points_difference',
  'invoice_amount',
  'fire_safety_fee',
  'electricity_fee',
  'usage_fee',
  'water_fee',
  'sewage_subsidy',
  'channel_fee',
  'card_fee',
  'property_fee',
  'property_fee_adjust',
  'prior_property_arrears',
  'promotion_fee',
  'promotion_fee_adjust',
  'prior_promotion_arrears',
  'maintenance_fee',
  'storage_fee',
  'pos_fee',
  'member_service_fee',
  'network_fee',
  'insurance_fee',
  'phone_fee',
  'venue_fee',
  'other_fee',
  'property_deposit',
  'utility_deposit',
  'pos_deposit',
  'other_deposit',
  'fee_total',
  'counter_cash',
  'collected_cash',
  'cash_due',
  'supplier_payment',
  'return_invoice_amount',
  'promo_subsidy_invoice',
  'prepaid_card_collected',
]
  .map((column) => `  ${column} ${amount}`)
  .join(',\n');

/** The scope indexes of one statement table (see the file comment). */
const statementIndexes = (table: string) => `
  create unique index ${table}_contract_month on ${table} (contract_no, month);
  create index ${table}_merchant_month on ${table} (merchant_code, month);
  create index ${table}_store_month on ${table} (store_code, month);
  create index ${table}_accountant_month on ${table} (accountant_name, month);`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table merchants (
      code text primary key,
      name text not null,
      contact_name text not null,
      contact_mobile text not null,
      created_at timestamptz not null default now()
    );

    create table brands (
      id text primary key,
      merchant_code text not null references merchants (code),
      name text not null,
      category text not null
    );
    create index brands_merchant on brands (merchant_code);

    create table products (
      id text primary key,
      brand_id text not null references brands (id),
      name text not null,
      barcode text not null unique,
      unit_price numeric(12, 2) not null
    );
    create index products_brand on products (brand_id);

    create table contracts (
      id text primary key,
      number text not null unique,
      store_code text not null references stores (code),
      merchant_code text not null references merchants (code),
      brand_id text not null references brands (id),
      mode text not null check (mode in ('joint', 'lease')),
      floor text not null check (floor in ('B1', 'L1', 'L2', 'L3', 'L4', 'L5')),
      shop_no text not null,
      area numeric(10, 2) not null,
      starts_on date not null,
      ends_on date not null,
      department text not null,
      commission_rate numeric(6, 4) not null,
      guaranteed_sales ${amount},
      expected_sales ${amount},
      base_rent ${amount},
      property_fee ${amount},
      promotion_fee ${amount},
      accountant_name text not null,
      bookkeeper_name text not null,
      liaison_name text not null,
      liaison_mobile text not null,
      created_at timestamptz not null default now()
    );
    create index contracts_merchant on contracts (merchant_code);

    create table advance_notices (
      ${statementIdentity},
      floor text not null,
      shop_no text not null,
      building_area numeric(10, 2) not null,
      guaranteed_rent ${amount},
      property_fee ${amount},
      promotion_fee ${amount},
      storage_rent ${amount},
      maintenance_fee ${amount},
      pos_fee ${amount},
      member_service_fee ${amount},
      other_fee ${amount},
      deduction_total ${amount},
      remark text not null default '',
      ${confirmation}
    );
    ${statementIndexes('advance_notices')}

    create table joint_fee_notices (
      ${statementIdentity},
      seq integer not null,
${feeNoticeColumns},
      remark text not null default '',
      ${confirmation}
    );
    ${statementIndexes('joint_fee_notices')}

    create table lease_fee_notices (
      ${statementIdentity},
      seq integer not null,
      rent ${amount},
${feeNoticeColumns},
      remark text not null default '',
      ${confirmation}
    );
    ${statementIndexes('lease_fee_notices')}

    create table settlement_statements (
      ${statementIdentity},
      record_no text not null unique,
      accounting_mode text not null,
      department text not null,
      settle_amount ${amount},
      discount_shared ${amount},
      fee_deductions ${amount},
      payable ${amount},
      pay_amount ${amount},
      pay_days integer not null,
      made_on date not null,
      reviewer_name text not null,
      statement_date date not null
    );
    create index settlement_statements_merchant_month on settlement_statements (merchant_code, month);
    create index settlement_statements_store_month on settlement_statements (store_code, month);
    create index settlement_statements_accountant_month
      on settlement_statements (accountant_name, month);

    create table settlement_fee_lines (
      statement_id text not null references settlement_statements (id),
      line_no integer not null,
      item_name text not null,
      sales_amount ${amount},
      deduction ${amount},
      receivable ${amount},
      remark text not null default '',
      primary key (statement_id, line_no)
    );

    create table invoice_confirmations (
      statement_id text primary key references settlement_statements (id),
      supplier_name text not null,
      brand text not null,
      contract_no text not null,
      guaranteed_sales ${amount},
      contract_rate numeric(6, 4) not null,
      vip_discount ${amount},
      deduction ${amount},
      taxed_sales ${amount},
      subsidy ${amount},
      guarantee_shortfall ${amount},
      prior_arrears ${amount},
      contract_deduction ${amount},
      settlement_adjust ${amount},
      member_discount ${amount},
      points_bonus ${amount},
      product_promotion ${amount},
      promo_bonus ${amount},
      invoice_amount ${amount},
      settle_amount ${amount},
      contact_name text not null,
      contact_phone text not null
    );

    create table invoice_confirmation_lines (
      statement_id text not null references invoice_confirmations (statement_id),
      line_no integer not null,
      sales_amount ${amount},
      deduction ${amount},
      remark text not null default '',
      primary key (statement_id, line_no)
    );

    create table brand_monthly_sales (
      id text primary key,
      contract_id text not null references contracts (id),
      store_code text not null references stores (code),
      contract_label text not null,
      brand text not null,
      merchant_code text not null references merchants (code),
      merchant_name text not null,
      settle_date date not null,
      quantity integer not null,
      sales_amount ${amount},
      discount_amount ${amount},
      promotion_amount ${amount}
    );
    create index brand_monthly_sales_merchant_date on brand_monthly_sales (merchant_code, settle_date);
    create index brand_monthly_sales_store_date on brand_monthly_sales (store_code, settle_date);

    create table product_daily_sales (
      sales_id text not null references brand_monthly_sales (id),
      sale_date date not null,
      product_name text not null,
      barcode text not null,
      quantity integer not null,
      sales_amount ${amount},
      discount_amount ${amount},
      promotion_amount ${amount},
      primary key (sales_id, sale_date, barcode)
    );

    create table contract_prints (
      id text primary key,
      contract_id text references contracts (id),
      store_code text not null references stores (code),
      merchant_code text references merchants (code),
      merchant_name text not null,
      brand text not null,
      contract_no text not null,
      contact_name text not null,
      contact_mobile text not null,
      brand_sms_ok boolean not null,
      liaison_name text not null,
      liaison_mobile text not null,
      liaison_sms_ok boolean not null,
      created_at timestamptz not null
    );
    create index contract_prints_merchant_created on contract_prints (merchant_code, created_at);
    create index contract_prints_mobile_created on contract_prints (contact_mobile, created_at);
    create index contract_prints_store_created on contract_prints (store_code, created_at);
    create index contract_prints_created on contract_prints (created_at);

    create table dunning_notices (
      id text primary key,
      contract_id text not null references contracts (id),
      store_code text not null references stores (code),
      contract_no text not null,
      merchant_code text not null references merchants (code),
      merchant_name text not null,
      brand text not null,
      floor text not null,
      cutoff_date date not null,
      operating_arrears ${amount},
      operating_penalty ${amount},
      late_penalty ${amount},
      total ${amount},
      remark text not null default '',
      recon_phone text not null,
      bookkeeper_name text not null,
      uploaded_at timestamptz not null,
      -- the first viewer (f_cyr) and time (f_cysj); set once, never reset
      viewed_by text,
      viewed_at timestamptz,
      check ((viewed_by is null) = (viewed_at is null))
    );
    create index dunning_notices_merchant_cutoff on dunning_notices (merchant_code, cutoff_date);
    create index dunning_notices_bookkeeper_cutoff on dunning_notices (bookkeeper_name, cutoff_date);
    create index dunning_notices_cutoff on dunning_notices (cutoff_date);

    create table invoices (
      id text primary key,
      contract_id text not null references contracts (id),
      store_code text not null references stores (code),
      merchant_code text not null references merchants (code),
      contract_no text not null,
      brand text not null,
      accountant_name text not null,
      invoice_month date not null,
      fee_item text not null,
      amount ${amount},
      pdf_file_id text not null references files (id),
      xml_file_id text not null references files (id),
      ofd_file_id text not null references files (id),
      issued_at timestamptz not null default now()
    );
    create index invoices_contract_month on invoices (contract_no, invoice_month);
  `,
  );
}
