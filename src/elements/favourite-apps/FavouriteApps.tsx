import { css } from '@emotion/react';
import { useMemo, useState } from 'react';
import { favouriteApps, favouriteRoute } from '../../core/api/widgets';
import { appGrid } from '../../ui/apps/AppGrid';
import { useHostMethods } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { LoadFailed, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { ChooseDialog } from './ChooseDialog';

const manage = css`
  border: 1px dashed ${vars.border};
  border-radius: ${vars.radius};
  background: none;
  width: 100%;
  min-height: 56px;
  font: inherit;
  color: ${vars.textMuted};
  cursor: pointer;
`;

/** The favourite-apps bar: the caller's apps, and a tile that opens the choosing dialog. */
export function FavouriteApps({ columnAlias }: { columnAlias?: string }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const apps = useAsync(favouriteApps, [language]);
  const [choosing, setChoosing] = useState(false);
  useHostMethods(useMemo(() => ({ refresh: apps.reload }), [apps.reload]));
  if (apps.loading && !apps.data) return <Loading />;
  return (
    <nav aria-label={t('widgets:favourites.label')} data-column-alias={columnAlias}>
      {apps.error && <LoadFailed error={apps.error} onRetry={apps.reload} />}
      <ul css={appGrid} part="apps">
        {(apps.data ?? []).map((app) => (
          <li key={app.yybm}>
            <button
              type="button"
              className="app"
              data-app={app.yybm}
              onClick={() => navigate(favouriteRoute(app))}
            >
              {app.yymc}
            </button>
          </li>
        ))}
        <li>
          <button type="button" css={manage} data-action="manage" onClick={() => setChoosing(true)}>
            ＋ {t('widgets:favourites.manage')}
          </button>
        </li>
      </ul>
      {choosing && (
        <ChooseDialog
          current={apps.data ?? []}
          onClose={() => setChoosing(false)}
          onSaved={() => {
            setChoosing(false);
            apps.reload();
          }}
        />
      )}
    </nav>
  );
}
