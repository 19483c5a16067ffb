/**
 * A process the concurrency test starts and SIGKILLs: it runs workflow actions in a loop
 * against a PostgreSQL database (argv[2]) from several workers at once, printing "done"
 * after each action. Nothing here cleans up: the point is to be killed mid-action.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { staffId } from '../../server/db/seed/workflow/people';
import { translate } from '../../server/i18n';
import type { Caller } from '../../server/domain/workflow/access';
import { completeTask } from '../../server/domain/workflow/actions/complete';
import { startInstance } from '../../server/domain/workflow/actions/start';

const url = process.argv[2];
if (!url) throw new Error('usage: workflow-kill-worker <database url>');
const database = await openDatabase({ url });
const db = database.db;

const caller = (account: string): Caller => ({
  id: staffId(account),
  fullname: account,
  isAdmin: false,
  leaderId: null,
  translate: (key, params) => translate('zh-CN', key, params),
});

const data = (n: number) => ({
  title: `报销${n}`,
  category: n % 3 === 0 ? 'entertain' : 'travel',
  amount: n % 2 === 0 ? 6000 : 300,
  occurredOn: '2026-11-01',
});

/** Starts an expense claim and drives it to the end, one action at a time. */
async function oneClaim(n: number) {
  const instId = await startInstance(
    db,
    caller('emp01'),
    { flowKey: 'expense', data: data(n) },
    'Asia/Shanghai',
  );
  console.log('done');
  for (let step = 0; step < 20; step++) {
    const open = await sql<{ id: string; account: string }>`
      select t.id, u.account from wf_tasks t
      join users u on u.id = coalesce(t.assignee_id, (select min(a.user_id) from wf_task_actors a where a.task_id = t.id))
      where t.inst_id = ${instId} and t.state = 'open' order by t.created_at limit 1`.execute(db);
    const next = open.rows[0];
    if (!next) return;
    await completeTask(db, caller(next.account), {
      taskId: next.id,
      actionName: step === 2 && n % 4 === 0 ? 'reject' : 'agree',
    });
    console.log('done');
  }
}

async function worker(offset: number) {
  for (let n = offset; ; n += 4) await oneClaim(n);
}

await Promise.all([0, 1, 2, 3].map(worker));
