import { useEffect, useId, useState } from 'react';
import {
  rowLabel,
  rowValue,
  type CustomDialogDefinition,
  type DialogNode,
} from '../../core/api/custom-dialog';
import { useT } from '../../ui/i18n';

interface TreeProps {
  definition: CustomDialogDefinition;
  single: boolean;
  isChosen: (node: DialogNode) => boolean;
  blocked: boolean;
  onChoose: (node: DialogNode) => void;
}

const idOf = (definition: CustomDialogDefinition, node: DialogNode) =>
  String(node[definition.treeIdField] ?? rowValue(definition, node));

/**
 * The nodes of a tree dialog as nested lists: a button opens or closes a branch
 * (aria-expanded), a checkbox (or radio) chooses the node. After a search every branch is
 * open, so each match shows with the path to it.
 */
export function NodeTree({
  nodes,
  expandAll,
  ...props
}: TreeProps & { nodes: DialogNode[]; expandAll: boolean }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const group = useId();
  useEffect(() => {
    const all = new Set<string>();
    const walk = (list: DialogNode[]) =>
      list.forEach((node) => {
        if (node.children.length > 0) all.add(idOf(props.definition, node));
        walk(node.children);
      });
    if (expandAll) walk(nodes);
    setOpen(all);
  }, [nodes, expandAll, props.definition]);
  const flip = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul className="tree" part="tree">
      {nodes.map((node) => (
        <Branch
          key={idOf(props.definition, node)}
          node={node}
          open={open}
          flip={flip}
          group={group}
          {...props}
        />
      ))}
    </ul>
  );
}

function Branch({
  node,
  open,
  flip,
  group,
  ...props
}: TreeProps & {
  node: DialogNode;
  open: Set<string>;
  flip: (id: string) => void;
  group: string;
}) {
  const t = useT();
  const { definition, single, isChosen, blocked, onChoose } = props;
  const id = idOf(definition, node);
  const label = rowLabel(definition, node);
  const expanded = open.has(id);
  const chosen = isChosen(node);
  return (
    <li data-node={id}>
      <div className="node">
        {node.children.length > 0 ? (
          <button
            type="button"
            className="twist"
            aria-expanded={expanded}
            aria-label={t(
              expanded ? 'customDialog:dialog.collapse' : 'customDialog:dialog.expand',
              {
                name: label,
              },
            )}
            onClick={() => flip(id)}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="spacer" />
        )}
        <label>
          <input
            type={single ? 'radio' : 'checkbox'}
            name={group}
            checked={chosen}
            disabled={!chosen && blocked && !single}
            onChange={() => onChoose(node)}
          />
          <span>{label}</span>
        </label>
      </div>
      {expanded && (
        <ul>
          {node.children.map((child) => (
            <Branch
              key={idOf(definition, child)}
              node={child}
              open={open}
              flip={flip}
              group={group}
              {...props}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
