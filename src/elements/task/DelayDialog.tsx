import { useEffect, useState } from 'react';
import { dueTime, dueTimeAfter } from '../../core/api/workflow';
import { FormDialog, useBusy } from '../../ui/FormDialog';
import { TextAreaField, TextField } from '../../ui/Field';
import { useT } from '../../ui/i18n';
import { LoadFailed, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

/** Whole hours from 1 to 720 (the server's limit for one extension). */
export function validHours(text: string): number | undefined {
  const hours = Number(text);
  return /^\d+$/.test(text.trim()) && hours >= 1 && hours <= 720 ? hours : undefined;
}

/** Extends a task's due time: the current one, the one after the extension, a remark. */
export function DelayDialog({
  taskId,
  open,
  onClose,
  onSubmit,
}: {
  taskId: string;
  open: boolean;
  onClose: () => void;
  onSubmit: (hours: number, remark: string) => Promise<void>;
}) {
  const t = useT();
  const due = useAsync(() => (open ? dueTime(taskId) : Promise.resolve(undefined)), [taskId, open]);
  const [hours, setHours] = useState('24');
  const [remark, setRemark] = useState('');
  const [after, setAfter] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  const dueId = due.data?.id;

  useEffect(() => {
    const valid = validHours(hours);
    if (!dueId || valid === undefined) {
      setAfter('');
      return;
    }
    let current = true;
    dueTimeAfter(dueId, valid).then(
      (value) => current && setAfter(value),
      () => current && setAfter(''),
    );
    return () => {
      current = false;
    };
  }, [dueId, hours]);

  const submit = async () => {
    const valid = validHours(hours);
    if (valid === undefined) return setError(t('workflow:errors.hoursInvalid'));
    await run(() => onSubmit(valid, remark.trim()));
  };

  return (
    <FormDialog
      name="taskDelay"
      title={t('workflow:actions.title.taskDelay')}
      open={open}
      width="460px"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
      submitName="submit-delay"
      submitLabel={t('workflow:actions.confirm')}
      onClose={onClose}
    >
      {due.loading ? (
        <Loading />
      ) : due.error ? (
        <LoadFailed error={due.error} onRetry={due.reload} />
      ) : (
        <p data-due={due.data?.expirationDate ?? ''}>
          {due.data?.expirationDate
            ? t('workflow:actions.currentDue', { time: due.data.expirationDate })
            : t('workflow:actions.noDue')}
        </p>
      )}
      <TextField
        label={t('workflow:actions.addHours')}
        name="addDueTime"
        inputMode="numeric"
        value={hours}
        onChange={(event) => {
          setError('');
          setHours(event.target.value);
        }}
        hint={after ? t('workflow:actions.newDue', { time: after }) : undefined}
      />
      <TextAreaField
        label={t('workflow:actions.remark')}
        name="remark"
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
      />
    </FormDialog>
  );
}
