import { beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../server/domain/files';
import { bearer, oneDatabase, login, withServer } from './harness';

/** An invoice file is its merchant's: another signed-in user cannot fetch it by its id. */
describe.each(oneDatabase)('invoice files on %s', (kind) => {
  const server = withServer(kind);
  let fileId: string;

  beforeAll(async () => {
    const invoice = await server.db
      .selectFrom('invoices')
      .selectAll()
      .where('merchant_code', '=', '10001')
      .limit(1)
      .executeTakeFirstOrThrow();
    const storage = server.app.deps.storage;
    const file = await storeFile(server.db, storage, {
      name: 'own-invoice.pdf',
      bytes: Buffer.from('%PDF-1.4 own invoice'),
    });
    fileId = file.id;
    await server.db
      .insertInto('invoices')
      .values({ ...invoice, id: `${invoice.id}-own`, pdf_file_id: file.id })
      .execute();
  });

  const download = async (account: string, password: string) =>
    server.app.inject({
      method: 'GET',
      url: `/portal/system/file/v1/downloadFile?fileId=${fileId}`,
      headers: bearer(await login(server.app, account, password)),
    });

  it('lets the merchant and the designated user download it', async () => {
    expect((await download('SZHY10001', 'Merchant#2026')).statusCode).toBe(200);
    expect((await download('admin', 'Atrium#2026')).statusCode).toBe(200);
  });

  it('answers another merchant and unrelated staff as if the file did not exist', async () => {
    for (const [account, password] of [
      ['SZHY10002', 'Merchant#2026'],
      ['contract01', 'Staff#2026'],
    ] as const) {
      const response = await download(account, password);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('文件不存在');
    }
    const type = await server.app.inject({
      method: 'POST',
      url: `/portal/bpm/aliasScript/v1/execute/FileType?id=${fileId}`,
      headers: bearer(await login(server.app, 'SZHY10002', 'Merchant#2026')),
    });
    expect(type.statusCode).toBe(404);
  });
});
