import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { MailSettingRow } from '../../../db/schema-mail';
import { badRequest } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { formatDateTime } from '../../../lib/time';
import { accountOf, ownSetting } from '../../../mail/accounts';
import { scheduleSync, unscheduleSync } from '../../../mail/jobs';
import { parseAddresses } from '../../../mail/messages';
import { testAccount, type MailAccount } from '../../../mail/protocol';
import { openSecret, sealSecret } from '../../../mail/secret';
import { currentUser } from '../../../plugins/auth';
import type { QueryFilter } from '../../../workflow/queries/filter';
import {
  idList,
  idQuery,
  idsQuery,
  loose,
  mailBase,
  ok,
  pageAnswer,
  pageOf,
  queryFilter,
  stateAnswer,
} from './common';

const base = `${mailBase}/mailSetting/v1`;
const security = Type.Union([Type.Literal('ssl'), Type.Literal('starttls'), Type.Literal('none')]);
const port = Type.Integer({ minimum: 1, maximum: 65535 });
const host = Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' });

const settingBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  mailAddress: Type.String({ minLength: 3, maxLength: 254 }),
  mailPass: Type.Optional(Type.String({ maxLength: 500 })),
  nickName: Type.Optional(Type.String({ maxLength: 100 })),
  userName: Type.Optional(Type.String({ maxLength: 254 })),
  mailType: Type.Optional(Type.String({ maxLength: 16 })),
  imapHost: host,
  imapPort: port,
  imapSecurity: Type.Optional(security),
  smtpHost: host,
  smtpPort: port,
  smtpSecurity: Type.Optional(security),
  keepOnServer: Type.Optional(Type.Boolean()),
  isDefault: Type.Optional(Type.Boolean()),
});
type SettingBody = Static<typeof settingBody>;
const originQuery = Type.Object({
  isOriginPwd: Type.Optional(Type.Boolean()),
  id: Type.Optional(Type.String({ maxLength: 64 })),
});

