import { useEffect, useState } from 'react';
import { dueTime, dueTimeAfter } from '../../core/api/workflow';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
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
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    try {
      await onSubmit(valid, remark.trim());
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('workflow:actions.title.taskDelay')}
      open={open}
      onClose={onClose}
      width="460px"
      footer={
        <>
          <Button onClick={onClose}>{t('workflow:actions.cancel')}</Button>
          <Button
            variant="primary"
            busy={busy}
            onClick={() => void submit()}
            data-action="submit-delay"
          >
            {t('workflow:actions.confirm')}
          </Button>
        </>
      }
    >
      <div data-dialog="taskDelay">
        {error && <Alert>{error}</Alert>}
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
      </div>
    </Dialog>
  );
}
