import { complete, endProcess, extendDueTime, type OpinionFile } from '../../core/api/workflow';
import { useT } from '../../ui/i18n';
import { ConfirmDialog } from '../../ui/workflow/ConfirmDialog';
import { peopleAction } from './actions';
import { DelayDialog } from './DelayDialog';
import { PeopleDialog, type PeopleAlias } from './PeopleDialog';
import { ReturnDialog } from './ReturnDialog';

export type TaskDialog =
  | { kind: 'people'; alias: PeopleAlias }
  | { kind: 'return' | 'delay' | 'end' }
  /** A 'no' or a return, asked once more: its button's name and the call it makes. */
  | {
      kind: 'confirm';
      alias: string;
      name: string;
      call: () => Promise<string>;
      /** What the action will do, said before the question (反对: ends, or goes back). */
      outcome?: string;
    }
  | null;

/**
 * The dialogs of the task page. Each opening gets a fresh dialog (`count`), so it starts
 * from the opinion written on the page.
 */
export function TaskDialogs({
  dialog,
  count,
  taskId,
  opinion,
  files,
  onClose,
  run,
}: {
  dialog: TaskDialog;
  count: number;
  taskId: string;
  opinion: string;
  files: OpinionFile[];
  onClose: () => void;
  /** Runs an action with its success message; rejects (and keeps the dialog) on failure. */
  run: (alias: string, call: () => Promise<string>) => Promise<void>;
}) {
  const t = useT();
  const alias = dialog?.kind === 'people' ? dialog.alias : null;
  return (
    <>
      <PeopleDialog
        key={`people-${count}`}
        alias={alias}
        initialOpinion={opinion}
        onClose={onClose}
        onSubmit={(answer) =>
          alias ? run(alias, () => peopleAction(alias, taskId, answer, files)) : Promise.resolve()
        }
      />
      <ReturnDialog
        key={`return-${count}`}
        taskId={taskId}
        open={dialog?.kind === 'return'}
        initialOpinion={opinion}
        onClose={onClose}
        onSubmit={(answer) =>
          run('rejectToAnyNode', () =>
            complete({ taskId, actionName: 'rejectToAnyNode', files, ...answer }),
          )
        }
      />
      <DelayDialog
        key={`delay-${count}`}
        taskId={taskId}
        open={dialog?.kind === 'delay'}
        onClose={onClose}
        onSubmit={(hours, remark) => run('taskDelay', () => extendDueTime(taskId, hours, remark))}
      />
      <ConfirmDialog
        open={dialog?.kind === 'confirm'}
        name={`confirm-${dialog?.kind === 'confirm' ? dialog.alias : ''}`}
        title={dialog?.kind === 'confirm' ? dialog.name : ''}
        message={[
          dialog?.kind === 'confirm' ? (dialog.outcome ?? '') : '',
          t('workflow:actions.askFirst', {
            action: dialog?.kind === 'confirm' ? dialog.name : '',
          }),
        ]
          .filter(Boolean)
          .join(' ')}
        onClose={onClose}
        onConfirm={() =>
          dialog?.kind === 'confirm' ? run(dialog.alias, dialog.call) : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'end'}
        name="endProcess"
        title={t('workflow:actions.title.endProcess')}
        message={t('workflow:actions.endConfirm')}
        reasonLabel={t('workflow:actions.reason')}
        onClose={onClose}
        onConfirm={(reason) =>
          run('endProcess', () => endProcess(taskId, reason || opinion.trim()))
        }
      />
    </>
  );
}
