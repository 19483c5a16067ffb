import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { WfPhrasesTable } from '../../db/schema-workflow';
import { newId } from '../../lib/ids';
import type { Language } from '../../../src/core/languages';
import { flowName } from './queries/names';

/**
 * Approval phrases (常用语): system phrases (no owner, kept by the admin) for everyone and
 * each user's own; either may be tied to one flow (def_key) or apply to all ('').
 */
export type PhraseRow = Selectable<WfPhrasesTable>;

/** What a save writes of a phrase. */
export interface PhraseValues {
  expression: string;
  def_key: string;
  sort: number;
}

/** The phrases a user sees: the system's and their own. */
function visiblePhrases(db: Db, userId: string) {
  return db
    .selectFrom('wf_phrases')
    .selectAll()
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]));
}

/** A user's own phrases first, then the system's; each by its sort number, then age. */
function inPhraseOrder<Row>(query: SelectQueryBuilder<Database, 'wf_phrases', Row>) {
  return query
    .orderBy(sql`owner_id is null`)
    .orderBy('sort')
    .orderBy('created_at');
}

/** The phrases a user may pick in a flow: those for every flow and those for this one. */
export function phrasesForFlow(
  db: Db,
  userId: string,
  defKey: string | undefined,
): Promise<PhraseRow[]> {
  const query = visiblePhrases(db, userId).where('def_key', 'in', defKey ? ['', defKey] : ['']);
  return inPhraseOrder(query).execute();
}

/** Every phrase a user sees, with its flow's name for the reader (null: no such flow). */
export function phrasesWithFlowNames(db: Db, userId: string, language: Language) {
  const query = visiblePhrases(db, userId).select((eb) =>
    eb
      .selectFrom('wf_definitions as d')
      .select(flowName(language, 'd').as('name'))
      .whereRef('d.def_key', '=', 'wf_phrases.def_key')
      .where('d.is_main', '=', true)
      .limit(1)
      .as('def_name'),
  );
  return inPhraseOrder(query).execute();
}

/** One phrase the user sees, or undefined. */
export function visiblePhrase(db: Db, userId: string, id: string): Promise<PhraseRow | undefined> {
  return visiblePhrases(db, userId).where('id', '=', id).executeTakeFirst();
}

/**
 * Changes a phrase of this owner (null: a system phrase). False when the owner has no
 * phrase with that id.
 */
export async function updatePhrase(
  db: Db,
  id: string,
  ownerId: string | null,
  values: PhraseValues,
): Promise<boolean> {
  const update = db.updateTable('wf_phrases').set(values).where('id', '=', id);
  const owned =
    ownerId === null
      ? update.where('owner_id', 'is', null)
      : update.where('owner_id', '=', ownerId);
  const result = await owned.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds a phrase of this owner (null: a system phrase). */
export async function addPhrase(
  db: Db,
  ownerId: string | null,
  values: PhraseValues,
): Promise<void> {
  await db
    .insertInto('wf_phrases')
    .values({ id: newId(), owner_id: ownerId, ...values })
    .execute();
}

/**
 * Deletes the phrases among `ids` the user may delete: their own, and the system's too for
 * the admin. Answers how many went.
 */
export async function removePhrases(
  db: Db,
  ids: string[],
  remover: { id: string; isAdmin: boolean },
): Promise<number> {
  const result = await db
    .deleteFrom('wf_phrases')
    .where('id', 'in', ids)
    .where((eb) =>
      remover.isAdmin
        ? eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', remover.id)])
        : eb('owner_id', '=', remover.id),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
