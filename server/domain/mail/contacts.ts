import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { MailContactsTable } from '../../db/schema-mail';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { containing } from '../../lib/like';
import { isUniqueViolation } from '../workflow/engine/context';
import type { Paging } from '../directory/paging';

/** The user's mail contacts (docs/mail.md). */
export type ContactRow = Selectable<MailContactsTable>;

/** A contact's columns as its form sets them. */
export interface ContactValues {
  name: string;
  address: string;
  /** The user's own account it belongs to, or null. */
  setting_id: string | null;
}

const ownContacts = (db: Db, userId: string) =>
  db.selectFrom('mail_contacts').selectAll().where('user_id', '=', userId);

/**
 * Addresses to suggest for what the user typed: their contacts most written to first, then
 * active users with an address, ten of each at most.
 */
export async function addressSuggestions(db: Db, userId: string, text: string) {
  const pattern = containing(text);
  const contacts = await ownContacts(db, userId)
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
  return { contacts, users };
}

/** One page of the user's contacts by name, filtered on name and address (text anywhere). */
export async function contactPage(
  db: Db,
  userId: string,
  filters: { name: string; address: string },
  paging: Paging,
): Promise<{ rows: ContactRow[]; total: number }> {
  let query = ownContacts(db, userId);
  if (filters.name) query = query.where('name', 'ilike', containing(filters.name));
  if (filters.address) query = query.where('address', 'ilike', containing(filters.address));
  const [rows, total] = await Promise.all([
    query
      .orderBy('name')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** One of the user's own contacts; someone else's answers like one that does not exist. */
export async function ownContact(db: Db, userId: string, id: string): Promise<ContactRow> {
  const row = await ownContacts(db, userId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('server:mail.contactNotFound');
  return row;
}

/** The user's contacts of one of their accounts, by name. */
export function accountContacts(db: Db, userId: string, settingId: string): Promise<ContactRow[]> {
  return ownContacts(db, userId)
    .where('setting_id', '=', settingId)
    .orderBy('name')
    .limit(500)
    .execute();
}

/** Changes the user's contact `id`, or adds one when there is no id. Answers its id. */
export async function saveContact(
  db: Db,
  userId: string,
  id: string | undefined,
  values: ContactValues,
): Promise<string> {
  // One contact per address and user: the unique index decides, so two saves at once
  // store one and the other hears that it exists (409), never a 500.
  try {
    if (id) {
      const result = await db
        .updateTable('mail_contacts')
        .set(values)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('server:mail.contactNotFound');
      return id;
    }
    const added = newId();
    await db
      .insertInto('mail_contacts')
      .values({ id: added, user_id: userId, ...values })
      .execute();
    return added;
  } catch (error) {
    if (isUniqueViolation(error, 'mail_contacts_address')) {
      throw conflict('server:mail.contactTaken');
    }
    throw error;
  }
}

/** Removes those of the ids that are the user's own contacts: 404 when none is. */
export async function removeContacts(db: Db, userId: string, ids: string[]): Promise<void> {
  const result = await db
    .deleteFrom('mail_contacts')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('server:mail.contactNotFound');
}
