import { useId } from 'react';
import {
  rowLabel,
  rowValue,
  type CustomDialogDefinition,
  type DialogRow,
} from '../../core/api/custom-dialog';
import { useT } from '../../ui/i18n';

export interface Sort {
  field: string;
  direction: 'ASC' | 'DESC';
}

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

/**
 * The rows of a list dialog: a checkbox (or a radio for one row) per row, the display
 * fields as columns, a header button per column to sort by it. A click anywhere on a row
 * chooses it; the keyboard reaches the inputs with Tab and chooses with Space.
 */
export function RowTable({
  definition,
  rows,
  single,
  isChosen,
  blocked,
  sort,
  onSort,
  onChoose,
}: {
  definition: CustomDialogDefinition;
  rows: DialogRow[];
  single: boolean;
  isChosen: (row: DialogRow) => boolean;
  blocked: boolean;
  sort: Sort | undefined;
  onSort: (sort: Sort) => void;
  onChoose: (row: DialogRow) => void;
}) {
  const t = useT();
  const group = useId();
  return (
    <div className="rows" part="table">
      <table>
        <thead>
          <tr>
            <th aria-hidden />
            {definition.displayfield.map((field) => {
              const current = sort?.field === field.field ? sort.direction : undefined;
              return (
                <th
                  key={field.field}
                  aria-sort={
                    current === 'ASC' ? 'ascending' : current === 'DESC' ? 'descending' : undefined
                  }
                >
                  <button
                    type="button"
                    data-sort={field.field}
                    onClick={() =>
                      onSort({ field: field.field, direction: current === 'ASC' ? 'DESC' : 'ASC' })
                    }
                  >
                    {field.comment}
                    {current === 'ASC' ? ' ↑' : current === 'DESC' ? ' ↓' : ''}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const value = rowValue(definition, row);
            const chosen = isChosen(row);
            return (
              <tr
                key={value}
                data-value={value}
                aria-selected={chosen}
                onClick={() => (chosen || !blocked || single) && onChoose(row)}
              >
                <td className="pick">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={group}
                    checked={chosen}
                    disabled={!chosen && blocked && !single}
                    aria-label={t('customDialog:dialog.select', {
                      name: rowLabel(definition, row),
                    })}
                    onClick={(event) => event.stopPropagation()}
                    onChange={() => onChoose(row)}
                  />
                </td>
                {definition.displayfield.map((field) => (
                  <td key={field.field}>{cell(row[field.field])}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
