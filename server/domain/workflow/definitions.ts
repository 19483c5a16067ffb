import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DefinitionRow } from '../../db/schema-workflow';
import { badRequest, notFound } from '../../lib/errors';
import { inTurn } from '../../lib/advisory-lock';
import { newId } from '../../lib/ids';
import { resolveFlowForm } from './bound-form';
import type { FormDefinition } from './model/form';
import { ShapeError, checkConcurrency } from './model/concurrency';
import type { ProcessGraph } from './model/graph';
import { DefinitionError, parseDefinition } from './model/parse';

export interface LoadedDefinition {
  row: DefinitionRow;
  graph: ProcessGraph;
  form: FormDefinition;
}

/**
 * Definitions by id, parsed. A definition version never changes once deployed (a change is
 * a new version with a new id; only is_main and status move, and those are read fresh where
 * they matter), so this cache can never be stale and holds nothing that matters: any process
 * rebuilds it from the table. It saves every action a read of the XML.
 */
const cache = new Map<string, Promise<LoadedDefinition>>();
const maxCached = 500;

async function readDefinition(db: Kysely<Database>, id: string): Promise<LoadedDefinition> {
  const row = await db
    .selectFrom('wf_definitions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('server:workflow.defNotFound');
  const form = row.form as FormDefinition;
  return { row, graph: await parseDefinition(row.bpmn_xml, form), form };
}

export function loadDefinition(db: Kysely<Database>, id: string): Promise<LoadedDefinition> {
  let loaded = cache.get(id);
  if (!loaded) {
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
    loaded = readDefinition(db, id);
    loaded.catch(() => cache.delete(id));
    cache.set(id, loaded);
  }
  return loaded;
}

/** The version that starts new instances: by key, or by any version's id. */
export async function mainDefinition(
  db: Kysely<Database>,
  ref: { defId?: string; defKey?: string },
): Promise<LoadedDefinition> {
  let key = ref.defKey;
  if (!key && ref.defId) {
    const row = await db
      .selectFrom('wf_definitions')
      .select('def_key')
      .where('id', '=', ref.defId)
      .executeTakeFirst();
    key = row?.def_key;
  }
  if (!key) throw notFound('server:workflow.defNotFound');
  const main = await db
    .selectFrom('wf_definitions')
    .select(['id', 'status'])
    .where('def_key', '=', key)
    .where('is_main', '=', true)
    .executeTakeFirst();
  if (!main) throw notFound('server:workflow.defNotFound');
  const loaded = await loadDefinition(db, main.id);
  return { ...loaded, row: { ...loaded.row, is_main: true, status: main.status } };
}

export interface DeployInput {
  defKey: string;
  name: string;
  /** The English name; without it, the process's atrium:nameEn (none: ''). */
  nameEn?: string;
  categoryId: string;
  bpmnXml: string;
  form: unknown;
  icon?: string;
  description?: string;
  /** The description for readers of English ('' when none). */
  descriptionEn?: string;
  createdBy: string | null;
  id?: string;
}

/**
 * The English names of a graph's nodes and sequence flows by element id, those that have one.
 * Kept in a column so that lists can pick a node's name by SQL without parsing the XML.
 */
function englishNames(graph: ProcessGraph): Record<string, string> {
  const named = [...graph.nodes.values(), ...graph.flows.values()].filter((item) => item.nameEn);
  return Object.fromEntries(named.map((item) => [item.id, item.nameEn]));
}

/**
 * Checks and stores a new version of a flow; it becomes the main version. Returns the id.
 * A definition that does not parse or check is refused with the reason.
 */
export async function deployDefinition(db: Kysely<Database>, input: DeployInput): Promise<string> {
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(input.defKey)) {
    throw badRequest('server:workflow.defKeyInvalid');
  }
  const form = await resolveFlowForm(db, input.form);
  let graph: ProcessGraph;
  try {
    graph = await parseDefinition(input.bpmnXml, form);
    // Shapes are checked at deploy only: a version deployed before a check was added keeps
    // loading for its running instances.
    checkConcurrency(graph);
  } catch (error) {
    if (error instanceof DefinitionError || error instanceof ShapeError) {
      throw badRequest('server:workflow.bpmnInvalid', { detail: error.message });
    }
    throw error;
  }
  const category = await db
    .selectFrom('wf_categories')
    .select('id')
    .where('id', '=', input.categoryId)
    .executeTakeFirst();
  if (!category) throw badRequest('server:workflow.categoryNotFound');
  const id = input.id ?? newId();
  // Deployments of one key take turns so two cannot take the same version number: a lock on
  // the key, which also holds for a key's first version (no row yet to lock).
  await inTurn(db, `wf_definitions:${input.defKey}`, async (trx) => {
    const last = await trx
      .selectFrom('wf_definitions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('def_key', '=', input.defKey)
      .executeTakeFirst();
    await trx
      .updateTable('wf_definitions')
      .set({ is_main: false })
      .where('def_key', '=', input.defKey)
      .execute();
    await trx
      .insertInto('wf_definitions')
      .values({
        id,
        def_key: input.defKey,
        name: input.name,
        name_en: input.nameEn?.trim() || graph.nameEn,
        names_en: JSON.stringify(englishNames(graph)),
        version: Number(last?.version ?? 0) + 1,
        is_main: true,
        category_id: input.categoryId,
        icon: input.icon ?? '',
        description: input.description ?? '',
        description_en: input.descriptionEn ?? '',
        bpmn_xml: input.bpmnXml,
        form: JSON.stringify(form),
        created_by: input.createdBy,
      })
      .execute();
  });
  return id;
}
