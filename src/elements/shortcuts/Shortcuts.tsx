import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { fileUrl } from '../../core/api/portal';
import { shortcutApps, type ShortcutApp } from '../../core/api/widgets';
import { $session } from '../../core/session';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, LoadFailed, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

const bar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  button {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 12px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surfaceMuted};
    font: inherit;
    cursor: pointer;
  }
  button:hover {
    border-color: ${vars.primary};
  }
  img {
    width: 24px;
    height: 24px;
    border-radius: 6px;
  }
`;

/** The first icon file id of tb (JSON text of a list of ids). */
function iconOf(entry: ShortcutApp): string {
  try {
    const ids = JSON.parse(entry.tb) as unknown;
    return Array.isArray(ids) && typeof ids[0] === 'string' ? ids[0] : '';
  } catch {
    return '';
  }
}

export function Shortcuts({ columnAlias }: { columnAlias?: string }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const account = useStore($session)?.account ?? '';
  const entries = useAsync(() => shortcutApps(account), [account, language]);
  if (entries.loading) return <Loading />;
  if (entries.error) return <LoadFailed error={entries.error} onRetry={entries.reload} />;
  if (!entries.data?.length) return <Empty>{t('widgets:shortcuts.empty')}</Empty>;
  return (
    <nav aria-label={t('widgets:shortcuts.label')} data-column-alias={columnAlias}>
      <ul css={bar} part="bar">
        {entries.data.map((entry) => {
          const icon = iconOf(entry);
          // An internal link (nwyylj) stays in the portal; an external one (yylj) opens a window.
          const target = entry.nwyylj || entry.yylj;
          return (
            <li key={entry.id}>
              <button
                type="button"
                data-shortcut={entry.id}
                data-target={target}
                onClick={() => navigate(target)}
              >
                {icon && <img src={fileUrl(icon, true)} alt="" width={24} height={24} />}
                {entry.yymc}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
