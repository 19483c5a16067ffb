import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database';
import { badRequest } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import { assertCanView, viewableBy, type Caller } from '../access';
import type { Language } from '../../../../src/core/languages';
import { nodeName } from './names';
import { instanceColumns, instanceFilters, instanceFrom } from './lists';
import { byOutput } from './filter';
import { outputColumns, withTimes, type ListSpec } from './run';

/**
 * Instances seen from a business record or from another instance: the instances started for
 * the same record (wf_instances.business_key), the related processes an applicant linked
 * (wf_related_instances), and what a caller may link. Every answer is limited to instances
 * the caller may read; ids come from the session, never from the request.
 */

const filters = { ...instanceFilters, ...outputColumns({ creator: ['text', true] }) };

export const instanceTimes = ['createTime', 'endTime', 'updateTime'];

/** The admin reads everything; anyone else what viewableBy allows, for instance column `column`. */
function scopeOf(caller: Caller, column: string): RawBuilder<boolean> {
  return caller.isAdmin ? sql<boolean>`true` : viewableBy(sql.raw(column), caller.id);
}

/**
 * getByRecordInstId: the instances of the business record instId was started for, itself
 * included (an instance without a business key is a record of its own), newest first.
 */
export function recordList(caller: Caller, instId: string): ListSpec {
  return {
    source: sql`
      select ${instanceColumns(caller.language)} ${instanceFrom}
      where (i.id = ${instId} or (i.business_key <> '' and i.business_key = (
          select b.business_key from wf_instances b where b.id = ${instId})))
        and ${scopeOf(caller, 'i.id')}`,
    columns: filters,
    order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
  };
}

/**
 * relatedProcess: instances the user may link to theirs as related processes: those they
 * started (or a secretary started for them), acted on, or were copied on. Withdrawn
 * (revoked) instances are left out: they live on as drafts.
 */
export function linkableList(userId: string, language?: Language): ListSpec {
  return {
    source: sql`
      select ${instanceColumns(language)} ${instanceFrom}
      join (
        select s.id from wf_instances s where s.starter_id = ${userId} or s.on_behalf_of_id = ${userId}
        union select r.inst_id from wf_records r
          where (r.user_id = ${userId} or r.on_behalf_of_id = ${userId}) and r.task_id is not null
        union select n.inst_id from wf_notices n
          where n.receiver_id = ${userId} and n.kind = 'COPYTO' and not n.deleted
      ) mine on mine.id = i.id
      where i.status <> 'revoke'`,
    columns: filters,
    order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
  };
}

/** The ids a start may link: each must be in linkableList of the applicant, else a 400. */
export async function checkLinkable(db: Db, userId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.length > 20) throw badRequest('server:workflow.tooManyRelated', { max: 20 });
  const found = await sql<{ id: string }>`
    select x.id from (${linkableList(userId).source}) x
    where x.id in (${sql.join(unique)})`.execute(db);
  const missing = unique.find((id) => !found.rows.some((row) => row.id === id));
  if (missing) throw badRequest('server:workflow.relatedUnknown', { id: missing });
  return unique;
}

interface FileRef {
  id: string;
  name: string;
  size: number;
}

function filesOf(text: string): FileRef[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? (list as FileRef[]) : [];
  } catch {
    // Stored by checkFiles as JSON; a row that is not is shown without files, not as an error.
    return [];
  }
}

/**
 * getRelatedInformationById: for an instance the caller may read, the other instances of its
 * business record (relation "record"), the instances linked to it either way ("linked"), each
 * only when the caller may read it, and the files attached to its actions.
 */
export async function relatedInfo(db: Db, caller: Caller, instId: string, timeZone: string) {
  await assertCanView(db, instId, caller.id, caller.isAdmin);
  // Candidates first (by index), then the read check on those few rows only.
  const instances = await sql<Record<string, unknown>>`
    with candidates as (
      select l.related_id as id from wf_related_instances l where l.inst_id = ${instId}
      union select l.inst_id from wf_related_instances l where l.related_id = ${instId}
      union select b.id from wf_instances b join wf_instances me on me.id = ${instId}
        where me.business_key <> '' and b.business_key = me.business_key
    )
    select ${instanceColumns(caller.language)},
      case when exists (select 1 from wf_related_instances l
          where (l.inst_id = ${instId} and l.related_id = i.id)
            or (l.related_id = ${instId} and l.inst_id = i.id))
        then 'linked' else 'record' end as relation
    from candidates c
    join wf_instances i on i.id = c.id
    join wf_definitions d on d.id = i.def_id
    join users cu on cu.id = coalesce(i.on_behalf_of_id, i.starter_id)
    where i.id <> ${instId} and ${scopeOf(caller, 'i.id')}
    order by i.created_at desc, i.id desc`.execute(db);
  const records = await db
    .selectFrom('wf_records as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('wf_instances as i', 'i.id', 'r.inst_id')
    .select(['r.id', 'r.node_id', 'r.files', 'r.zfiles', 'r.created_at'])
    .select(
      nodeName(caller.language, {
        defId: 'i.def_id',
        nodeId: 'r.node_id',
        stored: 'r.node_name',
      }).as('node_name'),
    )
    .select('u.fullname')
    .where('r.inst_id', '=', instId)
    .where((eb) => eb.or([eb('r.files', '<>', ''), eb('r.zfiles', '<>', '')]))
    .orderBy('r.id')
    .execute();
  const files = records.flatMap((record) =>
    (['files', 'zfiles'] as const).flatMap((kind) =>
      filesOf(record[kind]).map((file) => ({
        id: file.id,
        name: file.name,
        size: file.size,
        kind,
        recordId: String(record.id),
        taskKey: record.node_id,
        taskName: record.node_name,
        uploaderName: record.fullname ?? '',
        createTime: formatDateTime(record.created_at, timeZone),
      })),
    ),
  );
  return {
    instances: instances.rows.map((row) => withTimes(row, instanceTimes, timeZone)),
    files,
  };
}
