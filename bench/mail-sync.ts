/**
 * Mail sync at 10,000 messages: `npx tsx bench/mail-sync.ts [--pg] [--messages N]`.
 *
 * Starts Dovecot and the test SMTP server (tests/server/mail-servers.ts), delivers N small
 * messages (every tenth with a 20 KB attachment) into one mailbox, then on a fresh database
 * (PGlite in memory, or with --pg a throwaway PostgreSQL database next to DATABASE_URL):
 * the first sync, a second sync with nothing new, and the inbox list page (20 rows with the
 * count) through the API, p50 / p95 of 50 requests at page 1 and the last page.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import { seedPeople, userId } from '../server/db/seed/people';
import { createSession } from '../server/domain/sessions';
import { localStorage } from '../server/domain/storage';
import { syncNow } from '../server/domain/mail/jobs';
import { sealSecret } from '../server/domain/mail/secret';
import { mailTestEnv, startMailServers } from '../tests/server/mail-servers';
import { freshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: { pg: { type: 'boolean' }, messages: { type: 'string', default: '10000' } },
});
const count = Number(values.messages);
const address = 'bench@example.test';
const password = 'bench-Pass#1';

const percentile = (series: number[], share: number) => {
  const sorted = [...series].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
};

async function main() {
  const mail = await startMailServers();
  const { db, kind, dataDir, close } = await freshDatabase({
    name: 'mail',
    pg: values.pg,
    memory: true,
  });
  try {
    mail.addUser(address, password);
    const attachment = Buffer.alloc(20_000, 'a').toString('base64');
    for (let index = 0; index < count; index++) {
      const withFile = index % 10 === 0;
      const boundary = `b${index}`;
      const head = `From: Sender ${index % 50} <s${index % 50}@example.test>\r\nTo: ${address}\r\nSubject: Bench message ${index}\r\nMessage-ID: <bench-${index}@example.test>\r\nDate: ${new Date(Date.UTC(2026, 0, 1) + index * 60_000).toUTCString()}\r\nMIME-Version: 1.0\r\n`;
      const body = withFile
        ? `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>Message ${index}</p>\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="file-${index}.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n--${boundary}--\r\n`
        : `Content-Type: text/plain; charset=utf-8\r\n\r\nMessage ${index} of the bench.\r\n`;
      mail.deliver(address, head + body);
    }
    await migrateToLatest(db);
    await seedPeople(db, null as unknown as string);
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret',
      LOG_LEVEL: 'error',
      STATIC_DIR: join(dataDir, 'none'),
      ...mailTestEnv,
      MAIL_SECRET: 'bench',
    });
    const storage = localStorage(join(dataDir, 'files'));
    const owner = userId(1);
    await db
      .insertInto('mail_settings')
      .values({
        id: 'bench-setting',
        user_id: owner,
        address,
        password_enc: sealSecret(config.mail.secretKey, password),
        receive_host: '127.0.0.1',
        receive_port: mail.imapPort,
        receive_security: 'none',
        smtp_host: '127.0.0.1',
        smtp_port: mail.smtpPort,
        smtp_security: 'none',
        is_default: true,
      })
      .execute();
    console.info(`${kind}: one mailbox of ${count.toLocaleString('en-US')} messages`);
    let start = performance.now();
    const first = await syncNow(db, storage, config.mail, 'bench-setting');
    const firstMs = performance.now() - start;
    start = performance.now();
    const second = await syncNow(db, storage, config.mail, 'bench-setting');
    const secondMs = performance.now() - start;
    console.info(`first sync: ${(firstMs / 1000).toFixed(1)} s (${first.added} added)`);
    console.info(`second sync, nothing new: ${secondMs.toFixed(0)} ms (${second.added} added)`);

    const app = await buildApp({ config, db, storage }, { logger: false });
    await app.ready();
    const headers = { authorization: `Bearer ${await createSession(db, config, owner)}` };
    const page = async (number: number) => {
      const begin = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/portal/mail/mail/mail/v1/listJson',
        headers,
        payload: {
          pageBean: { page: number, pageSize: 20, showTotal: true },
          querys: [
            { property: 'setId', value: 'bench-setting', operation: 'EQUAL' },
            { property: 'types', value: 1, operation: 'EQUAL' },
          ],
        },
      });
      if (response.statusCode !== 200) throw new Error(response.body.slice(0, 200));
      return performance.now() - begin;
    };
    const last = Math.ceil(count / 20);
    for (let i = 0; i < 5; i++) await page(1);
    const firstPage: number[] = [];
    const lastPage: number[] = [];
    for (let i = 0; i < 50; i++) {
      firstPage.push(await page(1));
      lastPage.push(await page(last));
    }
    console.info(
      `inbox list, 20 rows with the count: page 1 p50 ${percentile(firstPage, 0.5).toFixed(1)} ms, p95 ${percentile(firstPage, 0.95).toFixed(1)} ms; page ${last} p50 ${percentile(lastPage, 0.5).toFixed(1)} ms, p95 ${percentile(lastPage, 0.95).toFixed(1)} ms`,
    );
    await app.close();
  } finally {
    await close();
    await mail.stop();
  }
}

await main();
