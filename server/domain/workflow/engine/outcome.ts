import { newId } from '../../../lib/ids';
import { composed } from '../incidents/record';
import { subjectLabel } from '../queries/names';
import type { Outcome } from '../../../../src/core/workflow/outcome';
import type { Ctx } from './context';

export { outcomeOf } from '../../../../src/core/workflow/outcome';

/**
 * The outcome reaches the requester (docs/workflow.md, "Who acts next"): a workflow message
 * to the applicant, and to whoever started the request for them, when it is approved,
 * refused, ended by someone else, or returned to them, with a link to it (the returned task
 * to resubmit, else the request). The messages widget lists them with their unread mark.
 */
export async function tellOutcome(
  ctx: Ctx,
  outcome: Outcome,
  taskId: string | null = null,
): Promise<void> {
  const inst = ctx.inst;
  const key = outcome === 'ended' && !inst.end_reason ? 'endedQuietly' : outcome;
  const text = composed(
    `server:workflow.outcome.${key}`,
    { subject: inst.subject, reason: inst.end_reason },
    { subject: subjectLabel('en-US', inst), reason: inst.end_reason },
  );
  const people = [...new Set([inst.on_behalf_of_id ?? inst.starter_id, inst.starter_id])];
  await ctx.trx
    .insertInto('wf_messages')
    .values(
      people.map((userId) => ({
        id: newId(),
        user_id: userId,
        inst_id: inst.id,
        task_id: taskId,
        kind: 'result' as const,
        outcome,
        text: text.zh,
        text_en: text.en,
        created_at: ctx.now,
      })),
    )
    .execute();
}
