import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { logout } from '../../core/api/auth';
import { $config } from '../../core/config';
import { navigation } from '../../core/navigation';
import { $session, type SessionUser } from '../../core/session';
import { Button } from '../../ui/Button';
import { useEmit } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { Tabs } from '../../ui/Tabs';
import { MobileForm } from './MobileForm';
import { PasswordForm } from './PasswordForm';
import { signedIn } from './styles';

export interface LoginProps {
  mode?: string;
  tenant?: string;
  redirect?: string;
  hideMobile?: boolean;
}

/** Where a user whose password must change goes (the host portal's reset view). */
function resetUrl(user: SessionUser): string {
  return `${$config.get().frontBase}/resetPwdView?account=${encodeURIComponent(user.account)}`;
}

export function Login({ mode, tenant, redirect, hideMobile }: LoginProps) {
  const t = useT();
  const emit = useEmit();
  const session = useStore($session);
  const [tab, setTab] = useState(mode === 'mobile' && !hideMobile ? 'mobile' : 'password');

  const done = (user: SessionUser) => {
    const mustResetPassword = user.loginStatus === 0;
    const proceed = emit('atrium-login', { user, mustResetPassword }, true);
    if (!proceed) return;
    if (mustResetPassword) navigation.assign(resetUrl(user));
    else if (redirect) navigation.assign(redirect);
  };

  if (session && session.loginStatus === 1) {
    return (
      <div css={signedIn} data-state="signed-in">
        <div>
          {t('login:login.signedInAs', { name: session.username, account: session.account })}
        </div>
        <Button
          onClick={async () => {
            await logout();
            emit('atrium-logout', null);
          }}
        >
          {t('login:login.switchAccount')}
        </Button>
      </div>
    );
  }

  const items = [
    { id: 'password', label: t('login:login.password') },
    ...(hideMobile ? [] : [{ id: 'mobile', label: t('login:login.mobile') }]),
  ];
  return (
    <Tabs items={items} active={tab} onChange={setTab} label={t('login:login.title')}>
      {tab === 'mobile' ? (
        <MobileForm onDone={done} />
      ) : (
        <PasswordForm tenant={tenant} onDone={done} />
      )}
    </Tabs>
  );
}
