import { sql, type Kysely } from 'kysely';

/**
 * The demo seeded one review meeting per open step, so a request waiting on parallel steps
 * had two or three meetings of the same subject. A request has one: the earliest (by id) of
 * its meetings stays, with everyone who attended any of them (attendees of the others go
 * with them: on delete cascade).
 */
const merge = sql`
  select m.id, first_value(m.id) over (partition by t.inst_id order by m.id) as keep
  from meetings m join wf_tasks t on t.id = m.task_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with merge as (${merge})
    insert into meeting_attendees (meeting_id, user_id)
    select distinct g.keep, a.user_id
    from merge g join meeting_attendees a on a.meeting_id = g.id
    where g.id <> g.keep
    on conflict do nothing
  `.execute(db);
  await sql`
    with merge as (${merge})
    delete from meetings where id in (select id from merge where id <> keep)
  `.execute(db);
}
