import { css } from '@emotion/react';
// Its own texts (formula errors, uploads): every element that shows a form loads them.
import '../../core/i18n/forms';
import type { FormDefinition, SubTable } from '../../core/forms/definition';
import { Button } from '../Button';
import { answerText, useFailureText, useLanguage, useT } from '../i18n';
import { vars } from '../theme';
import { FieldInput, fieldLabel } from './FieldInput';
import type { RecordFact } from './record-facts';
import type { FormRecordState } from './useFormRecord';

const grid = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  column-gap: 20px;
  max-width: 960px;
  .wide {
    grid-column: 1 / -1;
  }
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const subTable = css`
  margin: 16px 0;
  max-width: 960px;
  h3 {
    font-size: 15px;
    margin: 0 0 8px;
  }
  .row {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)) auto;
    gap: 0 12px;
    align-items: start;
    padding: 8px 12px 0;
    margin-bottom: 8px;
    border: 1px solid ${vars.border};
    border-radius: 6px;
  }
  .row > button {
    margin-top: 26px;
  }
`;

const formulaAlert = css`
  color: ${vars.danger};
  margin: 8px 0;
`;

/**
 * An online form's fields and sub-tables; values and checks live in useFormRecord. `readonly`
 * is the whole form, or per field or sub-table name (a flow node edits only some of them).
 */
export function FormView({
  definition,
  state,
  readonly,
  facts = [],
}: {
  definition: FormDefinition;
  state: FormRecordState;
  readonly: boolean | ((name: string) => boolean);
  /** What the record holds besides its fields (record-facts.ts), shown read-only after them. */
  facts?: RecordFact[];
}) {
  const t = useT();
  const locked = (name: string) => (typeof readonly === 'function' ? readonly(name) : readonly);
  const failureText = useFailureText();
  const errorOf = (path: string) => {
    const failure = state.failures[path];
    return failure ? failureText(failure) : undefined;
  };
  return (
    <div data-form={definition.key}>
      {state.formulaErrors.length > 0 && (
        <div role="alert" css={formulaAlert} data-formula-error>
          <strong>{t('forms:formula.title')}</strong>
          {state.formulaErrors.map((error) => (
            <div key={`${error.table ?? ''}.${error.row ?? ''}.${error.field}`}>
              {error.field}: {t(error.key, error.params)}
            </div>
          ))}
        </div>
      )}
      <div css={grid}>
        {definition.fields.map((field) => (
          <div
            key={field.name}
            className={field.span === 2 || field.type === 'textarea' ? 'wide' : ''}
          >
            <FieldInput
              field={field}
              value={state.values[field.name]}
              error={errorOf(field.name)}
              readonly={locked(field.name)}
              onChange={(value) => state.set(field.name, value)}
            />
          </div>
        ))}
        {facts.map(({ column, value }) => (
          <div key={column.field} data-fact={column.field}>
            <FieldInput
              field={{ ...column, name: column.field, type: 'text' }}
              value={answerText(value, t)}
              error={undefined}
              readonly
              onChange={() => undefined}
            />
          </div>
        ))}
      </div>
      {definition.subTables.map((table) => (
        <SubTableEditor
          key={table.name}
          table={table}
          state={state}
          readonly={locked(table.name)}
          errorOf={errorOf}
        />
      ))}
    </div>
  );
}

function SubTableEditor({
  table,
  state,
  readonly,
  errorOf,
}: {
  table: SubTable;
  state: FormRecordState;
  readonly: boolean;
  errorOf: (path: string) => string | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const rows = (state.values[table.name] ?? []) as Record<string, unknown>[];
  const name = fieldLabel(table, language);
  return (
    <section css={subTable} data-sub-table={table.name} aria-label={name}>
      <h3>{name}</h3>
      {rows.map((row, index) => (
        <div className="row" key={index} data-sub-row={index}>
          {table.fields.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              value={row[field.name]}
              error={errorOf(`${table.name}.${index}.${field.name}`)}
              readonly={readonly}
              onChange={(value) => state.setRow(table.name, index, field.name, value)}
            />
          ))}
          {!readonly && (
            <Button
              variant="text"
              onClick={() => state.removeRow(table.name, index)}
              aria-label={t('forms:form.removeRow', { table: name, row: index + 1 })}
              data-action="remove-row"
            >
              {t('forms:form.remove')}
            </Button>
          )}
        </div>
      ))}
      {!readonly && (
        <Button onClick={() => state.addRow(table.name)} data-action="add-row">
          {t('forms:form.addRow')}
        </Button>
      )}
    </section>
  );
}
