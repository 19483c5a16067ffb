import { useState, type ReactNode } from 'react';
import { FormDialog, useBusy } from '../FormDialog';
import { TextAreaField } from '../Field';
import { useT } from '../i18n';

/**
 * A question before an action that cannot be undone (delete, withdraw, end), optionally
 * with a reason. The action's failure is shown by the request layer; the dialog stays.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  reasonLabel,
  reasonRequired,
  name,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  reasonLabel?: string;
  /** The message when no reason is given; without it the reason is optional. */
  reasonRequired?: string;
  name: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  const close = () => {
    setReason('');
    setError('');
    onClose();
  };
  const confirm = async () => {
    if (reasonRequired && !reason.trim()) {
      setError(reasonRequired);
      return;
    }
    await run(async () => {
      await onConfirm(reason.trim());
      setReason('');
      setError('');
    });
  };
  return (
    <FormDialog
      name={name}
      title={title}
      open={open}
      width="460px"
      busy={busy}
      error={error}
      onSubmit={() => void confirm()}
      submitName="confirm"
      submitLabel={t('common:actions.ok')}
      onClose={close}
    >
      <p css={{ marginTop: 0 }}>{message}</p>
      {reasonLabel && (
        <TextAreaField
          label={reasonLabel}
          required={Boolean(reasonRequired)}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
    </FormDialog>
  );
}
