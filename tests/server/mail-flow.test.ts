import { createHash, randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueMailSyncs, syncNow } from '../../server/domain/mail/jobs';
import { databaseKinds, login, withServer } from './harness';
import { accountSetting, mailTestEnv, startMailServers, type MailServers } from './mail-servers';
import { as, multipart, tokenOf } from './shell-support';

/**
 * Mail against real servers: Dovecot for IMAP and an smtp-server that delivers into its
 * Maildirs (tests/server/mail-servers.ts). Two portal users, each with their own mailbox.
 */
const base = '/portal/mail/mail';
const alice = { address: 'alice@example.test', password: 'alice-Pass#1' };
const bob = { address: 'bob@example.test', password: 'bob-Pass#2' };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(databaseKinds)('mail on %s', (kind) => {
  // The mail servers are up before the portal's server and stopped after it.
  let mail: MailServers;
  beforeAll(async () => {
    mail = await startMailServers();
    mail.addUser(alice.address, alice.password);
    mail.addUser(bob.address, bob.password);
  });
  afterAll(() => mail?.stop());
  const server = withServer(kind, mailTestEnv);
  let emp01: ReturnType<typeof as>;
  let emp02: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;
  let aliceSet = '';
  let bobSet = '';

  const settingOf = (who: typeof alice, extra: Record<string, unknown> = {}) =>
    accountSetting(mail, who, { nickName: who.address.split('@')[0], ...extra });
  const imapAs = async (who: typeof alice) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: mail.imapPort,
      secure: false,
      doSTARTTLS: false,
      auth: { user: who.address, pass: who.password },
      logger: false,
    });
    await client.connect();
    return client;
  };
  const list = async (call: ReturnType<typeof as>, setId: string, types: number) =>
    (
      await call('POST', `${base}/mail/v1/listJson`, {
        pageBean: { page: 1, pageSize: 50 },
        querys: [
          { property: 'setId', value: setId, operation: 'EQUAL' },
          { property: 'types', value: types, operation: 'EQUAL' },
        ],
      })
    ).body;
  const sync = (call: ReturnType<typeof as>, setId: string) =>
    call('POST', `${base}/mail/v1/sync?id=${setId}`);

  beforeAll(async () => {
    emp01 = as(server.app, await login(server.app, 'emp01', 'Staff#2026'));
    emp02 = as(server.app, await login(server.app, 'emp02', 'Staff#2026'));
    admin = as(server.app, await tokenOf(server.app, 'admin'));
  });

  it('tests a connection: 连接成功, and a wrong password gets a clear message', async () => {
    const good = await emp01('POST', `${base}/mailSetting/v1/test`, settingOf(alice));
    expect(good.body).toEqual({ state: true, message: '连接成功' });
    const wrong = await emp01(
      'POST',
      `${base}/mailSetting/v1/test`,
      settingOf(alice, { mailPass: 'not-it' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.state).toBe(false);
    expect(wrong.body.message).toContain('邮箱账号或密码错误');
    const closed = await emp01(
      'POST',
      `${base}/mailSetting/v1/test`,
      settingOf(alice, { imapPort: 1 }),
    );
    expect(closed.status).toBe(502);
    expect(closed.body.message).toContain('无法连接邮件服务器 127.0.0.1:1');
  });

  it('saves accounts with the password sealed, never answering it', async () => {
    const saved = await emp01('POST', `${base}/mailSetting/v1/save`, settingOf(alice));
    expect(saved.body).toMatchObject({ state: true, message: '保存成功' });
    aliceSet = saved.body.value;
    bobSet = (await emp02('POST', `${base}/mailSetting/v1/save`, settingOf(bob))).body.value;
    const row = await server.db
      .selectFrom('mail_settings')
      .selectAll()
      .where('id', '=', aliceSet)
      .executeTakeFirstOrThrow();
    expect(row.password_enc).not.toContain(alice.password);
    expect(row.is_default).toBe(true);
    const got = await emp01('GET', `${base}/mailSetting/v1/getJson?id=${aliceSet}`);
    expect(got.body.mailAddress).toBe(alice.address);
    expect(JSON.stringify(got.body)).not.toContain(alice.password);
    expect(got.body.mailPass).toBeUndefined();
    // isOriginPwd keeps the stored password: the saved account still signs in.
    const kept = await emp01(
      'POST',
      `${base}/mailSetting/v1/save?isOriginPwd=true`,
      settingOf(alice, { id: aliceSet, mailPass: undefined, nickName: 'Alice' }),
    );
    expect(kept.body.state).toBe(true);
    expect((await emp01('POST', `${base}/mailSetting/v1/test?id=${aliceSet}`)).body.message).toBe(
      '连接成功',
    );
    // Someone else's account is not there for them.
    expect((await emp02('GET', `${base}/mailSetting/v1/getJson?id=${aliceSet}`)).status).toBe(404);
    expect((await emp02('POST', `${base}/mail/v1/sync?id=${aliceSet}`)).status).toBe(404);
    expect((await as(server.app, null)('POST', `${base}/mailSetting/v1/listJson`, {})).status).toBe(
      401,
    );
  });

  it('sends to another user, who syncs, reads and replies; the reply arrives', async () => {
    const html = '<p>请查收<b>报表</b></p>';
    const sent = await emp01('POST', `${base}/mail/v1/send`, {
      setId: aliceSet,
      subject: '月度报表',
      content: b64(html),
      receiverAddresses: `Bob <${bob.address}>`,
    });
    expect(sent.body).toMatchObject({ state: true, message: '发送成功' });
    const synced = await sync(emp02, bobSet);
    expect(synced.body.state).toBe(true);
    expect(synced.body.value.added).toBe(1);
    const inbox = await list(emp02, bobSet, 1);
    expect(inbox.total).toBe(1);
    const [first] = inbox.rows;
    expect(first).toMatchObject({ subject: '月度报表', senderAddress: alice.address, isRead: 0 });
    const got = (await emp02('GET', `${base}/mail/v1/getJson?id=${first.id}`)).body;
    expect(Buffer.from(got.content, 'base64').toString('utf8')).toContain(html);
    expect(got.contentType).toBe('html');
    // Unread mail shows on the home counter and the contacts dot, until read.
    const dot = await emp02('GET', '/portal/bpm/haiyaapi/isReadNews');
    expect(dot.body.value.mailCount).toBe(1);
    expect(dot.body.value.hasUnread).toBe(true);
    expect((await emp02('POST', '/portal/bpm/haiyaapi/getMailsNewsId')).body.value).toEqual([
      first.id,
    ]);
    const counters = await emp02('GET', '/bpm-runtime/runtime/instance/v1/getDefaultInfoMap');
    expect(counters.body.myEmail).toMatchObject({ data: 1, dataText: '我的邮件' });
    await emp02('GET', `${base}/mail/v1/isRead?id=${first.id}`);
    expect((await emp02('GET', '/portal/bpm/haiyaapi/isReadNews')).body.value.mailCount).toBe(0);

    const reply = await emp02('POST', `${base}/mail/v1/send`, {
      setId: bobSet,
      subject: 'Re: 月度报表',
      content: b64('<p>收到</p>'),
      receiverAddresses: alice.address,
      replyId: first.id,
    });
    expect(reply.body.state).toBe(true);
    await sync(emp01, aliceSet);
    const aliceInbox = await list(emp01, aliceSet, 1);
    expect(aliceInbox.rows.map((row: { subject: string }) => row.subject)).toEqual([
      'Re: 月度报表',
    ]);
    expect(aliceInbox.rows[0].isReply).toBe(1);
    // The sent copy is in the server's Sent folder, and once (not again after a sync).
    expect((await list(emp01, aliceSet, 2)).total).toBe(1);
    const client = await imapAs(alice);
    try {
      const status = await client.status('Sent', { messages: true });
      expect(status && status.messages).toBe(1);
    } finally {
      await client.logout();
    }
    // Contacts learnt from sending, suggested with portal users.
    const suggest = await emp01('GET', `${base}/mailLinkman/v1/getMailAndUserData?query=bob`);
    expect(suggest.body[0]).toMatchObject({ address: bob.address, type: 'linkman' });
  });

  it('keeps read and deleted flags in step with a second IMAP client, both ways', async () => {
    const client = await imapAs(bob);
    try {
      // Read in the portal (above): the server has \Seen after the sync.
      await sync(emp02, bobSet);
      await client.mailboxOpen('INBOX');
      const flags = [];
      for await (const message of client.fetch('1:*', { uid: true, flags: true })) {
        flags.push([...(message.flags ?? [])]);
      }
      expect(flags).toEqual([['\\Seen']]);
      // Unread set on the server comes down; a new message too.
      await client.messageFlagsRemove('1:*', ['\\Seen']);
      mail.deliver(
        bob.address,
        `From: carol@example.test\r\nTo: ${bob.address}\r\nSubject: second\r\nMessage-ID: <second@example.test>\r\n\r\nhello\r\n`,
      );
      const synced = await sync(emp02, bobSet);
      expect(synced.body.value).toMatchObject({ added: 1, flagged: 1 });
      const inbox = await list(emp02, bobSet, 1);
      expect(inbox.rows.map((row: { isRead: number }) => row.isRead)).toEqual([0, 0]);
      // \Deleted set elsewhere: gone from the portal.
      await client.mailboxOpen('INBOX');
      await client.messageFlagsAdd({ header: { subject: 'second' } }, ['\\Deleted']);
      await sync(emp02, bobSet);
      const after = await list(emp02, bobSet, 1);
      expect(after.rows.map((row: { subject: string }) => row.subject)).toEqual(['月度报表']);
      // Deleted in the portal: to the server's Trash; deleted from the bin: expunged.
      const id = after.rows[0].id;
      await emp02('GET', `${base}/mail/v1/remove?ids=${id}&type=1`);
      expect((await list(emp02, bobSet, 4)).total).toBe(1);
      await sync(emp02, bobSet);
      expect(
        ((await client.status('Trash', { messages: true })) || { messages: -1 }).messages,
      ).toBe(1);
      const inBin = (await list(emp02, bobSet, 4)).rows[0];
      expect(inBin.subject).toBe('月度报表');
      await emp02('GET', `${base}/mail/v1/remove?ids=${inBin.id}&type=4`);
      await sync(emp02, bobSet);
      expect(
        ((await client.status('Trash', { messages: true })) || { messages: -1 }).messages,
      ).toBe(0);
      expect((await list(emp02, bobSet, 4)).total).toBe(0);
    } finally {
      await client.logout();
    }
  });

  it('round-trips a 10 MB attachment with the same bytes, readable by its owner only', async () => {
    const bytes = Buffer.from(randomBytes(7_500_000).toString('base64'));
    expect(bytes.length).toBe(10_000_000);
    const form = multipart([{ field: 'files', name: 'big.txt', bytes, type: 'text/plain' }]);
    const upload = await emp01('POST', '/portal/system/file/v1/upload', form.payload, form.headers);
    expect(upload.body.success).toBe(true);
    const fileId = upload.body.fileId as string;
    const sent = await emp01('POST', `${base}/mail/v1/send`, {
      setId: aliceSet,
      subject: 'big one',
      content: b64('<p>attached</p>'),
      receiverAddresses: bob.address,
      fileIds: fileId,
    });
    expect(sent.body.state).toBe(true);
    await sync(emp02, bobSet);
    const row = (await list(emp02, bobSet, 1)).rows.find(
      (item: { subject: string }) => item.subject === 'big one',
    );
    expect(row.hasAttachment).toBe(1);
    const got = (await emp02('GET', `${base}/mail/v1/getJson?id=${row.id}`)).body;
    expect(got.attachments).toHaveLength(1);
    const download = `/portal/system/file/v1/downloadFile?fileId=${got.attachments[0].id}`;
    const file = await emp02('GET', download);
    expect(file.status).toBe(200);
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(digest(file.raw)).toBe(digest(bytes));
    // Bob's copy is Bob's: not the sender's, not even the administrator's.
    expect((await emp01('GET', download)).status).toBe(404);
    expect((await admin('GET', download)).status).toBe(404);
  });

  it('keeps one user out of another user’s mail, by id or by list', async () => {
    const bobsMail = (await list(emp02, bobSet, 1)).rows[0];
    expect((await emp01('GET', `${base}/mail/v1/getJson?id=${bobsMail.id}`)).status).toBe(404);
    expect((await emp01('GET', `${base}/mail/v1/isRead?id=${bobsMail.id}`)).status).toBe(404);
    await emp01('GET', `${base}/mail/v1/remove?ids=${bobsMail.id}&type=4`);
    expect((await emp02('GET', `${base}/mail/v1/getJson?id=${bobsMail.id}`)).status).toBe(200);
    const theirs = await list(emp01, bobSet, 1);
    expect(theirs.total).toBe(0);
    const tree = (await emp01('GET', `${base}/mail/v1/getMailTreeData`)).body;
    expect(tree.map((box: { id: string }) => box.id)).toEqual([aliceSet]);
    expect(tree[0].children.map((folder: { name: string }) => folder.name)).toEqual([
      '收件箱',
      '已发送',
      '草稿箱',
      '已删除',
    ]);
    const sendAsBob = await emp01('POST', `${base}/mail/v1/send`, {
      setId: bobSet,
      subject: 'x',
      content: b64('x'),
      receiverAddresses: alice.address,
    });
    expect(sendAsBob.status).toBe(404);
    const badAddress = await emp01('POST', `${base}/mail/v1/send`, {
      setId: aliceSet,
      subject: 'x',
      content: b64('x'),
      receiverAddresses: 'not an address',
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toContain('邮箱地址格式不正确');
  });

  it('syncs one mailbox once at a time; a wrong password does not hold the job', async () => {
    const runs = await Promise.allSettled([
      syncNow(server.db, server.app.deps.storage, server.app.deps.config.mail, bobSet),
      syncNow(server.db, server.app.deps.storage, server.app.deps.config.mail, bobSet),
    ]);
    expect(runs.filter((run) => run.status === 'fulfilled')).toHaveLength(1);
    const refused = runs.find((run) => run.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.key).toBe('server:mail.syncBusy');
    // A wrong password saved: the sync says so, and the job is free for the next one.
    const resave = (password: string) =>
      emp02(
        'POST',
        `${base}/mailSetting/v1/save`,
        settingOf(bob, { id: bobSet, mailPass: password }),
      );
    expect((await resave('changed-Pass#3')).body.state).toBe(true);
    const failed = await sync(emp02, bobSet);
    expect(failed.body.state).toBe(false);
    expect(failed.body.message).toContain('邮箱账号或密码错误');
    const job = await server.db
      .selectFrom('wf_jobs')
      .selectAll()
      .where('kind', '=', 'mail-sync')
      .where((eb) =>
        eb(eb.fn('jsonb_extract_path_text', ['payload', eb.val('settingId')]), '=', bobSet),
      )
      .executeTakeFirstOrThrow();
    expect(job.lease_until).toBeNull();
    expect(job.failed_at).toBeNull();
    expect(job.last_error).toContain('邮箱账号或密码错误');
    await resave(bob.password);
    expect((await sync(emp02, bobSet)).body.state).toBe(true);
    // The poller syncs the accounts whose turn has come, without anyone clicking.
    mail.deliver(
      alice.address,
      `From: dave@example.test\r\nTo: ${alice.address}\r\nSubject: by the poller\r\n\r\nhi\r\n`,
    );
    const later = new Date(Date.now() + 24 * 3600_000);
    const { storage, config } = server.app.deps;
    expect(await runDueMailSyncs(server.db, storage, config.mail, { now: later })).toBe(2);
    const subjects = (await list(emp01, aliceSet, 1)).rows.map(
      (row: { subject: string }) => row.subject,
    );
    expect(subjects).toContain('by the poller');
    const setting = await emp02('GET', `${base}/mailSetting/v1/getJson?id=${bobSet}`);
    expect(setting.body.lastError).toBe('');
  });
});
