import type { Kysely } from 'kysely';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as mergeDuplicateAccounts } from '../../server/db/migrations/0032-mail-unique-address';
import type { FileStorage } from '../../server/domain/storage';
import { scheduleSync, syncNow } from '../../server/domain/mail/jobs';
import { sealSecret } from '../../server/domain/mail/secret';
import { newId } from '../../server/lib/ids';
import { databaseKinds, login, startTestServer, type TestServer } from './harness';
import { accountSetting, mailTestEnv, startMailServers, type MailServers } from './mail-servers';
import { as } from './shell-support';

/**
 * Mail, issue 34: the outbound guard (item 4), mail with NUL characters (5), where a stored
 * password may go (6) and saves that race (11), against the real Dovecot and SMTP servers of
 * tests/server/mail-servers.ts. Only 127.0.0.1 is allowed (OUTBOUND_ALLOW), so 127.0.0.2 is
 * "another machine on the inside" for these tests.
 */
const base = '/portal/mail/mail';
const alice = { address: 'alice@example.test', password: 'alice-Pass#1' };
const connectsPerHour = 30;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Something listening on a port: says `greeting`, answers lines, records what it got. */
interface Listener {
  port: number;
  connections: number;
  received: string;
  close(): Promise<void>;
}

async function listener(
  host: string,
  greeting: string,
  answer: (line: string) => string = () => '',
): Promise<Listener> {
  const state = { connections: 0, received: '' };
  const server: Server = createServer((socket) => {
    state.connections++;
    socket.on('error', () => undefined);
    socket.write(greeting);
    socket.on('data', (chunk: Buffer) => {
      state.received += chunk.toString('latin1');
      for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
        const reply = answer(line);
        if (reply) socket.write(reply);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    get connections() {
      return state.connections;
    },
    get received() {
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds)('mail security on %s', (kind) => {
  let mail: MailServers;
  let server: TestServer;
  let inside: Listener;
  const callers: Record<string, ReturnType<typeof as>> = {};

  const settingOf = (extra: Record<string, unknown> = {}) => accountSetting(mail, alice, extra);
  const caller = async (account: string, language = 'zh-CN') => {
    const key = `${account}:${language}`;
    const password = account.startsWith('SZHY') ? 'Merchant#2026' : 'Staff#2026';
    callers[key] ??= as(server.app, await login(server.app, account, password), language);
    return callers[key]!;
  };
  const saveAlice = async (account: string) => {
    const saved = await (await caller(account))('POST', `${base}/mailSetting/v1/save`, settingOf());
    expect(saved.body.state).toBe(true);
    return saved.body.value as string;
  };
  const settingRow = (id: string) =>
    server.db
      .selectFrom('mail_settings')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    mail = await startMailServers();
    mail.addUser(alice.address, alice.password);
    inside = await listener('127.0.0.2', '* OK IMAP4rev1 ready\r\n');
    server = await startTestServer(kind, {
      ...mailTestEnv,
      MAIL_CONNECTS_PER_HOUR: String(connectsPerHour),
      MAIL_TIMEOUT_MS: '3000',
    });
  });
  afterAll(async () => {
    await server?.close();
    await inside?.close();
    await mail?.stop();
  });

  it('refuses inside, loopback, link-local and other special addresses before connecting', async () => {
    const merchant = await caller('SZHY10001');
    const refused = [
      ['127.0.0.2', inside.port],
      // A name is resolved and its address judged: this one is 127.0.0.2 as well.
      ['2130706434', inside.port],
      ['10.0.0.1', 143],
      ['169.254.169.254', 80],
      ['192.168.1.1', 993],
      ['0.0.0.0', 993],
      ['224.0.0.1', 993],
    ] as const;
    for (const [host, port] of refused) {
      const test = await merchant(
        'POST',
        `${base}/mailSetting/v1/test`,
        settingOf({ imapHost: host, imapPort: port }),
      );
      expect(test.status, host).toBe(400);
      expect(test.body.message).toBe(
        `出于安全考虑，门户不连接 ${host}:${port}（内网、本机或保留地址）；如确需使用，请联系管理员`,
      );
    }
    // The SMTP server is checked as well, and a save is refused before anything is stored.
    const smtp = await merchant(
      'POST',
      `${base}/mailSetting/v1/test`,
      settingOf({ smtpHost: '10.1.2.3', smtpPort: 25 }),
    );
    expect(smtp.body.message).toContain('门户不连接 10.1.2.3:25');
    const save = await merchant(
      'POST',
      `${base}/mailSetting/v1/save`,
      settingOf({ imapHost: '127.0.0.2', imapPort: inside.port }),
    );
    expect(save.status).toBe(400);
    const english = await (
      await caller('SZHY10001', 'en-US')
    )('POST', `${base}/mailSetting/v1/test`, settingOf({ imapHost: '10.0.0.1', imapPort: 143 }));
    expect(english.body.message).toBe(
      'For safety the portal does not connect to 10.0.0.1:143 (a private, local or reserved address); ask the administrator if it is needed',
    );
    expect(inside.connections).toBe(0);
  });

  it('words a wrong server, port or address for the user, not in schema terms', async () => {
    const merchant = await caller('SZHY10002');
    const asked = async (change: Record<string, unknown>) =>
      (await merchant('POST', `${base}/mailSetting/v1/test`, settingOf(change))).body.message;
    expect(await asked({ imapHost: 'http://imap.example.test' })).toBe(
      '服务器地址不正确：http://imap.example.test（只能包含字母、数字、点和连字符）',
    );
    expect(await asked({ smtpPort: 'abc' })).toBe('端口不正确：abc（应为 1 到 65535 之间的整数）');
    expect(await asked({ imapPort: 70000 })).toBe(
      '端口不正确：70000（应为 1 到 65535 之间的整数）',
    );
    expect(await asked({ mailAddress: '' })).toBe('邮箱地址格式不正确：');
  });

  it('checks a saved account again at every sync: a refused address is never reached', async () => {
    const staff = await caller('emp01');
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'emp01')
      .executeTakeFirstOrThrow();
    // Saved before the rule, or a name that resolves elsewhere now: the sync is refused.
    const id = newId();
    await server.db
      .insertInto('mail_settings')
      .values({
        id,
        user_id: user.id,
        address: 'old@example.test',
        password_enc: sealSecret(server.app.deps.config.mail.secretKey, 'secret'),
        receive_host: '127.0.0.2',
        receive_port: inside.port,
        receive_security: 'none',
        smtp_host: '127.0.0.2',
        smtp_port: inside.port,
        smtp_security: 'none',
        is_default: true,
      })
      .execute();
    const sync = await staff('POST', `${base}/mail/v1/sync?id=${id}`);
    expect(sync.body.state).toBe(false);
    expect(sync.body.message).toContain(`门户不连接 127.0.0.2:${inside.port}`);
    expect((await settingRow(id)).last_error).toContain('门户不连接');
    expect(inside.connections).toBe(0);
  });

  it('never repeats what a service that is not a mail server said', async () => {
    const staff = await caller('emp02');
    const banner = 'SECRET-BANNER-4711';
    const database = await listener('127.0.0.1', `E${banner} FATAL protocol\r\n`);
    const shell = await listener('127.0.0.1', `SSH-2.0-${banner}\r\n`);
    try {
      const imap = await staff(
        'POST',
        `${base}/mailSetting/v1/test`,
        settingOf({ imapPort: database.port }),
      );
      const smtp = await staff(
        'POST',
        `${base}/mailSetting/v1/test`,
        settingOf({ smtpPort: shell.port }),
      );
      for (const [answer, port] of [
        [imap, database.port],
        [smtp, shell.port],
      ] as const) {
        expect(answer.status).toBe(502);
        expect(answer.body.message).toContain(`127.0.0.1:${port}`);
        expect(answer.body.message).not.toContain(banner);
      }
    } finally {
      await database.close();
      await shell.close();
    }
    // A mail server's own refusal of a command is still told.
    const setId = await saveAlice('emp02');
    const sent = await staff('POST', `${base}/mail/v1/send`, {
      setId,
      subject: 'x',
      content: b64('<p>x</p>'),
      receiverAddresses: 'nobody@example.test',
    });
    expect(sent.status).toBe(502);
    expect(sent.body.message).toContain('No such user here');
  });

  it('limits the connections one user starts per hour', async () => {
    const [busy, other] = [await caller('lead01'), await caller('lead02')];
    const closedPort = settingOf({ imapPort: 1 });
    for (let count = 0; count < connectsPerHour; count++) {
      const test = await busy('POST', `${base}/mailSetting/v1/test`, closedPort);
      expect(test.status).toBe(502);
    }
    const over = await busy('POST', `${base}/mailSetting/v1/test`, closedPort);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    expect((await other('POST', `${base}/mailSetting/v1/test`, closedPort)).status).toBe(502);
  });

  it('stores mail with NUL characters, and a message that cannot be stored stops no other', async () => {
    const staff = await caller('hr01');
    const setId = await saveAlice('hr01');
    const nul = '\u0000';
    mail.deliver(
      alice.address,
      [
        `From: =?UTF-8?B?${b64(`Mal${nul}lory`)}?= <mallory@example.test>`,
        `To: ${alice.address}`,
        `Subject: =?UTF-8?B?${b64(`bad${nul}subject`)}?=`,
        'Message-ID: <nul@example.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="part"',
        '',
        '--part',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        b64(`<p>body${nul} with a NUL</p>`),
        '--part',
        "Content-Type: text/plain; name*=utf-8''bad%00name.txt",
        "Content-Disposition: attachment; filename*=utf-8''bad%00name.txt",
        'Content-Transfer-Encoding: base64',
        '',
        b64('hello'),
        '--part--',
        '',
      ].join('\r\n'),
    );
    const plain = (subject: string) =>
      `From: carol@example.test\r\nTo: ${alice.address}\r\nSubject: ${subject}\r\n\r\nhi\r\n`;
    mail.deliver(alice.address, plain('after the NUL'));
    const first = await staff('POST', `${base}/mail/v1/sync?id=${setId}`);
    expect(first.body).toMatchObject({ state: true, value: { added: 2 } });
    const stored = await server.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('setting_id', '=', setId)
      .where('message_id', '=', '<nul@example.test>')
      .executeTakeFirstOrThrow();
    expect(stored.subject).toBe('badsubject');
    expect(stored.from_name).toBe('Mallory');
    expect(stored.html_body).toContain('<p>body with a NUL</p>');
    const files = await server.db
      .selectFrom('mail_attachments')
      .select('name')
      .where('message_id', '=', stored.id)
      .execute();
    expect(files).toEqual([{ name: 'badname.txt' }]);

    // A message whose storing fails all the same is logged and passed over; the rest arrive.
    const { storage, config } = server.app.deps;
    const failing: FileStorage = {
      ...storage,
      put: () => Promise.reject(new Error('disk full')),
    };
    const warned: object[] = [];
    const log = { warn: (data: object) => void warned.push(data), error: () => undefined };
    mail.deliver(
      alice.address,
      [
        'From: dave@example.test',
        `To: ${alice.address}`,
        'Subject: with a file the storage refuses',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="p"',
        '',
        '--p',
        'Content-Type: text/plain',
        '',
        'see file',
        '--p',
        'Content-Type: application/octet-stream',
        'Content-Disposition: attachment; filename="a.bin"',
        '',
        'data',
        '--p--',
        '',
      ].join('\r\n'),
    );
    mail.deliver(alice.address, plain('after the failure'));
    const second = await syncNow(server.db, failing, config.mail, setId, undefined, log);
    expect(second).toMatchObject({ added: 1, skipped: 1 });
    expect(warned).toEqual([expect.objectContaining({ settingId: setId, folder: 'inbox' })]);
    const subjects = (
      await server.db
        .selectFrom('mail_messages')
        .select('subject')
        .where('setting_id', '=', setId)
        .execute()
    ).map((row) => row.subject);
    expect(subjects).toEqual(expect.arrayContaining(['after the NUL', 'after the failure']));
    expect(subjects).not.toContain('with a file the storage refuses');
    // The mailbox goes on syncing; the message passed over is not fetched again and again.
    const third = await staff('POST', `${base}/mail/v1/sync?id=${setId}`);
    expect(third.body).toMatchObject({ state: true, value: { added: 0 } });
  });

  it('sends a stored password only to the login and servers it was saved with', async () => {
    const owner = await caller('mgr01');
    const setId = await saveAlice('mgr01');
    const elsewhere = await listener('127.0.0.1', '* OK IMAP4rev1 ready\r\n', (line) => {
      const tag = line.split(' ')[0];
      return tag && tag !== '*' ? `${tag} OK done\r\n` : '';
    });
    try {
      const stored = { id: setId, mailPass: undefined };
      for (const change of [
        { imapPort: elsewhere.port },
        { smtpHost: '127.0.0.1', smtpPort: elsewhere.port },
        { userName: 'someone-else' },
        { imapSecurity: 'starttls' },
      ]) {
        const moved = settingOf({ ...stored, ...change });
        for (const call of ['test', 'save']) {
          const answer = await owner(
            'POST',
            `${base}/mailSetting/v1/${call}?isOriginPwd=true`,
            moved,
          );
          expect(answer.status, `${call} ${JSON.stringify(change)}`).toBe(400);
          expect(answer.body.message).toBe('邮件服务器或登录名已更改，请重新填写邮箱密码');
        }
      }
      expect(elsewhere.connections).toBe(0);
      expect(elsewhere.received).not.toContain(alice.password);
      expect((await settingRow(setId)).receive_port).toBe(mail.imapPort);
      // Where it was saved for, the stored password still serves.
      const same = await owner(
        'POST',
        `${base}/mailSetting/v1/test?isOriginPwd=true`,
        settingOf({ ...stored, nickName: 'Alice' }),
      );
      expect(same.body).toEqual({ state: true, message: '连接成功' });
      const english = await (
        await caller('mgr01', 'en-US')
      )(
        'POST',
        `${base}/mailSetting/v1/save?isOriginPwd=true`,
        settingOf({ ...stored, imapPort: elsewhere.port }),
      );
      expect(english.body.message).toBe(
        'The mail server or login name changed: enter the mail password again',
      );
    } finally {
      await elsewhere.close();
    }
  });

  it('stores one account and one contact when 100 saves of them race; the rest hear 409', async () => {
    const racer = await caller('mgr02');
    const saves = await Promise.all(
      Array.from({ length: 100 }, () =>
        racer('POST', `${base}/mailSetting/v1/save`, settingOf({ nickName: 'race' })),
      ),
    );
    const statuses = saves.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(99).fill(409)]);
    expect(saves.find((answer) => answer.status === 409)!.body.message).toBe('该邮箱已添加');
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'mgr02')
      .executeTakeFirstOrThrow();
    const accounts = await server.db
      .selectFrom('mail_settings')
      .select(['id', 'is_default'])
      .where('user_id', '=', user.id)
      .execute();
    expect(accounts).toEqual([{ id: expect.any(String), is_default: true }]);

    const contacts = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        racer('POST', `${base}/mailLinkman/v1/save`, {
          linkName: `Bob ${index}`,
          linkAddress: index % 2 ? 'bob@example.test' : 'BOB@example.test',
        }),
      ),
    );
    expect(contacts.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array<number>(99).fill(409),
    ]);
    expect(contacts.find((answer) => answer.status === 409)!.body.message).toBe('该联系人已存在');
    const stored = await server.db
      .selectFrom('mail_contacts')
      .select('address')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('merges accounts stored twice before the index that forbids them', async () => {
    const { db } = server;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'gm01')
      .executeTakeFirstOrThrow();
    await db.schema.dropIndex('mail_settings_address').execute();
    const ids = [newId(), newId(), newId()];
    const row = (id: string, address: string, isDefault: boolean, created: string) => ({
      id,
      user_id: user.id,
      address,
      password_enc: 'v1:x:y:z',
      receive_host: 'imap.example.test',
      receive_port: 993,
      smtp_host: 'smtp.example.test',
      smtp_port: 465,
      is_default: isDefault,
      created_at: new Date(created),
    });
    await db
      .insertInto('mail_settings')
      .values([
        row(ids[0]!, 'Dup@example.test', false, '2026-01-01'),
        row(ids[1]!, 'dup@example.test', true, '2026-02-01'),
        row(ids[2]!, 'dup@EXAMPLE.test', false, '2026-03-01'),
      ])
      .execute();
    for (const id of ids) await scheduleSync(db, id);
    await mergeDuplicateAccounts(db as unknown as Kysely<unknown>);
    const left = await db
      .selectFrom('mail_settings')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([{ id: ids[1] }]);
    const jobs = await db
      .selectFrom('wf_jobs')
      .select('payload')
      .where('kind', '=', 'mail-sync')
      .execute();
    const scheduled = jobs.map((job) => (job.payload as { settingId: string }).settingId);
    expect(scheduled).toContain(ids[1]);
    expect(scheduled).not.toContain(ids[0]);
    expect(scheduled).not.toContain(ids[2]);
    await expect(
      db
        .insertInto('mail_settings')
        .values(row(newId(), 'DUP@example.test', false, '2026-04-01'))
        .execute(),
    ).rejects.toThrow();
  });
});
