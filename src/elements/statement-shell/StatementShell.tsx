import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { absoluteUrl } from '../../core/api/portal';
import { currentUserMenu, type MenuNode } from '../../core/api/shell';
import { Alert } from '../../ui/Alert';
import { useEmit } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { AreaMenu, findByAlias, firstShowable, showsHref } from '../../ui/menu/AreaMenu';
import { QueryViewPage } from '../../ui/query-view/QueryViewPage';
import { ReportPage } from './ReportPage';
import { decodeHref, parseContent } from './routes';
import { TemplateRecord } from './TemplateRecord';
import { DraftList } from '../../ui/forms/DraftList';
import { TemplateList } from './TemplateList';

const layout = css`
  display: flex;
  min-height: 100%;
  .content {
    flex: 1;
    min-width: 0;
    padding: 16px 20px;
  }
  iframe {
    width: 100%;
    height: calc(100vh - 120px);
    border: 0;
  }
`;

/** A page embedded by address (an href item, or the `href` query parameter). */
function Embedded({ url, title }: { url: string; title: string }) {
  return <iframe src={absoluteUrl(url)} title={title} data-embedded={url} />;
}

/**
 * The href/template/{alias} page: the address of the menu item with that alias, in the menu
 * on screen (a menu whose alias contains backmenu need not lie under the front menu), else
 * in the front menu (an address opened on its own).
 */
function HrefPage({ alias, shown }: { alias: string; shown: MenuNode[] }) {
  const t = useT();
  const onScreen = findByAlias(shown, alias);
  const tree = useAsync(
    () => (onScreen ? Promise.resolve([]) : currentUserMenu('front_menu')),
    [Boolean(onScreen)],
  );
  if (!onScreen && tree.loading) return <Loading />;
  const item = onScreen ?? findByAlias(tree.data ?? [], alias);
  return item?.href ? (
    <Embedded url={item.href} title={item.name} />
  ) : (
    <Empty>{t('common:notFound.title')}</Empty>
  );
}

export interface StatementShellProps {
  path?: string;
  search?: string;
  menuAlias?: string;
  single?: boolean;
}

export function StatementShell({ path = '', search = '', menuAlias, single }: StatementShellProps) {
  const t = useT();
  const emit = useEmit();
  const navigate = useNavigate();
  const language = useLanguage();
  // The shell routes inside itself and tells the page (which may update its address bar).
  const [route, setRoute] = useState({ path, search });
  useEffect(() => setRoute({ path, search }), [path, search]);
  const content = parseContent(route.path);
  // /{menuAlias}/{itemAlias} (spec/workflow-office.md 2.1): an item of the menu this page
  // was opened under, shown as choosing it in that menu would (issue 39, item 1).
  const itemAlias =
    content.kind === 'menu' && menuAlias && content.alias !== menuAlias ? content.alias : null;
  // The custom menu stays while the user moves among its items.
  const [lastMenu, setLastMenu] = useState(menuAlias);
  const alias = content.kind === 'menu' && !itemAlias ? content.alias : (menuAlias ?? lastMenu);
  useEffect(() => {
    if (alias) setLastMenu(alias);
  }, [alias]);
  const menu = useAsync(
    () => (alias && !single ? currentUserMenu(alias) : Promise.resolve([])),
    [alias, single, language],
  );

  const go = (nextPath: string, nextSearch = '', replace = false) => {
    setRoute({ path: nextPath, search: nextSearch });
    const path = `/statement${nextPath}${nextSearch ? `?${nextSearch}` : ''}`;
    emit('atrium-navigate', replace ? { path, replace } : { path }, true);
  };
  const choose = (item: MenuNode, replace = false) => {
    if (showsHref(item, alias ?? '')) return go(`/href/template/${item.alias}`, '', replace);
    if (item.menuUrl.startsWith('/')) return navigate(item.menuUrl, { replace });
    go(`/${item.menuUrl.split('?')[0]}`, item.menuUrl.split('?')[1] ?? '', replace);
  };

  const id = new URLSearchParams(route.search).get('id') ?? undefined;
  const body = () => {
    switch (content.kind) {
      case 'templateList':
        return (
          <TemplateList
            // Another address's presets start the list again with them.
            key={`${content.templateKey}?${JSON.stringify(content.presets)}`}
            templateKey={content.templateKey}
            presets={content.presets}
            onOpen={(action, recordId) =>
              go(
                `/template/form/${content.templateKey}/${action}`,
                recordId ? `id=${recordId}` : '',
              )
            }
            onDrafts={() => go('/draftList')}
          />
        );
      case 'templateForm':
        return (
          <TemplateRecord
            templateKey={content.templateKey}
            action={content.action}
            id={id}
            draftId={new URLSearchParams(route.search).get('draft') ?? undefined}
            onSaved={(saved) =>
              content.action === 'add' &&
              go(`/template/form/${content.templateKey}/edit`, `id=${saved}`)
            }
            onBack={
              content.single
                ? history.length > 1
                  ? () => history.back()
                  : undefined
                : () => go(`/template/preview/${content.templateKey}`)
            }
            // Opened in a window of its own (isNewPage): it closes that window.
            onClose={content.single ? () => globalThis.close() : undefined}
          />
        );
      case 'queryView':
        return <QueryViewPage sqlAlias={content.sqlAlias} alias={content.alias} />;
      case 'href':
        return menu.loading ? (
          <Loading />
        ) : (
          <HrefPage alias={content.alias} shown={menu.data ?? []} />
        );
      case 'report':
        return <ReportPage alias={content.alias} />;
      case 'drafts':
        return (
          <DraftList
            onResume={(draft) =>
              go(
                `/template/form/${draft.templateKey}/${draft.recordId ? 'edit' : 'add'}`,
                `draft=${draft.id}${draft.recordId ? `&id=${draft.recordId}` : ''}`,
              )
            }
          />
        );
      case 'menu': {
        const href = decodeHref(route.search);
        if (href) return <Embedded url={href} title={content.alias} />;
        if (itemAlias) {
          // The item's own page takes this address's place in the history.
          const named = findByAlias(menu.data ?? [], itemAlias);
          const item = named?.children.length ? firstShowable(named.children) : named;
          if (menu.loading) return <Loading />;
          return item ? (
            <MenuFirst item={item} onChoose={(chosen) => choose(chosen, true)} />
          ) : (
            <Alert>{t('common:notFound.title')}</Alert>
          );
        }
        const first = firstShowable(menu.data ?? []);
        return menu.loading ? (
          <Loading />
        ) : first ? (
          <MenuFirst item={first} onChoose={choose} />
        ) : (
          <Empty>{t('shell:statement.selectItem')}</Empty>
        );
      }
      default:
        return <Alert>{t('common:notFound.title')}</Alert>;
    }
  };

  const showMenu = Boolean(alias) && !single && (menu.data?.length ?? 0) > 0;
  return (
    <div css={layout}>
      {showMenu && (
        <AreaMenu
          items={menu.data!}
          current={null}
          onChoose={choose}
          title={t('shell:statement.customMenu')}
        />
      )}
      <div className="content" part="content">
        {body()}
      </div>
    </div>
  );
}

/** With no item chosen, the first one that shows something is chosen for the user. */
function MenuFirst({ item, onChoose }: { item: MenuNode; onChoose: (item: MenuNode) => void }) {
  useEffect(() => onChoose(item), [item, onChoose]);
  return <Loading />;
}
