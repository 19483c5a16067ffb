import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { currentUserMenu, type MenuNode } from '../../core/api/shell';
import { authorisedApps, saveFavouriteApps, type FavouriteApp } from '../../core/api/widgets';
import { addFavourite, removeFavourite, saveProblem, type Chosen } from '../../core/favourite-apps';
import { Alert } from '../../ui/Alert';
import { AppGrid } from '../../ui/apps/AppGrid';
import { MenuTree } from '../../ui/apps/MenuTree';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useT } from '../../ui/i18n';
import { Empty, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

const layout = css`
  display: grid;
  grid-template-columns: minmax(140px, 1fr) minmax(0, 2fr);
  gap: 14px;
  h3 {
    margin: 0 0 8px;
    font-size: 14px;
  }
  .selected {
    grid-column: 1 / -1;
  }
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** The dialog of spec section 2.4: the menu tree, the chosen menu's apps, the selected grid. */
export function ChooseDialog({
  current,
  onClose,
  onSaved,
}: {
  current: FavouriteApp[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [list, setList] = useState<Chosen[]>(() =>
    current.map(({ yybm, yymc }) => ({ yybm, yymc })),
  );
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const [menu, setMenu] = useState<MenuNode | null>(null);
  const [saving, setSaving] = useState(false);
  const tree = useAsync(() => currentUserMenu('appCenterFront'), []);
  const first = tree.data?.[0];
  useEffect(() => {
    if (first && !menu) setMenu(first);
  }, [first, menu]);
  const apps = useAsync(() => (menu ? authorisedApps(menu.id) : Promise.resolve([])), [menu?.id]);
  const say = (key: string, tone: 'info' | 'error', name = '') =>
    setMessage(key ? { text: t(`widgets:favourites.${key}`, { name }), tone } : null);
  const add = (app: Chosen) => {
    const outcome = addFavourite(list, app);
    setList(outcome.list);
    say(outcome.message, outcome.tone, app.yymc);
  };
  const remove = (app: Chosen) => {
    const outcome = removeFavourite(list, app.yybm);
    setList(outcome.list);
    say(outcome.message, outcome.tone, app.yymc);
  };
  const save = async () => {
    const problem = saveProblem(list);
    if (problem) return say(problem, 'error');
    setSaving(true);
    try {
      await saveFavouriteApps(list);
      onSaved();
    } catch (error) {
      // The spec: the save shows the server's message text on failure.
      setMessage({ text: (error as Error).message, tone: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      title={t('widgets:favourites.dialogTitle')}
      onClose={onClose}
      width="820px"
      footer={
        <Button variant="primary" busy={saving} onClick={() => void save()} data-action="save">
          {t('widgets:favourites.save')}
        </Button>
      }
    >
      <div aria-live="polite" data-message-tone={message?.tone}>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </div>
      <div css={layout}>
        <div>
          <h3>{t('widgets:favourites.menus')}</h3>
          {tree.loading ? (
            <Loading />
          ) : (
            <MenuTree
              nodes={tree.data ?? []}
              selected={menu?.id ?? ''}
              onSelect={setMenu}
              label={t('widgets:favourites.menus')}
            />
          )}
        </div>
        <div data-part="apps" aria-busy={apps.loading}>
          <h3>{t('widgets:favourites.apps')}</h3>
          {apps.loading ? (
            <Loading />
          ) : apps.data?.length ? (
            <AppGrid
              label={t('widgets:favourites.apps')}
              apps={apps.data.map((app) => ({ key: app.id, name: app.name }))}
              onOpen={(app) => add({ yybm: app.key, yymc: app.name })}
            />
          ) : (
            <Empty />
          )}
        </div>
        <div className="selected" data-part="selected">
          <h3>
            {t('widgets:favourites.selected')} ({list.length}/11)
          </h3>
          <AppGrid
            label={t('widgets:favourites.selected')}
            apps={list.map((app) => ({ key: app.yybm, name: app.yymc }))}
            onOpen={() => undefined}
            extra={(app) => (
              <button
                type="button"
                className="remove"
                aria-label={t('widgets:favourites.remove', { name: app.name })}
                data-remove={app.key}
                onClick={() => remove({ yybm: app.key, yymc: app.name })}
              >
                ×
              </button>
            )}
          />
        </div>
      </div>
    </Dialog>
  );
}
