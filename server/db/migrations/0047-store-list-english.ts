import { sql, type Kysely } from 'kysely';

/**
 * The store table on the merchant's home (the storeList custom query) had Chinese column
 * and condition labels only; each field gets its English label (commentEn), where the
 * definition is still the one the demo seeded. Written out, so this migration never changes.
 */
const columns = {
  before: [
    { field: 'storeCode', comment: '门店编码' },
    { field: 'storeName', comment: '门店名称' },
    { field: 'city', comment: '城市' },
  ],
  after: [
    { field: 'storeCode', comment: '门店编码', commentEn: 'Store code' },
    { field: 'storeName', comment: '门店名称', commentEn: 'Store' },
    { field: 'city', comment: '城市', commentEn: 'City' },
  ],
};
const conditions = {
  before: [
    { field: 'storeName', comment: '门店名称', defaultValue: '', defaultType: '1' },
    { field: 'city', comment: '城市', defaultValue: '', defaultType: '1' },
  ],
  after: [
    {
      field: 'storeName',
      comment: '门店名称',
      commentEn: 'Store',
      defaultValue: '',
      defaultType: '1',
    },
    { field: 'city', comment: '城市', commentEn: 'City', defaultValue: '', defaultType: '1' },
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const text = (value: unknown) => JSON.stringify(value);
  for (const column of ['result_fields', 'display_fields']) {
    await sql`update custom_queries set ${sql.ref(column)} = ${text(columns.after)}
      where alias = 'storeList' and ${sql.ref(column)} = ${text(columns.before)}`.execute(db);
  }
  await sql`update custom_queries set condition_fields = ${text(conditions.after)}
    where alias = 'storeList' and condition_fields = ${text(conditions.before)}`.execute(db);
}
