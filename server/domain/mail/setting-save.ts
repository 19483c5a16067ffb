import type { Insertable } from 'kysely';
import type { MailSettings } from '../../config';
import type { Db } from '../../db/database';
import type { MailSettingRow, MailSettingsTable } from '../../db/schema-mail';
import { inTurn } from '../../lib/advisory-lock';
import { conflict } from '../../lib/errors';
import { isUniqueViolation } from '../workflow/engine/context';
import {
  countConnection,
  destinationOfRow,
  settingsTurn,
  sameDestination,
  type MailDestination,
} from './accounts';

/** An account's columns as its form sets them. */
export type SettingValues = Omit<Insertable<MailSettingsTable>, 'id' | 'user_id' | 'is_default'>;

/** One account to add or change, checked already. */
export interface SettingChange {
  id: string;
  /** The account as it is stored, or null when it is new. */
  saved: MailSettingRow | null;
  destination: MailDestination;
  values: SettingValues;
  /** Asked to become the default account. */
  wantsDefault: boolean;
}

/** 409 when another of the user's accounts has this address (in the user's turn). */
async function refuseTakenAddress(db: Db, userId: string, address: string, id: string) {
  const clash = await db
    .selectFrom('mail_settings')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
    .where('id', '!=', id)
    .executeTakeFirst();
  if (clash) throw conflict('server:mail.addressTaken');
}

/** Adds or changes an account; the first account, or one asked to be, is the default. */
async function writeSetting(
  db: Db,
  userId: string,
  id: string,
  exists: boolean,
  values: SettingValues,
  wantsDefault: boolean,
) {
  const others = await db
    .selectFrom('mail_settings')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .where('id', '!=', id)
    .executeTakeFirst();
  const makeDefault = wantsDefault || !others;
  if (makeDefault && others) {
    await db
      .updateTable('mail_settings')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .execute();
  }
  if (exists) {
    await db
      .updateTable('mail_settings')
      .set({ ...values, ...(makeDefault ? { is_default: true } : {}) })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  } else {
    await db
      .insertInto('mail_settings')
      .values({ id, user_id: userId, ...values, is_default: makeDefault })
      .execute();
  }
}

/**
 * Saves one of the user's accounts in its own transaction, under the user's lock: 409 when
 * another of their accounts has the address.
 */
export async function saveOwnSetting(
  db: Db,
  settings: MailSettings,
  userId: string,
  change: SettingChange,
): Promise<void> {
  const { id, saved, destination } = change;
  try {
    await inTurn(db, settingsTurn(userId), async (trx) => {
      await refuseTakenAddress(trx, userId, destination.address, id);
      // A new server is a new place the portal will connect to: it counts (a rename does not).
      if (!saved || !sameDestination(destinationOfRow(saved), destination)) {
        await countConnection(trx, settings, userId);
      }
      await writeSetting(trx, userId, id, Boolean(saved), change.values, change.wantsDefault);
    });
  } catch (error) {
    // The lock makes this rare; the index has the last word all the same.
    if (isUniqueViolation(error, 'mail_settings_address')) {
      throw conflict('server:mail.addressTaken');
    }
    throw error;
  }
}
