import { css } from '@emotion/react';
import { useState } from 'react';
import type { MenuNode } from '../../core/api/shell';
import { Icon } from '../icons';
import { useLanguage, useT } from '../i18n';
import { vars } from '../theme';

/**
 * The second-level menu of an area (spec/workflow-office.md 2.1): the children of a menu
 * alias, items with children as sub-menus with one open at a time, the current item marked.
 * Used by the menu container and the statement area.
 */
const menu = css`
  flex: none;
  border-right: 1px solid ${vars.border};
  background: ${vars.surface};
  padding: 8px 0;
  overflow-y: auto;
  box-sizing: border-box;
  h2 {
    font-size: 13px;
    color: ${vars.textMuted};
    margin: 4px 16px 8px;
    font-weight: 400;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  button {
    width: 100%;
    min-height: 40px;
    border: 0;
    background: none;
    text-align: left;
    padding: 9px 12px 9px 16px;
    font: inherit;
    line-height: 1.35;
    cursor: pointer;
    color: ${vars.text};
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 4px;
    overflow-wrap: break-word;
    hyphens: auto;
  }
  button:hover,
  button:focus-visible {
    background: ${vars.surfaceMuted};
  }
  button[aria-current='page'] {
    color: ${vars.primary};
    background: color-mix(in srgb, ${vars.primary} 8%, transparent);
    font-weight: 600;
  }
  ul ul button {
    padding-left: 28px;
  }
  [data-chevron] {
    flex: none;
    transition: transform 0.15s;
  }
  [aria-expanded='true'] [data-chevron] {
    transform: rotate(90deg);
  }
`;

export function AreaMenu({
  items,
  current,
  onChoose,
  title,
  width = 200,
}: {
  items: MenuNode[];
  current: MenuNode | null;
  onChoose: (item: MenuNode) => void;
  title?: string;
  width?: number;
}) {
  const t = useT();
  const holding = current ? items.find((item) => findById(item.children, current.id)) : undefined;
  const [open, setOpen] = useState<string | null>(holding?.id ?? null);
  const label = title ?? t('shell:menu.area');
  const language = useLanguage();
  return (
    <nav css={menu} style={{ width }} part="menu" aria-label={label} lang={language}>
      {title && <h2>{title}</h2>}
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              aria-current={current?.id === item.id ? 'page' : undefined}
              aria-expanded={item.children.length ? open === item.id : undefined}
              onClick={() =>
                item.children.length ? setOpen(open === item.id ? null : item.id) : onChoose(item)
              }
              data-alias={item.alias}
            >
              <span>{item.name}</span>
              {item.children.length > 0 && <Icon name="chevron" size={12} data-chevron />}
            </button>
            {item.children.length > 0 && open === item.id && (
              <ul>
                {item.children.map((child) => (
                  <li key={child.id}>
                    <button
                      type="button"
                      aria-current={current?.id === child.id ? 'page' : undefined}
                      onClick={() => onChoose(child)}
                      data-alias={child.alias}
                    >
                      <span>{child.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function findById(items: MenuNode[], id: string): MenuNode | null {
  for (const item of items) {
    if (item.id === id) return item;
    const child = findById(item.children, id);
    if (child) return child;
  }
  return null;
}

/** The first item that shows something: an item with an address, or the first child that has one. */
export function firstShowable(items: MenuNode[]): MenuNode | null {
  for (const item of items) {
    if (!item.children.length && (item.menuUrl || item.href)) return item;
    const child = firstShowable(item.children);
    if (child) return child;
  }
  return null;
}

export function findByAlias(items: MenuNode[], alias: string): MenuNode | null {
  for (const item of items) {
    if (item.alias === alias) return item;
    const child = findByAlias(item.children, alias);
    if (child) return child;
  }
  return null;
}

/**
 * Whether choosing an item shows its href (an embedded page or a file) rather than its route:
 * when it names no route, and in a menu whose alias contains `backmenu` whatever route it
 * names (spec/workflow-office.md 2.1).
 */
export function showsHref(item: MenuNode, menuAlias: string): boolean {
  return Boolean(item.href) && (!item.menuUrl || menuAlias.includes('backmenu'));
}

/** Every item of a tree, depth first. */
export function flatten(items: MenuNode[]): MenuNode[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}
