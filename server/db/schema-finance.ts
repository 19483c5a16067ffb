import type { ColumnType } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from './schema';

/**
 * Merchant finance tables. Columns have English names; the spec's pinyin field names (HTH,
 * FDMC, SHMC, ...) exist only at the API edge, mapped once per query in
 * server/domain/finance/queries/. Amounts are numeric(14, 2) and read as numbers; dates are
 * 'YYYY-MM-DD' text (see database.ts). A statement month is the first day of that month.
 */
type Amount = ColumnType<number, number | undefined, number>;
type DateText = string;

/** A merchant unit (往来单位). Its code is the vendor code: a merchant's account minus SZHY. */
export interface MerchantsTable {
  code: string;
  name: string;
  contact_name: string;
  contact_mobile: string;
  created_at: DefaultTimestamp;
}

export interface BrandsTable {
  id: string;
  merchant_code: string;
  name: string;
  category: string;
}

export interface ProductsTable {
  id: string;
  brand_id: string;
  name: string;
  barcode: string;
  unit_price: number;
}

export type ContractMode = 'joint' | 'lease';

export interface ContractsTable {
  id: string;
  number: string;
  store_code: string;
  merchant_code: string;
  brand_id: string;
  /** joint: joint operation (联营, the mall takes a share of sales); lease: fixed rent (租赁). */
  mode: ContractMode;
  floor: string;
  shop_no: string;
  area: number;
  starts_on: DateText;
  ends_on: DateText;
  department: string;
  commission_rate: number;
  guaranteed_sales: Amount;
  expected_sales: Amount;
  base_rent: Amount;
  property_fee: Amount;
  promotion_fee: Amount;
  accountant_name: string;
  bookkeeper_name: string;
  liaison_name: string;
  liaison_mobile: string;
  created_at: DefaultTimestamp;
}

/** What every statement row carries: the document's identity as issued. */
interface StatementIdentity {
  id: string;
  contract_id: string;
  store_code: string;
  /** First day of the statement month. */
  month: DateText;
  contract_no: string;
  merchant_code: string;
  merchant_name: string;
  brand: string;
  accountant_name: string;
}

/**
 * Staff opens of a notice, kept on it for the lists (migration 0035): the latest staff viewer
 * (their name) and time, and how many staff have opened it. The views themselves, one row per
 * viewer, are in notice_staff_views.
 */
interface StaffViewed {
  staff_viewed_by: string | null;
  staff_viewed_at: NullableTimestamp;
  staff_viewers: ColumnType<number, number | undefined, number>;
}

/** The confirmation a fee notice gets when its merchant first prints it; never overwritten. */
interface Confirmation extends StaffViewed {
  confirm_date: NullableTimestamp;
  confirmed_by: string | null;
}

/** Advance-fee notice (HT_YJ_TZD). */
export interface AdvanceNoticesTable extends StatementIdentity, Confirmation {
  floor: string;
  shop_no: string;
  building_area: number;
  guaranteed_rent: Amount;
  property_fee: Amount;
  promotion_fee: Amount;
  storage_rent: Amount;
  maintenance_fee: Amount;
  pos_fee: Amount;
  member_service_fee: Amount;
  other_fee: Amount;
  deduction_total: Amount;
  remark: string;
}

/** The fee columns shared by joint-operation (HT_LY_JFD) and lease (HT_ZL_JFD) notices. */
export interface FeeNoticeColumns extends StatementIdentity, Confirmation {
  seq: number;
  sales_amount: Amount;
  promo_total: Amount;
  promo_shared: Amount;
  commission: Amount;
  commission_adjust: Amount;
  prior_arrears: Amount;
  member_fee_deduction: Amount;
  brand_promotion_fee: Amount;
  points_difference: Amount;
  invoice_amount: Amount;
  fire_safety_fee: Amount;
  electricity_fee: Amount;
  usage_fee: Amount;
  water_fee: Amount;
  sewage_subsidy: Amount;
  channel_fee: Amount;
  card_fee: Amount;
  property_fee: Amount;
  property_fee_adjust: Amount;
  prior_property_arrears: Amount;
  promotion_fee: Amount;
  promotion_fee_adjust: Amount;
  prior_promotion_arrears: Amount;
  maintenance_fee: Amount;
  storage_fee: Amount;
  pos_fee: Amount;
  member_service_fee: Amount;
  network_fee: Amount;
  insurance_fee: Amount;
  phone_fee: Amount;
  venue_fee: Amount;
  other_fee: Amount;
  property_deposit: Amount;
  utility_deposit: Amount;
  pos_deposit: Amount;
  other_deposit: Amount;
  fee_total: Amount;
  counter_cash: Amount;
  collected_cash: Amount;
  cash_due: Amount;
  supplier_payment: Amount;
  return_invoice_amount: Amount;
  promo_subsidy_invoice: Amount;
  prepaid_card_collected: Amount;
  remark: string;
}

export type JointFeeNoticesTable = FeeNoticeColumns;

export interface LeaseFeeNoticesTable extends FeeNoticeColumns {
  rent: Amount;
}

