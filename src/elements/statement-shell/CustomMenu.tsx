import { css } from '@emotion/react';
import { useState } from 'react';
import type { MenuNode } from '../../core/api/shell';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';

const menu = css`
  width: 200px;
  flex: none;
  border-right: 1px solid ${vars.border};
  background: ${vars.surface};
  padding: 8px 0;
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
    border: 0;
    background: none;
    text-align: left;
    padding: 9px 16px;
    font: inherit;
    cursor: pointer;
  }
  button:hover {
    background: ${vars.surfaceMuted};
  }
  button[aria-current='page'] {
    color: ${vars.primary};
    background: color-mix(in srgb, ${vars.primary} 8%, transparent);
    font-weight: 600;
  }
  ul ul button {
    padding-left: 32px;
  }
`;

/** The custom menu: items with children are sub-menus, one open at a time. */
export function CustomMenu({
  items,
  current,
  onChoose,
}: {
  items: MenuNode[];
  current: MenuNode | null;
  onChoose: (item: MenuNode) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <nav css={menu} part="menu" aria-label={t('shell:statement.customMenu')}>
      <h2>{t('shell:statement.customMenu')}</h2>
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
              {item.name}
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
                      {child.name}
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
