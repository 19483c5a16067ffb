import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { mailCalls, type Contact } from '../../../../src/contract/mail';
import { badRequest } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import {
  accountContacts,
  addressSuggestions,
  contactPage,
  ownContact,
  removeContacts,
  saveContact,
  type ContactRow,
} from '../../../domain/mail/contacts';
import { parseAddresses } from '../../../domain/mail/messages';
import { ownSettingId } from '../../../domain/mail/setting-list';
import { currentUser } from '../../../plugins/auth';
import { addRoute } from '../../contract';
import { idList, pageOf, queryValue } from './common';
import { done } from '../../schemas';

/** The caller's mail contacts and the address suggestions (docs/mail.md). */
export async function linkmanRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const shape = (row: ContactRow): Contact => ({
    id: row.id,
    linkName: row.name,
    linkAddress: row.address,
    mailId: row.setting_id ?? '',
    appCount: row.send_count,
    sendTime: row.last_sent_at ? formatDateTime(row.last_sent_at, config.timeZone) : '',
    createTime: formatDateTime(row.created_at, config.timeZone),
  });

  addRoute(app, mailCalls.suggest, async (request) => {
    const caller = currentUser(request);
    const text = (request.query.query ?? '').trim();
    const { contacts, users } = await addressSuggestions(db, caller.id, text);
    const seen = new Set(contacts.map((row) => row.address.toLowerCase()));
    return [
      ...contacts.map((row) => ({
        name: row.name,
        address: row.address,
        type: 'linkman' as const,
      })),
      ...users
        .filter((user) => !seen.has(String(user.email).toLowerCase()))
        .map((user) => ({
          name: user.fullname,
          address: String(user.email),
          type: 'user' as const,
        })),
    ];
  });

  addRoute(app, mailCalls.contacts, async (request) => {
    const caller = currentUser(request);
    const filter = request.body ?? {};
    const paging = pageOf(filter);
    const { rows, total } = await contactPage(
      db,
      caller.id,
      { name: queryValue(filter, 'linkName'), address: queryValue(filter, 'linkAddress') },
      paging,
    );
    return { rows: rows.map(shape), total, page: paging.page, pageSize: paging.pageSize };
  });

  addRoute(app, mailCalls.contact, async (request) => {
    const row = await ownContact(db, currentUser(request).id, request.query.id);
    return shape(row);
  });

  addRoute(app, mailCalls.accountContacts, async (request) => {
    const rows = await accountContacts(db, currentUser(request).id, request.query.mailId);
    return rows.map(shape);
  });

  addRoute(app, mailCalls.saveContact, async (request) => {
    const caller = currentUser(request);
    const body = request.body;
    const [parsed] = parseAddresses(body.linkAddress);
    if (!parsed) throw badRequest('server:mail.addressInvalid', { address: body.linkAddress });
    const settingId = body.mailId ? await ownSettingId(db, caller.id, body.mailId) : null;
    const values = {
      name: body.linkName.trim() || parsed.address,
      address: parsed.address,
      setting_id: settingId,
    };
    const id = await saveContact(db, caller.id, body.id, values);
    return { ...done(request, 'server:mail.saved'), value: id };
  });

  addRoute(app, mailCalls.removeContacts, async (request) => {
    const caller = currentUser(request);
    await removeContacts(db, caller.id, idList(request.query.ids));
    return done(request, 'server:mail.removed');
  });
}
