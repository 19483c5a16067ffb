import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $config } from '../../core/config';
import { $session, signOut } from '../../core/session';
import { Alert } from '../../ui/Alert';
import { useEmit } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { PasswordChangeForm } from '../../ui/password/PasswordChangeForm';

/**
 * The forced password change after a login with status 0: the shared change form, then the
 * session ends so the user signs in again with the new password.
 */
export function ResetPassword({ account }: { account?: string }) {
  const t = useT();
  const emit = useEmit();
  const session = useStore($session);
  const [done, setDone] = useState(false);
  const loginUrl = $config.get().loginUrl;

  if (done) {
    return (
      <div data-state="done">
        <Alert tone="success">{t('login:reset.done')}</Alert>
        {loginUrl && <a href={loginUrl}>{t('login:reset.toLogin')}</a>}
      </div>
    );
  }
  if (!session) {
    return (
      <Alert tone="info">
        {t('login:reset.noSession')} {loginUrl && <a href={loginUrl}>{t('login:reset.toLogin')}</a>}
      </Alert>
    );
  }
  return (
    <>
      <p css={{ marginTop: 0 }}>
        {t('login:reset.intro')} <strong data-field="account">{account || session.account}</strong>
      </p>
      <PasswordChangeForm
        onDone={(result) => {
          signOut();
          setDone(true);
          emit('atrium-password-changed', result);
        }}
      />
    </>
  );
}
