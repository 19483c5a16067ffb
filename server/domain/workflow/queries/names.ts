import { sql, type RawBuilder } from 'kysely';
import type { Language } from '../../../../src/core/languages';

/**
 * Flow and node names in the reader's language (docs/workflow.md, "Names in the reader's
 * language"). A definition version may carry an English name (`name_en`) and English names of
 * its nodes and sequence flows (`names_en`, by element id); an English reader gets those, and
 * the stored Chinese where there is none. Everyone else gets the stored names unchanged, with
 * no extra lookup.
 */
export const isEnglish = (language: Language | undefined): boolean => language === 'en-US';

/** The name of definition alias `d` (a row in the FROM clause) for the reader. */
export function flowName(language: Language | undefined, d = 'd'): RawBuilder<string> {
  const name = sql<string>`${sql.ref(`${d}.name`)}`;
  return isEnglish(language)
    ? sql<string>`coalesce(nullif(${sql.ref(`${d}.name_en`)}, ''), ${name})`
    : name;
}

/** The description of the flow as `d` for the reader: its English one in English, if any. */
export function flowDescription(language: Language | undefined, d = 'd'): RawBuilder<string> {
  const chinese = sql<string>`${sql.ref(`${d}.description`)}`;
  return isEnglish(language)
    ? sql<string>`coalesce(nullif(${sql.ref(`${d}.description_en`)}, ''), ${chinese})`
    : chinese;
}

/** The name of the definition with id `defId`, for the reader (a scalar lookup). */
export function flowNameOf(language: Language | undefined, defId: string): RawBuilder<string> {
  return sql`(select ${flowName(language, 'fd')} from wf_definitions fd where fd.id = ${sql.ref(defId)})`;
}

/**
 * A node name stored at the time (`stored`, on a task, record or notice) for the reader: in
 * English, the name its definition version gives node `nodeId`, when it gives one.
 */
export function nodeName(
  language: Language | undefined,
  refs: { defId: string; nodeId: string; stored: string },
): RawBuilder<string> {
  const stored = sql.ref(refs.stored);
  if (!isEnglish(language)) return sql`${stored}`;
  return sql`coalesce((select nullif(nd.names_en ->> ${sql.ref(refs.nodeId)}, '')
    from wf_definitions nd where nd.id = ${sql.ref(refs.defId)}), ${stored})`;
}

/** The same in JavaScript, for answers built from a loaded definition row. */
export function nodeLabel(
  language: Language | undefined,
  def: { names_en: Record<string, string> },
  nodeId: string,
  stored: string,
): string {
  return (isEnglish(language) && def.names_en[nodeId]) || stored;
}

/** A definition row's name for the reader. */
export function flowLabel(
  language: Language | undefined,
  def: { name: string; name_en: string },
): string {
  return (isEnglish(language) && def.name_en) || def.name;
}

/** The name of alias `o` (wf_orgs, or any table with name and name_en) for the reader. */
export function orgName(language: Language | undefined, o = 'o'): RawBuilder<string> {
  const name = sql<string>`${sql.ref(`${o}.name`)}`;
  return isEnglish(language)
    ? sql<string>`coalesce(nullif(${sql.ref(`${o}.name_en`)}, ''), ${name})`
    : name;
}

/** The name of flow category alias `c` (wf_categories) for the reader. */
export function categoryName(language: Language | undefined, c = 'c'): RawBuilder<string> {
  return orgName(language, c);
}

/** The name of post alias `p` (posts) for the reader (migration 0027). */
export function postName(language: Language | undefined, p = 'p'): RawBuilder<string> {
  return orgName(language, p);
}

/** The subject of instance alias `i` for the reader (its English one, where it has one). */
export function subjectText(language: Language | undefined, i = 'i'): RawBuilder<string> {
  const subject = sql<string>`${sql.ref(`${i}.subject`)}`;
  return isEnglish(language)
    ? sql<string>`coalesce(nullif(${sql.ref(`${i}.subject_en`)}, ''), ${subject})`
    : subject;
}

/** The same in JavaScript, for answers built from a loaded instance row. */
export function subjectLabel(
  language: Language | undefined,
  instance: { subject: string; subject_en: string },
): string {
  return (isEnglish(language) && instance.subject_en) || instance.subject;
}
