import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { currentUserMenu, type MenuNode } from '../../core/api/shell';
import { appContentPath, appContentTarget, authorisedApps } from '../../core/api/widgets';
import { Alert } from '../../ui/Alert';
import { AppGrid } from '../../ui/apps/AppGrid';
import { MenuTree } from '../../ui/apps/MenuTree';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, LoadFailed, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

const page = css`
  display: grid;
  grid-template-columns: 220px minmax(0, 1fr);
  gap: 16px;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** /appContent/{type}/{first}/{second}: sends the user on to the app's own page. */
function AppContent({ type, first, second }: { type: string; first: string; second: string }) {
  const t = useT();
  const navigate = useNavigate();
  const target = useAsync(() => appContentTarget(type, first, second), [type, first, second]);
  useEffect(() => {
    if (target.data) navigate(target.data, { replace: true });
  }, [target.data, navigate]);
  if (target.error) return <LoadFailed error={target.error} onRetry={target.reload} />;
  if (target.data === '') return <Alert>{t('widgets:appCentre.notFound')}</Alert>;
  return <Loading label={t('widgets:appCentre.opening')} />;
}

function Centre() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const tree = useAsync(() => currentUserMenu('appCenterFront'), [language]);
  const [menu, setMenu] = useState<MenuNode | null>(null);
  const chosen = menu ?? tree.data?.[0] ?? null;
  const apps = useAsync(
    () => (chosen ? authorisedApps(chosen.id) : Promise.resolve([])),
    [chosen?.id, language],
  );
  if (tree.loading) return <Loading />;
  if (tree.error) return <Alert>{tree.error.message}</Alert>;
  return (
    <div css={page} part="centre">
      <MenuTree
        nodes={tree.data ?? []}
        selected={chosen?.id ?? ''}
        onSelect={setMenu}
        label={t('widgets:appCentre.label')}
      />
      <div>
        {apps.loading ? (
          <Loading />
        ) : apps.data?.length ? (
          <AppGrid
            label={chosen?.name ?? ''}
            apps={apps.data.map((app) => ({ key: app.id, name: app.name, app }))}
            onOpen={({ app }) => navigate(appContentPath(app))}
          />
        ) : (
          <Empty>{t('widgets:appCentre.empty')}</Empty>
        )}
      </div>
    </div>
  );
}

export function AppCentre({
  appType,
  first,
  second,
}: {
  appType?: string;
  first?: string;
  second?: string;
}) {
  if (appType && first) return <AppContent type={appType} first={first} second={second ?? '0'} />;
  return <Centre />;
}
