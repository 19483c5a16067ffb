import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { BodyOf } from '../../../../src/contract/call';
import { mailCalls, type MailSetting } from '../../../../src/contract/mail';
import type { MailSettingRow } from '../../../db/schema-mail';
import { badRequest } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { outboundAddress } from '../../../lib/outbound';
import { formatDateTime } from '../../../lib/time';
import {
  accountOf,
  countConnection,
  destinationOfRow,
  ownSetting,
  sameDestination,
  type MailDestination,
} from '../../../domain/mail/accounts';
import { scheduleSync, unscheduleSync } from '../../../domain/mail/jobs';
import { parseAddresses } from '../../../domain/mail/messages';
import { testAccount, type MailAccount } from '../../../domain/mail/protocol';
import { openSecret, sealSecret } from '../../../domain/mail/secret';
import { settingsPage } from '../../../domain/mail/setting-list';
import { makeDefaultSetting, removeOwnSettings } from '../../../domain/mail/setting-default';
import { saveOwnSetting } from '../../../domain/mail/setting-save';
import { currentUser } from '../../../plugins/auth';
import { addRoute } from '../../contract';
import { idList, pageOf } from './common';
import { done } from '../../schemas';

/** A host name or IPv4 address as a user types it: letters, digits, dots and hyphens. */
const hostName = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/** An account as its form sends it. */
type SettingBody = BodyOf<typeof mailCalls.saveSetting>;

/** The caller's mail accounts (docs/mail.md): passwords go in, never out. */
export async function settingRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const shape = (row: MailSettingRow): MailSetting => ({
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

  /**
   * The password to use: the one typed, or (isOriginPwd) the stored one of an own account,
   * and that only for the login and servers it was saved with.
   */
  async function passwordFor(
    userId: string,
    body: SettingBody,
    keepStored: boolean,
    destination: MailDestination,
  ) {
    if (keepStored && body.id) {
      const stored = await ownSetting(db, userId, body.id);
      if (!sameDestination(destinationOfRow(stored), destination)) {
        throw badRequest('server:mail.passwordForNewServer');
      }
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

  function checkedServer(hostText: string, portText: number | string) {
    const host = hostText.trim();
    if (!hostName.test(host)) throw badRequest('server:mail.hostInvalid', { host });
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 1 || port > 65535 || String(portText).trim() === '') {
      throw badRequest('server:mail.portInvalid', { port: String(portText) });
    }
    return { host, port };
  }

  /** The account's address, login and servers, checked. */
  function checked(body: SettingBody): MailDestination {
    const type = (body.mailType ?? 'imap').toLowerCase();
    if (type !== 'imap') throw badRequest('server:mail.pop3Unsupported');
    const [address] = parseAddresses(body.mailAddress);
    if (!address) throw badRequest('server:mail.addressInvalid', { address: body.mailAddress });
    return {
      address: address.address,
      username: body.userName?.trim() ?? '',
      receive: {
        ...checkedServer(body.imapHost, body.imapPort),
        security: body.imapSecurity ?? 'ssl',
      },
      smtp: {
        ...checkedServer(body.smtpHost, body.smtpPort),
        security: body.smtpSecurity ?? 'ssl',
      },
    };
  }

  const accountFrom = (
    body: SettingBody,
    destination: MailDestination,
    password: string,
  ): MailAccount => ({
    ...destination,
    password,
    nickname: body.nickName ?? '',
    timeoutMs: config.mail.timeoutMs,
    outbound: config.mail.outbound,
  });

  addRoute(app, mailCalls.settings, async (request) => {
    const caller = currentUser(request);
    const paging = pageOf(request.body ?? {});
    const { rows, total } = await settingsPage(db, caller.id, paging);
    return { rows: rows.map(shape), total, page: paging.page, pageSize: paging.pageSize };
  });

  addRoute(app, mailCalls.setting, async (request) =>
    shape(await ownSetting(db, currentUser(request).id, request.query.id)),
  );

  addRoute(app, mailCalls.saveSetting, async (request) => {
    const caller = currentUser(request);
    const body = request.body;
    const keepStored = request.query.isOriginPwd === true;
    const destination = checked(body);
    const saved = body.id ? await ownSetting(db, caller.id, body.id) : null;
    const password = await passwordFor(caller.id, body, keepStored, destination);
    // Refused now rather than at the first sync; every connection is checked again anyway.
    for (const server of [destination.receive, destination.smtp]) {
      await outboundAddress(config.mail.outbound, server.host, server.port);
    }
    const values = {
      address: destination.address,
      username: destination.username,
      nickname: body.nickName?.trim() ?? '',
      password_enc: password.sealed,
      mail_type: 'imap' as const,
      receive_host: destination.receive.host,
      receive_port: destination.receive.port,
      receive_security: destination.receive.security,
      smtp_host: destination.smtp.host,
      smtp_port: destination.smtp.port,
      smtp_security: destination.smtp.security,
      keep_on_server: body.keepOnServer ?? true,
    };
    const id = body.id ?? newId();
    await saveOwnSetting(db, config.mail, caller.id, {
      id,
      saved,
      destination,
      values,
      wantsDefault: body.isDefault === true,
    });
    await scheduleSync(db, id);
    return { ...done(request, 'server:mail.saved'), value: id };
  });

  addRoute(app, mailCalls.testSetting, async (request) => {
    const caller = currentUser(request);
    const query = request.query;
    const body = request.body;
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
      const destination = checked(body);
      const keepStored = query.isOriginPwd === true;
      const password = await passwordFor(caller.id, body, keepStored, destination);
      account = accountFrom(body, destination, password.plain);
    }
    await countConnection(db, config.mail, caller.id);
    await testAccount(account);
    return done(request, 'server:mail.connected');
  });

  addRoute(app, mailCalls.setDefault, async (request) => {
    const caller = currentUser(request);
    const row = await ownSetting(db, caller.id, request.query.id);
    await makeDefaultSetting(db, caller.id, row.id);
    return done(request, 'server:mail.defaultSet');
  });

  addRoute(app, mailCalls.removeSettings, async (request) => {
    const caller = currentUser(request);
    const ids = idList(request.query.ids);
    const owned = await removeOwnSettings(db, caller.id, ids);
    await unscheduleSync(db, owned);
    return done(request, 'server:mail.removed');
  });
}
