import { useCallback, useRef } from 'react';
import '../../../src/elements/reset-password/index';
import { useT } from '../../../src/ui/i18n';
import { navigate, query } from '../router';
import { useElementEvent } from '../useElementEvent';
import { CenteredCard } from './CenteredCard';

export default function ResetPasswordPage() {
  const t = useT();
  const ref = useRef<HTMLElementTagNameMap['atrium-reset-password']>(null);
  const toLogin = useCallback(() => setTimeout(() => navigate('/login'), 1500), []);
  useElementEvent(ref, 'atrium-password-changed', toLogin);
  return (
    <CenteredCard title={t('login:reset.title')}>
      <atrium-reset-password ref={ref} account={query('account') ?? undefined} />
    </CenteredCard>
  );
}
