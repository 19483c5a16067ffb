import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { mailCalls, type Contact } from '../../../../src/contract/mail';
import type { MailContactsTable } from '../../../db/schema-mail';
import type { Selectable } from 'kysely';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { formatDateTime } from '../../../lib/time';
import { parseAddresses } from '../../../domain/mail/messages';
import { currentUser } from '../../../plugins/auth';
import { isUniqueViolation } from '../../../domain/workflow/engine/context';
import { addRoute } from '../../contract';
import { idList, likePattern, pageOf, queryValue } from './common';
import { done } from '../../schemas';

/** The caller's mail contacts and the address suggestions (docs/mail.md). */
export async function linkmanRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const shape = (row: Selectable<MailContactsTable>): Contact => ({
    id: row.id,
    linkName: row.name,
    linkAddress: row.address,
    mailId: row.setting_id ?? '',
    appCount: row.send_count,
    sendTime: row.last_sent_at ? formatDateTime(row.last_sent_at, config.timeZone) : '',
    createTime: formatDateTime(row.created_at, config.timeZone),
  });
  const own = (userId: string) =>
    db.selectFrom('mail_contacts').selectAll().where('user_id', '=', userId);

  addRoute(app, mailCalls.suggest, async (request) => {
    const caller = currentUser(request);
    const text = (request.query.query ?? '').trim();
    const pattern = likePattern(text);
    const contacts = await own(caller.id)
      .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('address', 'ilike', pattern)]))
      .orderBy('send_count', 'desc')
      .orderBy('name')
      .limit(10)
      .execute();
    const users = await db
      .selectFrom('users')
      .select(['fullname', 'email'])
      .where('email', 'is not', null)
      .where('email', '!=', '')
      .where('status', '=', 1)
      .where((eb) =>
        eb.or([
          eb('fullname', 'ilike', pattern),
          eb('account', 'ilike', pattern),
          eb('email', 'ilike', pattern),
        ]),
      )
      .orderBy('fullname')
      .limit(10)
      .execute();
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
    const { page, pageSize, offset } = pageOf(filter);
    let query = own(caller.id);
    const name = queryValue(filter, 'linkName');
    if (name) query = query.where('name', 'ilike', likePattern(name));
    const address = queryValue(filter, 'linkAddress');
    if (address) query = query.where('address', 'ilike', likePattern(address));
    const [rows, total] = await Promise.all([
      query.orderBy('name').orderBy('id').limit(pageSize).offset(offset).execute(),
      query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(shape), total: Number(total.count), page, pageSize };
  });

  addRoute(app, mailCalls.contact, async (request) => {
    const row = await own(currentUser(request).id)
      .where('id', '=', request.query.id)
      .executeTakeFirst();
    if (!row) throw notFound('server:mail.contactNotFound');
    return shape(row);
  });

  addRoute(app, mailCalls.accountContacts, async (request) => {
    const rows = await own(currentUser(request).id)
      .where('setting_id', '=', request.query.mailId)
      .orderBy('name')
      .limit(500)
      .execute();
    return rows.map(shape);
  });

  addRoute(app, mailCalls.saveContact, async (request) => {
    const caller = currentUser(request);
    const body = request.body;
    const [parsed] = parseAddresses(body.linkAddress);
    if (!parsed) throw badRequest('server:mail.addressInvalid', { address: body.linkAddress });
    const settingId = body.mailId
      ? ((
          await db
            .selectFrom('mail_settings')
            .select('id')
            .where('id', '=', body.mailId)
            .where('user_id', '=', caller.id)
            .executeTakeFirst()
        )?.id ?? null)
      : null;
    const values = {
      name: body.linkName.trim() || parsed.address,
      address: parsed.address,
      setting_id: settingId,
    };
    // One contact per address and user: the unique index decides, so two saves at once
    // store one and the other hears that it exists (409), never a 500.
    try {
      if (body.id) {
        const result = await db
          .updateTable('mail_contacts')
          .set(values)
          .where('id', '=', body.id)
          .where('user_id', '=', caller.id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('server:mail.contactNotFound');
        return { ...done(request, 'server:mail.saved'), value: body.id };
      }
      const id = newId();
      await db
        .insertInto('mail_contacts')
        .values({ id, user_id: caller.id, ...values })
        .execute();
      return { ...done(request, 'server:mail.saved'), value: id };
    } catch (error) {
      if (isUniqueViolation(error, 'mail_contacts_address')) {
        throw conflict('server:mail.contactTaken');
      }
      throw error;
    }
  });

  addRoute(app, mailCalls.removeContacts, async (request) => {
    const caller = currentUser(request);
    const result = await db
      .deleteFrom('mail_contacts')
      .where('id', 'in', idList(request.query.ids))
      .where('user_id', '=', caller.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('server:mail.contactNotFound');
    return done(request, 'server:mail.removed');
  });
}
