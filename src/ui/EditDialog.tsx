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
 * The add / edit / view dialog of the list pages (phrases, agents, secretaries, deputies, mail
 * contacts and accounts): the error above the fields, Cancel (or Close) and, unless read-only,
 * Save. Tests and host pages find its body by `data-dialog={name}`.
 */
export function EditDialog({
  name,
  title,
  open = true,
  width,
  readOnly = false,
  busy,
  error,
  onSave,
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
  busy: boolean;
  error: string;
  onSave: () => void;
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
              <Button variant="primary" busy={busy} onClick={onSave} data-action="save">
                {t('common:actions.save')}
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
