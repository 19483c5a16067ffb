import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { vars } from '../theme';

export const appGrid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    position: relative;
  }
  .app {
    width: 100%;
    min-height: 56px;
    padding: 8px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    font: inherit;
    cursor: pointer;
    text-align: center;
    color: inherit;
  }
  .app:hover {
    border-color: ${vars.primary};
  }
  .remove {
    position: absolute;
    top: -6px;
    right: -6px;
    width: 22px;
    height: 22px;
    border: 0;
    border-radius: 50%;
    background: ${vars.danger};
    color: #fff;
    cursor: pointer;
    line-height: 22px;
    padding: 0;
  }
`;

/** A grid of app tiles; `extra` draws per-tile controls (the remove icon of the selected grid). */
export function AppGrid<T extends { key: string; name: string }>({
  apps,
  onOpen,
  extra,
  label,
}: {
  apps: T[];
  onOpen: (app: T) => void;
  extra?: (app: T) => ReactNode;
  label: string;
}) {
  return (
    <ul css={appGrid} aria-label={label}>
      {apps.map((app) => (
        <li key={app.key}>
          <button type="button" className="app" data-app={app.key} onClick={() => onOpen(app)}>
            {app.name}
          </button>
          {extra?.(app)}
        </li>
      ))}
    </ul>
  );
}
