import { useStore } from '@nanostores/react';
import { $session } from '../../../src/core/session';
import { useT } from '../../../src/ui/i18n';
import { base } from '../router';
import { CenteredCard } from './CenteredCard';

/** The 404 page: back home for a signed-in user; a visitor may also sign in. */
export default function NotFound() {
  const t = useT();
  const session = useStore($session);
  return (
    <CenteredCard title={t('common:notFound.title')}>
      <p css={{ display: 'flex', gap: 24, margin: 0 }}>
        <a href={`${base}/home`} data-link="home">
          {t('common:notFound.backHome')}
        </a>
        {!session && (
          <a href={`${base}/login`} data-link="login">
            {t('portal:signIn')}
          </a>
        )}
      </p>
    </CenteredCard>
  );
}
