import type { Db } from '../../../db/database';
import type { Language } from '../../../../src/core/languages';
import { nodeName } from './names';

/**
 * One notice (a carbon copy or a follow notice) with its instance's subject, its sender's
 * name and its node's name for the reader; undefined when none. Who may read it is the
 * caller's check.
 */
export function noticeForReader(db: Db, noticeId: string, language: Language) {
  return db
    .selectFrom('wf_notices as n')
    .innerJoin('wf_instances as i', 'i.id', 'n.inst_id')
    .leftJoin('users as s', 's.id', 'n.sender_id')
    .select([
      'n.id',
      'n.inst_id',
      'n.task_id',
      'n.node_id',
      'n.node_name',
      'n.kind',
      'n.opinion',
      'n.reply',
      'n.created_at',
      'n.read_at',
      'n.receiver_id',
      'n.sender_id',
      's.fullname as sender_name',
      'i.subject',
      'i.subject_en',
    ])
    .select(
      nodeName(language, {
        defId: 'i.def_id',
        nodeId: 'n.node_id',
        stored: 'n.node_name',
      }).as('reader_node_name'),
    )
    .where('n.id', '=', noticeId)
    .executeTakeFirst();
}
