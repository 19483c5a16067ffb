import { timeZoneFrom } from '../../../config';
import { sql } from 'kysely';
import type { Db } from '../../database';
import type { FileStorage } from '../../../domain/storage';
import { bulkLoad } from './bulk-load';
import { addMonths, firstOfMonth } from './calendar';
import { seedInvoices } from './invoices';
import { seedAdvanceNotices, seedFeeNotices } from './notices';
import { buildParties, type Parties } from './parties';
import { seedContractPrints, seedDunningNotices, type RecentWindow } from './prints';
import { seededRandom } from './random';
import { seedSales } from './sales';
import { seedInvoiceConfirmations, seedSettlements } from './settlements';
import { businessToday } from '../../../lib/time';

export interface FinanceSeedOptions {
  /** Multiplies merchants (40 generated per unit) and statement months (24 per unit). */
  scale: number;
  /** Business time zone that decides "the current month". */
  timeZone?: string;
  /** Today, for tests that need a fixed calendar; defaults to the real date. */
  today?: string;
  /**
   * The moment no seeded time may pass (issue and confirmation times); noon UTC of a given
   * `today`, else the real time.
   */
  now?: Date;
}

export const maxScale = 40;

/** Rows per multi-row insert: well under PostgreSQL's 65535 parameters for our widest table. */
const batchSize = 500;

async function insertParties(db: Db, parties: Parties): Promise<void> {
  const tables = [
    ['merchants', parties.merchants],
    ['brands', parties.brands],
    ['products', parties.products],
    ['contracts', parties.contracts],
  ] as const;
  for (const [table, rows] of tables) {
    for (let i = 0; i < rows.length; i += batchSize) {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + batchSize) as never)
        .execute();
    }
  }
}

/** The tables the bulk steps fill; their keys and indexes are rebuilt once at the end. */
const generatedTables = [
  'brand_monthly_sales',
  'product_daily_sales',
  'advance_notices',
  'joint_fee_notices',
  'lease_fee_notices',
  'settlement_statements',
  'settlement_fee_lines',
  'invoice_confirmations',
  'invoice_confirmation_lines',
  'contract_prints',
  'dunning_notices',
  'invoices',
];

/**
 * The merchant finance demo data: deterministic (seeded PRNG, hashed noise in SQL), dated
 * relative to the current month so the pages' default windows always show rows. Scale 1 is
 * the demo; a larger scale multiplies the merchants and the statement months.
 */
export async function seedFinance(
  db: Db,
  storage: FileStorage,
  options: FinanceSeedOptions,
): Promise<void> {
  const scale = Math.trunc(options.scale);
  if (!(scale >= 1 && scale <= maxScale)) throw new Error(`scale must be 1..${maxScale}`);
  const timeZone = options.timeZone ?? timeZoneFrom(process.env);
  const today = options.today ?? businessToday(timeZone);
  const currentMonth = firstOfMonth(today);
  // Statements: 24 months per scale unit, ending next month (advance and lease notices).
  const statementMonths = 24 * scale;
  const window: RecentWindow = {
    firstMonth: addMonths(currentMonth, 2 - statementMonths),
    months: statementMonths,
    currentMonth,
    timeZone,
    now: (
      options.now ?? new Date(options.today ? `${options.today}T12:00:00Z` : Date.now())
    ).toISOString(),
    recentMonth: addMonths(currentMonth, -24),
  };
  const parties = buildParties(seededRandom(20_240_101), scale, window);
  await insertParties(db, parties);
  // Later steps join the tables earlier ones filled (without their indexes while loading):
  // statistics after each step keep those joins hashed instead of nested loops.
  const analyze = (...tables: string[]) =>
    Promise.all(tables.map((table) => sql`analyze ${sql.table(table)}`.execute(db)));
  await analyze('merchants', 'brands', 'products', 'contracts');
  await bulkLoad(db, generatedTables, async () => {
    // Sales first: the joint notices and statements take their month's sales from them.
    await seedSales(db, { firstMonth: window.recentMonth, months: 24 });
    await analyze('brand_monthly_sales');
    await seedAdvanceNotices(db, window);
    await seedFeeNotices(db, window, 'joint');
    await seedFeeNotices(db, window, 'lease');
    await seedSettlements(db, window);
    await analyze('settlement_statements', 'joint_fee_notices', 'lease_fee_notices');
    await seedInvoiceConfirmations(db);
    await seedContractPrints(db, window);
    await seedDunningNotices(db, window);
    await seedInvoices(db, storage, window);
  });
  // Fresh statistics with the indexes back, so the planner uses them from the first query;
  // and a vacuum, which sets the visibility map that a fresh table lacks until autovacuum
  // comes: without it an index-only scan (the key of a page by offset) reads every row.
  if (db.isTransaction) await analyze(...generatedTables);
  else
    for (const table of generatedTables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