/** Payment request / settlement statement (付款请款单, 结算单). */
export interface SettlementStatementsTable extends StatementIdentity {
  record_no: string;
  accounting_mode: string;
  department: string;
  settle_amount: Amount;
  discount_shared: Amount;
  fee_deductions: Amount;
  payable: Amount;
  pay_amount: Amount;
  pay_days: number;
  made_on: DateText;
  reviewer_name: string;
  statement_date: DateText;
}

export interface SettlementFeeLinesTable {
  statement_id: string;
  line_no: number;
  item_name: string;
  sales_amount: Amount;
  deduction: Amount;
  receivable: Amount;
  remark: string;
}

/** Invoicing confirmation (开票确认单) of a joint-operation settlement statement. */
export interface InvoiceConfirmationsTable {
  statement_id: string;
  supplier_name: string;
  brand: string;
  contract_no: string;
  guaranteed_sales: Amount;
  contract_rate: number;
  vip_discount: Amount;
  deduction: Amount;
  taxed_sales: Amount;
  subsidy: Amount;
  guarantee_shortfall: Amount;
  prior_arrears: Amount;
  contract_deduction: Amount;
  settlement_adjust: Amount;
  member_discount: Amount;
  points_bonus: Amount;
  product_promotion: Amount;
  promo_bonus: Amount;
  invoice_amount: Amount;
  settle_amount: Amount;
  contact_name: string;
  contact_phone: string;
}

export interface InvoiceConfirmationLinesTable {
  statement_id: string;
  line_no: number;
  sales_amount: Amount;
  deduction: Amount;
  remark: string;
}

export interface BrandMonthlySalesTable {
  id: string;
  contract_id: string;
  store_code: string;
  /** The contract number as the sales system reports it; sometimes prefixed 'NO:'. */
  contract_label: string;
  brand: string;
  merchant_code: string;
  merchant_name: string;
  /** Month-end settlement date. */
  settle_date: DateText;
  quantity: number;
  sales_amount: Amount;
  discount_amount: Amount;
  promotion_amount: Amount;
}

export interface ProductDailySalesTable {
  sales_id: string;
  sale_date: DateText;
  product_name: string;
  barcode: string;
  quantity: number;
  sales_amount: Amount;
  discount_amount: Amount;
  promotion_amount: Amount;
}

/** Contract/statement print rows (the dyzl form), with the outcome of the two SMS sends. */
export interface ContractPrintsTable {
  id: string;
  contract_id: string | null;
  store_code: string;
  /** Null for rows typed in by hand without a unit; their contact mobile may hold the code. */
  merchant_code: string | null;
  merchant_name: string;
  brand: string;
  contract_no: string;
  contact_name: string;
  contact_mobile: string;
  brand_sms_ok: boolean;
  liaison_name: string;
  liaison_mobile: string;
  liaison_sms_ok: boolean;
  created_at: Timestamp;
}

/** Merchant dunning (overdue-payment) notices, with the first view mark. */
export interface DunningNoticesTable extends StaffViewed {
  id: string;
  contract_id: string;
  store_code: string;
  contract_no: string;
  merchant_code: string;
  merchant_name: string;
  brand: string;
  floor: string;
  cutoff_date: DateText;
  operating_arrears: Amount;
  operating_penalty: Amount;
  late_penalty: Amount;
  total: Amount;
  remark: string;
  recon_phone: string;
  bookkeeper_name: string;
  uploaded_at: Timestamp;
  viewed_by: string | null;
  viewed_at: NullableTimestamp;
}

export interface InvoicesTable {
  id: string;
  contract_id: string;
  store_code: string;
  merchant_code: string;
  contract_no: string;
  brand: string;
  accountant_name: string;
  invoice_month: DateText;
  fee_item: string;
  amount: Amount;
  pdf_file_id: string;
  xml_file_id: string;
  ofd_file_id: string;
  issued_at: DefaultTimestamp;
}

/** Which notices staff views are recorded for (notice_staff_views.kind). */
export type NoticeViewKind = 'advance' | 'joint' | 'lease' | 'dunning';

/**
 * A staff member's opens of a merchant's notice (migration 0035): kept apart from the
 * merchant's own confirmation or view mark, one row per notice and viewer.
 */
export interface NoticeStaffViewsTable {
  kind: NoticeViewKind;
  notice_id: string;
  account: string;
  fullname: string;
  first_viewed_at: Timestamp;
  last_viewed_at: Timestamp;
  opens: number;
}

/** Merchant finance tables (statements, notices, sales, contracts, dunning, invoices). */
export interface FinanceTables {
  merchants: MerchantsTable;
  brands: BrandsTable;
  products: ProductsTable;
  contracts: ContractsTable;
  advance_notices: AdvanceNoticesTable;
  joint_fee_notices: JointFeeNoticesTable;
  lease_fee_notices: LeaseFeeNoticesTable;
  settlement_statements: SettlementStatementsTable;
  settlement_fee_lines: SettlementFeeLinesTable;
  invoice_confirmations: InvoiceConfirmationsTable;
  invoice_confirmation_lines: InvoiceConfirmationLinesTable;
  brand_monthly_sales: BrandMonthlySalesTable;
  product_daily_sales: ProductDailySalesTable;
  contract_prints: ContractPrintsTable;
  dunning_notices: DunningNoticesTable;
  invoices: InvoicesTable;
  notice_staff_views: NoticeStaffViewsTable;
}
