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
 * The rows of a list dialog (spec/workflow-office.md 2.4, selection list): a checkbox (or a
 * radio for one row) per row, the index column (numbered across pages), the display fields
 * as columns, a header button per column to sort by it. A click anywhere on a row chooses
 * it; the keyboard reaches the inputs with Tab and chooses with Space.
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
  firstIndex = 1,
}: {
  definition: CustomDialogDefinition;
  rows: DialogRow[];
  /** The number of the first row shown: 21 on the second page of twenty. */
  firstIndex?: number;
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
            <th className="index" scope="col">
              {t('customDialog:dialog.index')}
            </th>
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
          {rows.map((row, i) => {
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
                <td className="index" data-index>
                  {firstIndex + i}
                </td>
                {definition.displayfield.map((field) => (
                  <td key={field.field} data-column={field.field}>
                    {cell(row[field.field])}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
