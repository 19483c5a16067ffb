import { sql, type Kysely } from 'kysely';

/**
 * A home column's HTML template for English readers (empty: the Chinese one is shown), and
 * the demo's merchant-service card in English, where it is still the seeded card.
 */
const seededChinese =
  '<div class="merchant-service"><h3>商户服务中心</h3><p>对账咨询：400-800-1234 转 2</p>' +
  '<p>开票咨询：400-800-1234 转 3</p><p>工作时间：工作日 9:00-18:00</p></div>';
const english =
  '<div class="merchant-service"><h3>Merchant service centre</h3>' +
  '<p>Statements: 400-800-1234, extension 2</p><p>Invoices: 400-800-1234, extension 3</p>' +
  '<p>Hours: working days 9:00-18:00</p></div>';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table home_columns add column template_html_en text not null default ''`.execute(
    db,
  );
  await sql`update home_columns set template_html_en = ${english}
    where alias = 'merchantService' and template_html = ${seededChinese}`.execute(db);
}
