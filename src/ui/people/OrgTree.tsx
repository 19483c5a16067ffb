import { css } from '@emotion/react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Org } from '../../core/api/directory';
import { vars } from '../theme';

const treeStyle = css`
  list-style: none;
  margin: 0;
  padding: 4px 0;
  max-height: 220px;
  overflow: auto;
  border: 1px solid ${vars.border};
  border-radius: ${vars.radius};
  background: ${vars.surface};
  [role='treeitem'] {
    display: flex;
    align-items: center;
    gap: 4px;
    width: 100%;
    min-height: 32px;
    padding: 0 8px;
    border: 0;
    background: none;
    font: inherit;
    color: inherit;
    text-align: left;
    cursor: pointer;
    border-radius: 4px;
  }
  [role='treeitem']:hover,
  [role='treeitem']:focus-visible {
    background: ${vars.surfaceMuted};
    outline: none;
  }
  [role='treeitem'][aria-selected='true'] {
    color: ${vars.primary};
    font-weight: 600;
  }
  .twisty {
    width: 16px;
    flex: none;
    color: ${vars.textMuted};
    text-align: center;
  }
`;

/**
 * The org tree to browse (WAI-ARIA tree): Up and Down move, Right opens, Left closes or goes
 * to the parent, Enter or a click chooses the org.
 */
export function OrgTree({
  orgs,
  selected,
  label,
  onChoose,
  onEscape,
}: {
  orgs: Org[];
  selected: string;
  label: string;
  onChoose: (org: Org) => void;
  onEscape: () => void;
}) {
  const roots = useMemo(
    () => orgs.filter((org) => !orgs.some((o) => o.id === org.parentId)),
    [orgs],
  );
  const [open, setOpen] = useState<Set<string>>(() => new Set(roots.map((org) => org.id)));
  const list = useRef<HTMLUListElement>(null);
  const visible: { org: Org; depth: number }[] = [];
  const walk = (items: Org[], depth: number) => {
    for (const org of items) {
      visible.push({ org, depth });
      if (open.has(org.id))
        walk(
          orgs.filter((child) => child.parentId === org.id),
          depth + 1,
        );
    }
  };
  walk(roots, 0);
  const focusAt = (index: number) => {
    const items = list.current?.querySelectorAll<HTMLElement>('[role="treeitem"]');
    items?.[Math.max(0, Math.min(index, items.length - 1))]?.focus();
  };
  const toggle = (id: string, to: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (to) next.add(id);
      else next.delete(id);
      return next;
    });
  const onKeyDown = (event: KeyboardEvent, index: number, org: Org) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusAt(index + 1),
      ArrowUp: () => focusAt(index - 1),
      Home: () => focusAt(0),
      End: () => focusAt(visible.length - 1),
      ArrowRight: () =>
        org.isParent && !open.has(org.id) ? toggle(org.id, true) : focusAt(index + 1),
      ArrowLeft: () => {
        if (open.has(org.id) && org.isParent) return toggle(org.id, false);
        focusAt(visible.findIndex((item) => item.org.id === org.parentId));
      },
      Enter: () => onChoose(org),
      ' ': () => onChoose(org),
      Escape: onEscape,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };
  return (
    <ul role="tree" aria-label={label} css={treeStyle} ref={list} part="org-tree">
      {visible.map(({ org, depth }, index) => (
        <li key={org.id} role="none">
          <button
            type="button"
            role="treeitem"
            aria-level={depth + 1}
            aria-expanded={org.isParent ? open.has(org.id) : undefined}
            aria-selected={org.id === selected}
            tabIndex={org.id === selected || (!selected && index === 0) ? 0 : -1}
            data-org={org.code}
            style={{ paddingLeft: 8 + depth * 16 }}
            onClick={() => onChoose(org)}
            onKeyDown={(event) => onKeyDown(event, index, org)}
          >
            <span
              className="twisty"
              aria-hidden
              onClick={(event) => {
                if (!org.isParent) return;
                event.stopPropagation();
                toggle(org.id, !open.has(org.id));
              }}
            >
              {org.isParent ? (open.has(org.id) ? '▾' : '▸') : ''}
            </span>
            {org.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
