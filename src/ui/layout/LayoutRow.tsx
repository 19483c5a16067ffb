import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from '../Button';
import { useT } from '../i18n';

export interface EditedColumn {
  alias: string;
  name: string;
  w: number;
  h: number;
}

const widths = [3, 4, 6, 8, 9, 12];
const heights = [2, 3, 4, 5, 6, 8, 10];

/** One column of the editor: drag handle, name, width and height, remove. */
export function LayoutRow({
  column,
  onChange,
  onRemove,
  canRemove,
}: {
  column: EditedColumn;
  onChange: (column: EditedColumn) => void;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const t = useT();
  const sortable = useSortable({ id: column.alias });
  const style = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
  };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      data-layout-column={column.alias}
      data-dragging={sortable.isDragging || undefined}
    >
      <button
        type="button"
        className="handle"
        aria-label={t('widgets:layout.drag', { name: column.name })}
        data-handle={column.alias}
        {...sortable.attributes}
        {...sortable.listeners}
      >
        ⠿
      </button>
      <span className="name">{column.name}</span>
      <label>
        {t('widgets:layout.width')}
        <select
          value={column.w}
          data-width={column.alias}
          onChange={(event) => onChange({ ...column, w: Number(event.target.value) })}
        >
          {[...new Set([...widths, column.w])]
            .sort((a, b) => a - b)
            .map((w) => (
              <option key={w} value={w}>
                {w}/12
              </option>
            ))}
        </select>
      </label>
      <label>
        {t('widgets:layout.height')}
        <select
          value={column.h}
          data-height={column.alias}
          onChange={(event) => onChange({ ...column, h: Number(event.target.value) })}
        >
          {[...new Set([...heights, column.h])]
            .sort((a, b) => a - b)
            .map((h) => (
              <option key={h} value={h}>
                {h * 70}px
              </option>
            ))}
        </select>
      </label>
      <Button variant="text" disabled={!canRemove} data-remove={column.alias} onClick={onRemove}>
        {t('widgets:layout.remove')}
      </Button>
    </li>
  );
}
