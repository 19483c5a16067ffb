import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { currentUserMenu, type MenuNode } from '../../core/api/shell';
import { leadersServed } from '../../core/api/workflow';
import { $session } from '../../core/session';
import { Icon } from '../../ui/icons';
import { useLanguage, useT } from '../../ui/i18n';
import { usePreview } from '../../ui/attachments/usePreview';
import { AreaMenu, firstShowable, flatten, showsHref } from '../../ui/menu/AreaMenu';
import { useNavigate } from '../../ui/navigate';
import { LoadFailed, Loading } from '../../ui/Status';
import { phoneWidth, vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

const frame = css`
  position: relative;
  display: flex;
  height: 100%;
  min-height: 0;
  .current {
    display: none;
    font: inherit;
  }
  .rail {
    flex: none;
    display: flex;
    flex-direction: column;
    background: ${vars.surface};
    border-right: 1px solid ${vars.border};
  }
  .rail > nav {
    flex: 1;
    border-right: 0;
  }
  .rail[data-pending] > * {
    visibility: hidden;
  }
  .content {
    flex: 1;
    min-width: 0;
    overflow: auto;
  }
  .failed {
    padding: 12px 16px 0;
  }
  .toggle {
    flex: none;
    height: 36px;
    border: 0;
    border-top: 1px solid ${vars.border};
    background: none;
    color: ${vars.textMuted};
    display: grid;
    place-items: center;
    cursor: pointer;
  }
  .rail[data-collapsed] .toggle {
    border-top: 0;
    width: 28px;
  }
  .toggle:hover,
  .toggle:focus-visible {
    color: ${vars.primary};
    background: ${vars.surfaceMuted};
  }
  iframe {
    border: 0;
    width: 100%;
    height: 100%;
    display: block;
  } /* After the rules it overrides (the folded toggle's 28 px width above), so it wins. */
  /* A phone: the menu starts folded, and unfolded it lies over the page instead of beside it.
     Folded, it is a line above the page naming where the reader is, and takes no width
     (issue 36, part 2: a 32 px strip beside a 360 px page was empty width). */
  @media (max-width: ${phoneWidth}px) {
    flex-direction: column;
    .rail:not([data-collapsed]) {
      position: absolute;
      z-index: 30;
      inset: 0 auto 0 0;
      box-shadow: 4px 0 16px rgba(0, 0, 0, 0.12);
    }
    .toggle {
      min-height: 44px;
    }
    .rail[data-collapsed] {
      border-right: 0;
      border-bottom: 1px solid ${vars.border};
    }
    .rail[data-collapsed] .toggle {
      width: 100%;
      display: flex;
      justify-content: flex-start;
      gap: 8px;
      padding: 0 16px;
      color: ${vars.text};
    }
    .rail[data-collapsed] .current {
      display: inline;
    }
  }
`;

/** The spec's menu width (spec/workflow-office.md 2.1). */
const menuWidth = 120;
/** The spec's menu load display delay (spec/workflow-office.md section 9). */
export const menuLoadDelayMs = 500;

/** The route an item opens: its own menuUrl, else /{menuAlias}/{itemAlias} (the spec). */
export function itemRoute(menuAlias: string, item: MenuNode): string {
  if (item.menuUrl.startsWith('/')) return item.menuUrl.split('?')[0]!;
  return `/${menuAlias}/${item.alias}`;
}

/** A file of ours behind an href (a download address with a file id): previewed, not framed. */
function fileIdOf(href: string): string | null {
  return /[?&]fileId=([^&#]+)/.exec(href)?.[1] ?? null;
}

const onPhone = () => globalThis.matchMedia?.(`(max-width: ${phoneWidth}px)`).matches ?? false;

/**
 * The leader flag (spec 2.1 and section 6): without leaders to serve, no leader to-do. A failed
 * leader call fails the menu like a failed menu call (the request layer reports it): taken for
 * "no leader", it drew a secretary's menu without the leader to-do until the next load.
 */
async function areaItems(menuAlias: string): Promise<MenuNode[]> {
  const items = await currentUserMenu(menuAlias);
  if (menuAlias !== 'v-flow') return items;
  const leaders = await leadersServed();
  return leaders.length > 0 ? items : items.filter((item) => item.alias !== 'v-leader');
}

export function MenuContainer({
  menuAlias = '',
  active = '',
}: {
  menuAlias?: string;
  active?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const preview = usePreview();
  // The menu is the signed-in user's: without a session (a host page that signs in beside
  // the container) nothing is asked; useAsync loads again once someone signs in, as the side
  // menu does. Asked without a token, both calls answered 401.
  const signedIn = useStore($session) !== null;
  const items = useAsync(
    () => (menuAlias && signedIn ? areaItems(menuAlias) : Promise.resolve([])),
    [menuAlias, language, signedIn],
  );
  // The spec's menu load display delay (500 ms): a menu that answers sooner never flashes
  // a loading state; a slower one says it is loading (issue 39, item 10).
  const [slow, setSlow] = useState(false);
  const waiting = items.loading && !items.data;
  useEffect(() => {
    setSlow(false);
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), menuLoadDelayMs);
    return () => clearTimeout(timer);
  }, [waiting]);
  const [collapsed, setCollapsed] = useState(onPhone);
  const [embedded, setEmbedded] = useState<MenuNode | null>(null);
  const all = useMemo(() => flatten(items.data ?? []), [items.data]);
  const current =
    embedded ??
    all.find((item) => !item.children.length && active === itemRoute(menuAlias, item)) ??
    all.find(
      (item) => !item.children.length && active.startsWith(`${itemRoute(menuAlias, item)}/`),
    ) ??
    null;

  const choose = (item: MenuNode, replace = false) => {
    if (onPhone()) setCollapsed(true);
    if (showsHref(item, menuAlias)) {
      const fileId = fileIdOf(item.href);
      if (fileId) return void preview.open({ id: fileId, name: `${item.name}.pdf` });
      return setEmbedded(item);
    }
    setEmbedded(null);
    navigate(itemRoute(menuAlias, item), { replace });
  };

  // On the area's own address no item is active: the first one that shows something is
  // chosen (spec 2.1). Other pages of the area that are not menu items stay as they are.
  // An answer still loading is another area's (or user's) menu: it never chooses.
  useEffect(() => {
    if (!items.data || items.loading || embedded || active !== `/${menuAlias}`) return;
    const first = firstShowable(items.data);
    if (first) choose(first, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the menu or the route changes
  }, [items.data, active]);
  useEffect(() => setEmbedded(null), [active]);

  const hasMenu = Boolean(items.data && items.data.length > 0);
  // While the menu loads, its rail keeps its room, empty and unseen (so out of reach too),
  // beside the page or the line above it on a phone: arriving later, it moved the page.
  return (
    <div css={frame}>
      {(hasMenu || waiting) && (
        <div
          className="rail"
          data-collapsed={collapsed || undefined}
          data-pending={waiting ? '' : undefined}
        >
          {!collapsed &&
            (hasMenu ? (
              <AreaMenu items={items.data!} current={current} onChoose={choose} width={menuWidth} />
            ) : (
              <div style={{ width: menuWidth }} />
            ))}
          <button
            type="button"
            className="toggle"
            aria-label={t(collapsed ? 'shell:menu.expand' : 'shell:menu.collapse')}
            title={t(collapsed ? 'shell:menu.expand' : 'shell:menu.collapse')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
            data-action="toggle-menu"
            part="toggle"
          >
            <Icon name={collapsed ? 'unfold' : 'fold'} size={16} />
            {collapsed && current && <span className="current">{current.name}</span>}
          </button>
        </div>
      )}
      <div className="content" part="content">
        {/* The page below may still work without its menu: the failure sits above it. */}
        {items.error && !items.loading && (
          <div className="failed">
            <LoadFailed error={items.error} onRetry={items.reload} />
          </div>
        )}
        {items.loading && !items.data ? (
          slow && <Loading />
        ) : embedded ? (
          <iframe src={embedded.href} title={embedded.name} data-embedded={embedded.alias} />
        ) : (
          <slot />
        )}
      </div>
      {preview.dialog}
    </div>
  );
}
