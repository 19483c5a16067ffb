import type { Db } from '../../../db/database';

/** An instance's urgings with the urger's name, newest first. */
export function urgesOf(db: Db, instId: string) {
  return db
    .selectFrom('wf_urges as g')
    .innerJoin('users as u', 'u.id', 'g.urger_id')
    .select([
      'g.id',
      'g.inst_id',
      'g.node_id',
      'g.urger_id',
      'u.fullname',
      'g.appointee_ids',
      'g.urgent_state',
      'g.opinion',
      'g.created_at',
    ])
    .where('g.inst_id', '=', instId)
    .orderBy('g.created_at', 'desc')
    .execute();
}
