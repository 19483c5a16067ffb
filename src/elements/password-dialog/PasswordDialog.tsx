import { useCallback } from 'react';
import { Dialog } from '../../ui/Dialog';
import { useEmit, useHost } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { PasswordChangeForm } from '../../ui/password/PasswordChangeForm';

/**
 * The top bar's change-password dialog as an element. The page opens it with the `open`
 * attribute; the dialog closes itself (removing the attribute, like <dialog> does) and says
 * so with atrium-close.
 */
export function PasswordDialog({ open = false }: { open?: boolean }) {
  const t = useT();
  const emit = useEmit();
  const host = useHost();
  const close = useCallback(
    (changed: boolean) => {
      host.removeAttribute('open');
      emit('atrium-close', { changed });
    },
    [host, emit],
  );
  return (
    <Dialog
      open={open}
      title={t('shell-elements:password.title')}
      onClose={() => close(false)}
      width="460px"
    >
      <PasswordChangeForm
        onDone={(result) => {
          emit('atrium-password-changed', result);
          close(true);
        }}
        onCancel={() => close(false)}
      />
    </Dialog>
  );
}