/** The caller's mail accounts (docs/mail.md): passwords go in, never out. */
export async function settingRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const shape = (row: MailSettingRow) => ({
    id: row.id,
    mailAddress: row.address,
    nickName: row.nickname,
    userName: row.username,
    mailType: row.mail_type,
    imapHost: row.receive_host,
    imapPort: row.receive_port,
    imapSecurity: row.receive_security,
    smtpHost: row.smtp_host,
    smtpPort: row.smtp_port,
    smtpSecurity: row.smtp_security,
    keepOnServer: row.keep_on_server,
    isDefault: row.is_default ? 1 : 0,
    lastSyncTime: row.last_sync_at ? formatDateTime(row.last_sync_at, config.timeZone) : '',
    lastError: row.last_error,
    createTime: formatDateTime(row.created_at, config.timeZone),
  });

  /** The password to use: the one typed, or (isOriginPwd) the stored one of an own account. */
  async function passwordFor(userId: string, body: SettingBody, keepStored: boolean) {
    if (keepStored && body.id) {
      const stored = await ownSetting(db, userId, body.id);
      try {
        return {
          sealed: stored.password_enc,
          plain: openSecret(config.mail.secretKey, stored.password_enc),
        };
      } catch {
        throw badRequest('server:mail.passwordUnreadable');
      }
    }
    if (!body.mailPass) throw badRequest('server:mail.passwordRequired');
    return { sealed: sealSecret(config.mail.secretKey, body.mailPass), plain: body.mailPass };
  }

  function checked(body: SettingBody) {
    const type = (body.mailType ?? 'imap').toLowerCase();
    if (type !== 'imap') throw badRequest('server:mail.pop3Unsupported');
    const [address] = parseAddresses(body.mailAddress);
    if (!address) throw badRequest('server:mail.addressInvalid', { address: body.mailAddress });
    return address.address;
  }

  const accountFrom = (body: SettingBody, address: string, password: string): MailAccount => ({
    address,
    username: body.userName?.trim() ?? '',
    password,
    nickname: body.nickName ?? '',
    receive: { host: body.imapHost, port: body.imapPort, security: body.imapSecurity ?? 'ssl' },
    smtp: { host: body.smtpHost, port: body.smtpPort, security: body.smtpSecurity ?? 'ssl' },
    timeoutMs: config.mail.timeoutMs,
  });

  app.post(
    `${base}/listJson`,
    {
      schema: {
        summary: "The caller's own mail accounts (never their passwords)",
        body: Type.Optional(queryFilter),
        response: { 200: pageAnswer },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const { page, pageSize, offset } = pageOf((request.body ?? {}) as QueryFilter);
      const query = db.selectFrom('mail_settings').where('user_id', '=', caller.id);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('is_default', 'desc')
          .orderBy('created_at')
          .limit(pageSize)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(shape), total: Number(total.count), page, pageSize };
    },
  );

  app.get(
    `${base}/getJson`,
    {
      schema: {
        summary: 'One mail account of the caller, without its password',
        querystring: idQuery,
        response: { 200: loose },
      },
    },
    async (request) =>
      shape(await ownSetting(db, currentUser(request).id, (request.query as { id: string }).id)),
  );

  app.post(
    `${base}/save`,
    {
      schema: {
        summary:
          'Adds or changes a mail account of the caller; isOriginPwd=true keeps the stored password',
        querystring: originQuery,
        body: settingBody,
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const body = request.body as SettingBody;
      const keepStored = (request.query as { isOriginPwd?: boolean }).isOriginPwd === true;
      const address = checked(body);
      if (body.id) await ownSetting(db, caller.id, body.id);
      const password = await passwordFor(caller.id, body, keepStored);
      const clash = await db
        .selectFrom('mail_settings')
        .select('id')
        .where('user_id', '=', caller.id)
        .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
        .where('id', '!=', body.id ?? '')
        .executeTakeFirst();
      if (clash) throw badRequest('server:mail.addressTaken');
      const values = {
        address,
        username: body.userName?.trim() ?? '',
        nickname: body.nickName?.trim() ?? '',
        password_enc: password.sealed,
        mail_type: 'imap' as const,
        receive_host: body.imapHost,
        receive_port: body.imapPort,
        receive_security: body.imapSecurity ?? 'ssl',
        smtp_host: body.smtpHost,
        smtp_port: body.smtpPort,
        smtp_security: body.smtpSecurity ?? 'ssl',
        keep_on_server: body.keepOnServer ?? true,
      };
      const id = body.id ?? newId();
      await db.transaction().execute(async (trx) => {
        const others = await trx
          .selectFrom('mail_settings')
          .select('id')
          .where('user_id', '=', caller.id)
          .where('is_default', '=', true)
          .where('id', '!=', id)
          .executeTakeFirst();
        const makeDefault = body.isDefault === true || !others;
        if (makeDefault && others) {
          await trx
            .updateTable('mail_settings')
            .set({ is_default: false })
            .where('user_id', '=', caller.id)
            .execute();
        }
        if (body.id) {
          await trx
            .updateTable('mail_settings')
            .set({ ...values, ...(makeDefault ? { is_default: true } : {}) })
            .where('id', '=', id)
            .where('user_id', '=', caller.id)
            .execute();
        } else {
          await trx
            .insertInto('mail_settings')
            .values({ id, user_id: caller.id, ...values, is_default: makeDefault })
            .execute();
        }
      });
      await scheduleSync(db, id);
      return { ...ok(request, 'server:mail.saved'), value: id };
    },
  );

  app.post(
    `${base}/test`,
    {
      schema: {
        summary:
          'Signs in to the IMAP and SMTP servers: with ?id= a saved account, else the body (isOriginPwd=true: with the stored password); answers 连接成功',
        querystring: originQuery,
        body: Type.Optional(Type.Union([settingBody, Type.Null()])),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const query = request.query as { isOriginPwd?: boolean; id?: string };
      const body = request.body as SettingBody | null | undefined;
      let account: MailAccount;
      if (query.id && !body) {
        const row = await ownSetting(db, caller.id, query.id);
        try {
          account = accountOf(config.mail, row);
        } catch {
          throw badRequest('server:mail.passwordUnreadable');
        }
      } else {
        if (!body) throw badRequest('server:invalidRequest');
        const address = checked(body);
        const password = await passwordFor(caller.id, body, query.isOriginPwd === true);
        account = accountFrom(body, address, password.plain);
      }
      await testAccount(account);
      return ok(request, 'server:mail.connected');
    },
  );

  app.post(
    `${base}/setDefault`,
    {
      schema: {
        summary: "Makes one of the caller's mail accounts the default (one per user)",
        querystring: idQuery,
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const row = await ownSetting(db, caller.id, (request.query as { id: string }).id);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('mail_settings')
          .set({ is_default: false })
          .where('user_id', '=', caller.id)
          .execute();
        await trx
          .updateTable('mail_settings')
          .set({ is_default: true })
          .where('id', '=', row.id)
          .execute();
      });
      return ok(request, 'server:mail.defaultSet');
    },
  );

  app.delete(
    `${base}/remove`,
    {
      schema: {
        summary: "Removes the caller's mail accounts with the mail the portal holds for them",
        querystring: idsQuery,
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const ids = idList((request.query as { ids: string }).ids);
      const rows = await db
        .selectFrom('mail_settings')
        .select('id')
        .where('id', 'in', ids)
        .where('user_id', '=', caller.id)
        .execute();
      if (rows.length === 0) throw badRequest('server:mail.settingNotFound');
      const owned = rows.map((row) => row.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('mail_settings').where('id', 'in', owned).execute();
        const left = await trx
          .selectFrom('mail_settings')
          .select(['id', 'is_default'])
          .where('user_id', '=', caller.id)
          .orderBy('created_at')
          .execute();
        const first = left[0];
        if (first && !left.some((row) => row.is_default)) {
          await trx
            .updateTable('mail_settings')
            .set({ is_default: true })
            .where('id', '=', first.id)
            .execute();
        }
      });
      await unscheduleSync(db, owned);
      return ok(request, 'server:mail.removed');
    },
  );
}
