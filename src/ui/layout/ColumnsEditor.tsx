import { css } from '@emotion/react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useState, type ReactNode } from 'react';
import '../../core/i18n/widgets';
import { Button } from '../Button';
import { useT } from '../i18n';
import { vars } from '../theme';
import { LayoutRow, type EditedColumn } from './LayoutRow';

export type { EditedColumn };

export const columnsEditorStyle = css`
  ol {
    list-style: none;
    margin: 12px 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px;
    padding: 8px 12px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
  }
  li[data-dragging] {
    box-shadow: 0 4px 14px rgba(0, 0, 0, 0.15);
    position: relative;
    z-index: 1;
  }
  .handle {
    cursor: grab;
    border: 0;
    background: none;
    font-size: 18px;
    touch-action: none;
  }
  .name {
    flex: 1;
    min-width: 100px;
    font-weight: 600;
  }
  label {
    display: inline-flex;
    gap: 4px;
    align-items: center;
    color: ${vars.textMuted};
    font-size: 13px;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  select {
    font: inherit;
    padding: 4px;
  }
`;

export interface PickableColumn {
  alias: string;
  name: string;
}

/**
 * The column list of a home grid (a user's own layout or a role's group): order by dragging
 * or by keyboard (@dnd-kit), width and height, remove, add from `pickable`. `actions` (save,
 * reset) join the add bar. Needs `columnsEditorStyle` on an ancestor.
 */
export function ColumnsEditor({
  columns,
  onChange,
  pickable,
  actions,
}: {
  columns: EditedColumn[];
  onChange: (columns: EditedColumn[]) => void;
  pickable: PickableColumn[];
  actions: ReactNode;
}) {
  const t = useT();
  const [adding, setAdding] = useState('');
  // State, not a ref: the live region's container must be known when DndContext first draws.
  const [live, setLive] = useState<HTMLDivElement | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const placed = new Set(columns.map((column) => column.alias));
  const available = pickable.filter((column) => !placed.has(column.alias));
  const nameOf = (id: unknown) => columns.find((column) => column.alias === id)?.name ?? '';
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = columns.findIndex((column) => column.alias === active.id);
    const to = columns.findIndex((column) => column.alias === over.id);
    onChange(arrayMove(columns, from, to));
  };
  const add = () => {
    const column = available.find((candidate) => candidate.alias === adding);
    if (!column) return;
    onChange([...columns, { alias: column.alias, name: column.name, w: 4, h: 4 }]);
    setAdding('');
  };
  return (
    <>
      <div ref={setLive} />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          // The live region must sit in this shadow root: ids do not cross it.
          ...(live ? { container: live } : {}),
          announcements: {
            onDragStart: ({ active }) => t('widgets:layout.picked', { name: nameOf(active.id) }),
            onDragOver: ({ active, over }) =>
              t('widgets:layout.moved', {
                name: nameOf(active.id),
                n: columns.findIndex((column) => column.alias === over?.id) + 1,
              }),
            onDragEnd: ({ active }) => t('widgets:layout.dropped', { name: nameOf(active.id) }),
            onDragCancel: () => t('widgets:layout.cancelled'),
          },
        }}
      >
        <SortableContext
          items={columns.map((column) => column.alias)}
          strategy={verticalListSortingStrategy}
        >
          <ol data-layout-list>
            {columns.map((column) => (
              <LayoutRow
                key={column.alias}
                column={column}
                canRemove={columns.length > 1}
                onChange={(next) =>
                  onChange(columns.map((item) => (item.alias === next.alias ? next : item)))
                }
                onRemove={() => onChange(columns.filter((item) => item.alias !== column.alias))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="bar">
        <label>
          {t('widgets:layout.add')}
          <select value={adding} onChange={(event) => setAdding(event.target.value)} data-add>
            <option value="">{available.length ? '—' : t('widgets:layout.addNone')}</option>
            {available.map((column) => (
              <option key={column.alias} value={column.alias}>
                {column.name}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={add} disabled={!adding} data-action="add">
          {t('widgets:layout.add')}
        </Button>
        {actions}
      </div>
    </>
  );
}
