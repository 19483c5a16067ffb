import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { sideMenu, unreadNews, type SideMenuItem } from '../../core/api/shell';
import { $session } from '../../core/session';
import { Icon } from '../../ui/icons';
import { useT } from '../../ui/i18n';
import { menuRoute, useNavigate } from '../../ui/navigate';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { useLive } from '../../ui/useLive';

const menuEvents = ['menu', 'news'] as const;

const itemHeight = 64;

const styles = css`
  & {
    width: 64px;
    height: 100%;
    background: #1f2329;
    color: #c9cdd4;
    display: flex;
    flex-direction: column;
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .item {
    position: relative;
    width: 64px;
    height: ${itemHeight}px;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    font-size: 12px;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 4px;
    cursor: pointer;
  }
  .item:hover,
  .item:focus-visible {
    color: #fff;
    background: rgba(255, 255, 255, 0.06);
  }
  .item[aria-current='page'] {
    color: #fff;
    background: ${vars.primary};
  }
  /* Chinese names fit one line; longer (English) ones get two before they are cut. */
  .label {
    max-width: 62px;
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-height: 1.2;
    text-align: center;
    overflow-wrap: break-word;
  }
  .label:lang(en) {
    font-size: 11px;
    letter-spacing: -0.2px;
  }
  .dot {
    position: absolute;
    top: 12px;
    right: 16px;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: #f54a45;
  }
  .more-list {
    position: fixed;
    left: 68px;
    bottom: 12px;
    z-index: 30;
    min-width: 160px;
    background: ${vars.surface};
    color: ${vars.text};
    border-radius: ${vars.radius};
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.2);
    padding: 6px 0;
  }
  .more-list button {
    width: 100%;
    display: flex;
    gap: 10px;
    align-items: center;
    border: 0;
    background: none;
    padding: 8px 14px;
    font: inherit;
    cursor: pointer;
    text-align: left;
  }
  .more-list button:hover {
    background: ${vars.surfaceMuted};
  }
  /* In the list the dot follows its own item's name, not the list's corner (issue 39, item 3). */
  .more-list .dot {
    position: static;
    margin-left: auto;
    flex: none;
  }
`;

/** The contacts item (通讯录), the one that carries the unread dot. */
const contactsAlias = 'v-mail';

/** The item's own page, or any page of its area (`/v-flow/...` for the v-flow item). */
function isActive(item: SideMenuItem, active: string | undefined): boolean {
  if (!active) return false;
  const route = menuRoute(item.menuUrl, item.alias);
  const area = `/${item.alias}`;
  return (
    active === route ||
    (route !== '/' && active.startsWith(`${route}/`)) ||
    active === area ||
    active.startsWith(`${area}/`)
  );
}

/** How many items fit: the whole menu when it can, else one place is kept for "more". */
export function fittingCount(total: number, height: number): number {
  const slots = Math.max(1, Math.floor(height / itemHeight));
  return total <= slots ? total : Math.max(0, slots - 1);
}

export function SideMenu({ active }: { active?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useStore($session);
  const items = useAsync(
    () => (session ? sideMenu(session.account) : Promise.resolve([])),
    [session?.account],
  );
  const unread = useAsync(
    () => (session ? unreadNews(session.account) : Promise.resolve({ hasUnread: false, count: 0 })),
    [session?.account, active],
  );
  // Menus or the reader's roles changed, or news was published (docs/live.md).
  useLive(menuEvents, (event) => {
    if (event.kind !== 'news') items.reload();
    if (event.kind !== 'menu') unread.reload();
  });
  const nav = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(800);
  const [moreOpen, setMoreOpen] = useState(false);

  // Measured before the first paint, so a short window never shows a frame of items cut off
  // before "more" appears; the observer follows the window afterwards.
  useLayoutEffect(() => {
    const element = nav.current;
    if (!element) return;
    setHeight(element.clientHeight);
    const observer = new ResizeObserver(([entry]) => setHeight(entry?.contentRect.height ?? 800));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const all = items.data ?? [];
  const shown = fittingCount(all.length, height);
  const open = (item: SideMenuItem) => {
    setMoreOpen(false);
    navigate(menuRoute(item.menuUrl, item.alias));
  };
  // The contacts item alone (spec 2.1): another item may share its icon (铺位分配 does).
  const dot = (item: SideMenuItem) =>
    item.alias === contactsAlias && unread.data?.hasUnread ? (
      <span className="dot" role="status" aria-label={t('shell:menu.unread')} data-unread />
    ) : null;

  return (
    <nav ref={nav} css={styles} aria-label={t('shell:menu.label')}>
      <ul>
        {all.slice(0, shown).map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="item"
              part="item"
              data-alias={item.alias}
              aria-current={isActive(item, active) ? 'page' : undefined}
              onClick={() => open(item)}
              title={item.name}
            >
              <Icon name={item.menuIcon} size={22} />
              <span className="label">{item.name}</span>
              {dot(item)}
            </button>
          </li>
        ))}
      </ul>
      {shown < all.length && (
        <div part="more">
          <button
            type="button"
            className="item"
            aria-expanded={moreOpen}
            onClick={() => setMoreOpen((value) => !value)}
            data-action="more"
          >
            <Icon name="more" size={22} />
            <span className="label">{t('shell:menu.more')}</span>
          </button>
          {moreOpen && (
            <div className="more-list" role="menu" data-list="more">
              {all.slice(shown).map((item) => (
                <button
                  key={item.id}
                  type="button"
                  role="menuitem"
                  data-alias={item.alias}
                  onClick={() => open(item)}
                >
                  <Icon name={item.menuIcon} size={18} />
                  {item.name}
                  {dot(item)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </nav>
  );
}
