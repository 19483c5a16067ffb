import { validateSignup, type SignupForm } from '../../src/core/rules/signup';
import type { Db } from '../db/database';
import { badRequest } from '../lib/errors';

/**
 * Saves a supplier sign-up after the same checks the form makes; the store must be one of
 * ours. Answers the new row's id (positive: the spec's success signal).
 */
export async function saveSignup(db: Db, form: SignupForm): Promise<number> {
  const failures = validateSignup(form);
  const first = Object.values(failures).find(Boolean);
  if (first) throw badRequest(first.key, first.params);
  const store = await db
    .selectFrom('stores')
    .select('id')
    .where((eb) => eb.or([eb('code', '=', String(form.fdmc)), eb('id', '=', String(form.fdmc))]))
    .executeTakeFirst();
  if (!store) throw badRequest('server:storeUnknown');
  const row = await db
    .insertInto('signups')
    .values({
      store_id: store.id,
      name: String(form.xm).trim(),
      contact: String(form.lxfs).trim(),
      area: Number(form.xqmj),
      location: String(form.xqwz ?? '').trim(),
      category: String(form.pppl ?? '').trim(),
      position: String(form.zw ?? '').trim(),
      remarks: String(form.bz ?? '').trim(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
