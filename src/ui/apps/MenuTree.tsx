import { css } from '@emotion/react';
import type { MenuNode } from '../../core/api/shell';
import { vars } from '../theme';

const tree = css`
  list-style: none;
  margin: 0;
  padding: 0;
  ul {
    list-style: none;
    margin: 0;
    padding-left: 14px;
  }
  button {
    display: block;
    width: 100%;
    padding: 5px 8px;
    border: 0;
    border-radius: 4px;
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
    color: inherit;
  }
  button:hover {
    background: ${vars.surfaceMuted};
  }
  button[aria-pressed='true'] {
    background: ${vars.primary};
    color: #fff;
  }
`;

/** The app centre's menu tree (three levels): choosing a node filters the apps shown. */
export function MenuTree({
  nodes,
  selected,
  onSelect,
  label,
}: {
  nodes: MenuNode[];
  selected: string;
  onSelect: (node: MenuNode) => void;
  label: string;
}) {
  const branch = (items: MenuNode[]) => (
    <>
      {items.map((node) => (
        <li key={node.id}>
          <button
            type="button"
            aria-pressed={node.id === selected}
            data-menu-id={node.id}
            onClick={() => onSelect(node)}
          >
            {node.name}
          </button>
          {node.children.length > 0 && <ul>{branch(node.children)}</ul>}
        </li>
      ))}
    </>
  );
  return (
    <ul css={tree} aria-label={label} part="menu-tree">
      {branch(nodes)}
    </ul>
  );
}
