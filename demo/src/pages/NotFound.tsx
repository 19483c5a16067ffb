import { useT } from '../../../src/ui/i18n';
import { base } from '../router';
import { CenteredCard } from './CenteredCard';

export default function NotFound() {
  const t = useT();
  return (
    <CenteredCard title={t('common:notFound.title')}>
      <a href={`${base}/home`} data-link="home">
        {t('common:notFound.backHome')}
      </a>
    </CenteredCard>
  );
}
