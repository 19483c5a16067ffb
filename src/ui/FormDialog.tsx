import { useState, type ReactNode } from 'react';
import { ApiError } from '../core/http';
import { notify } from '../core/notices';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { useT } from './i18n';

/**
 * The save of an edit dialog: busy while the request runs; on success the server's message
 * as a notice, then `onSaved`; on failure the server's message (or `failedText`) stays in the
 * dialog, which stays open. `setError` also shows a check that failed before any request.
 */
export function useSave(onSaved: () => void, failedText?: string) {
  const t = useT();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (request: () => Promise<string>) => {
    setError('');
    setBusy(true);
    try {
      notify('success', await request());
      onSaved();
    } catch (caught) {
      setError(
        caught instanceof ApiError ? caught.message : (failedText ?? t('common:errors.failed')),
      );
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, submit };
}

/**
 * An action whose failure the request layer has shown already (its message as a notice): busy
 * while it runs; on failure the dialog stays open for a correction.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * A dialog of fields and one action: the error above the fields, Cancel (or Close) and, unless
 * read-only, the action (Save by default, or `submitLabel`; found by `data-action={submitName}`).
 * The list pages' add / edit / view forms, the task's action dialogs and the questions before
 * an action use it. Tests and host pages find its body by `data-dialog={name}`.
 */
export function FormDialog({
  name,
  title,
  open = true,
  width,
  readOnly = false,
  busy = false,
  error,
  onSubmit,
  submitName = 'save',
  submitLabel,
  onClose,
  closeLabel,
  actions,
  children,
}: {
  name: string;
  title: string;
  open?: boolean;
  width: string;
  readOnly?: boolean;
  busy?: boolean;
  error: string;
  onSubmit: () => void;
  submitName?: string;
  submitLabel?: string;
  onClose: () => void;
  /** The close button's text: Cancel by default, Close where nothing is being changed. */
  closeLabel?: string;
  /** More buttons before Save (a mail account's connection test). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      title={title}
      open={open}
      onClose={onClose}
      width={width}
      footer={
        <>
          <Button onClick={onClose}>{closeLabel ?? t('common:actions.cancel')}</Button>
          {!readOnly && (
            <>
              {actions}
              <Button variant="primary" busy={busy} onClick={onSubmit} data-action={submitName}>
                {submitLabel ?? t('common:actions.save')}
              </Button>
            </>
          )}
        </>
      }
    >
      <div data-dialog={name} part="dialog">
        {error && <Alert>{error}</Alert>}
        {children}
      </div>
    </Dialog>
  );
}
