import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { LoadedDefinition } from '../definitions';
import { needed } from '../engine/votes';
import type { Language } from '../../../../src/core/languages';
import { nodeLabel } from './names';
import type { PendingPerson, PendingStep } from '../../../../src/core/workflow/pending';

export type { PendingPerson, PendingStep };

/**
 * Who acts next (docs/workflow.md, "Who acts next"): for each step the flow waits on, the
 * people who must act now, with who already voted on a countersign and whom the holder asked
 * (add-signs, inquiries, communications, transfers, custom signs). The instance page, the
 * task page, the history's pending entry and the chart read it; lists read the names only.
 */
interface Row {
  id: string;
  node_id: string;
  node_name: string;
  node_type: string;
  kind: string;
  state: string;
  action: string | null;
  parent_id: string | null;
  person_id: string;
  person_name: string;
  owner_name: string | null;
}

/** Live tasks, the votes already cast in live countersign rounds, and shared candidates. */
function rowsOf(db: Db, instId: string) {
  return sql<Row>`
    select t.id, t.node_id, t.node_name, t.node_type, t.kind, t.state, t.action, t.parent_id,
      p.id as person_id, p.fullname as person_name, o.fullname as owner_name
    from wf_tasks t
    left join wf_task_actors a on t.assignee_id is null and a.task_id = t.id
    join users p on p.id = coalesce(t.assignee_id, a.user_id)
    left join users o on o.id = t.owner_id
    where t.inst_id = ${instId}
      and (t.state in ('open', 'pending', 'waiting')
        or (t.kind = 'sign' and t.state = 'done'
          and exists (select 1 from wf_tokens k where k.id = t.token_id)))
    order by t.created_at, t.seq, t.id, p.fullname`.execute(db);
}

const personOf = (row: Row): PendingPerson => ({
  id: row.person_id,
  name: row.person_name,
  forName: row.owner_name,
  state:
    row.state === 'done'
      ? 'voted'
      : row.state === 'pending'
        ? 'later'
        : row.state === 'waiting'
          ? 'waiting'
          : 'todo',
  vote: row.state === 'done' ? row.action : null,
});

function kindOf(row: Row): PendingStep['kind'] {
  if (row.node_type === 'START') return 'start';
  if (row.kind === 'sign') return 'countersign';
  return 'task';
}

export async function pendingSteps(
  db: Db,
  def: LoadedDefinition,
  instId: string,
  language: Language | undefined,
): Promise<PendingStep[]> {
  const rows = (await rowsOf(db, instId)).rows;
  const steps = new Map<string, PendingStep>();
  const nodeOfTask = new Map<string, string>();
  for (const row of rows.filter((candidate) => !candidate.parent_id)) {
    nodeOfTask.set(row.id, row.node_id);
    let step = steps.get(row.node_id);
    if (!step) {
      step = {
        nodeId: row.node_id,
        nodeName: nodeLabel(language, def.row, row.node_id, row.node_name),
        kind: kindOf(row),
        people: [],
        asked: [],
      };
      steps.set(row.node_id, step);
    }
    if (!step.people.some((person) => person.id === row.person_id)) step.people.push(personOf(row));
    if (step.kind === 'task' && step.people.length > 1) step.kind = 'shared';
  }
  for (const row of rows.filter((candidate) => candidate.parent_id)) {
    const step = steps.get(nodeOfTask.get(row.parent_id!) ?? row.node_id);
    step?.asked.push({ ...personOf(row), kind: row.kind });
  }
  for (const step of steps.values()) {
    const sign = def.graph.nodes.get(step.nodeId)?.task?.sign;
    if (step.kind !== 'countersign' || !sign) continue;
    const agree = step.people.filter((person) => person.vote === 'agree').length;
    const refuse = step.people.filter((person) => person.vote === 'oppose').length;
    const total = step.people.length;
    const pending = step.people.filter((person) => person.state !== 'voted').length;
    step.tally = { agree, refuse, pending, total, needed: needed(sign, total) };
  }
  return [...steps.values()];
}
