import { useState, type ReactNode } from 'react';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
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
  reasonRequired = false,
  name,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  reasonLabel?: string;
  reasonRequired?: boolean;
  name: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError('');
    onClose();
  };
  const confirm = async () => {
    if (reasonRequired && !reason.trim()) {
      setError(t('workflow:errors.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
      setError('');
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={title}
      open={open}
      onClose={close}
      width="460px"
      footer={
        <>
          <Button onClick={close}>{t('workflow:actions.cancel')}</Button>
          <Button
            variant="primary"
            busy={busy}
            onClick={() => void confirm()}
            data-action="confirm"
          >
            {t('workflow:actions.confirm')}
          </Button>
        </>
      }
    >
      <div data-dialog={name}>
        {error && <Alert>{error}</Alert>}
        <p css={{ marginTop: 0 }}>{message}</p>
        {reasonLabel && (
          <TextAreaField
            label={reasonLabel}
            required={reasonRequired}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </div>
    </Dialog>
  );
}
