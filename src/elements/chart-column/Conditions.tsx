import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import type { ChartQuery, ConditionField } from './api';
import { Button } from '../../ui/Button';
import { Choices } from './Choices';
import { DateField } from '../../ui/DateField';
import { controlStyle } from '../../ui/Field';
import { useT } from '../../ui/i18n';
import { phoneWidth, vars } from '../../ui/theme';

/** A text, a range [from, to], or the values picked from a field's choices. */
type Values = Record<string, string | string[]>;

const bar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px 12px;
  margin-bottom: 8px;
  label,
  .label {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-size: 12px;
    color: ${vars.textMuted};
    min-width: 0;
  }
  input {
    height: 30px;
    width: 150px;
    max-width: 100%;
  }
  .range {
    display: flex;
    gap: 4px;
    align-items: center;
  }
  .range input {
    width: 136px;
  }
  @media (max-width: ${phoneWidth}px) {
    label,
    .label,
    input,
    .range input {
      width: 100%;
    }
    .range {
      flex-direction: column;
      align-items: stretch;
    }
  }
`;

const blank = (fields: ConditionField[]): Values =>
  Object.fromEntries(
    fields.map((field) => [
      field.field,
      field.condition === 'BETWEEN' ? ['', ''] : field.choices ? [] : field.defaultValue,
    ]),
  );

/** The request's conditions: empty values are left out (spec section 5). */
export function toQuerys(fields: ConditionField[], values: Values): ChartQuery[] {
  return fields.flatMap((field): ChartQuery[] => {
    const value = values[field.field];
    if (Array.isArray(value)) {
      const parts = value.map((part) => part.trim());
      const given = field.condition === 'BETWEEN' ? parts.some(Boolean) : parts.length > 0;
      return given ? [{ property: field.field, value: parts, operation: field.condition }] : [];
    }
    const text = (value ?? '').trim();
    if (!text) return [];
    const list = field.condition === 'IN' ? text.split(/[,，]/).map((part) => part.trim()) : null;
    return [{ property: field.field, value: list ?? text, operation: field.condition }];
  });
}

function inputType(field: ConditionField) {
  if (field.dbType === 'date') return 'date';
  return field.dbType === 'number' ? 'number' : 'text';
}

/** The condition area from conditionfield, with query and reset. */
export function Conditions({
  fields,
  onQuery,
}: {
  fields: ConditionField[];
  onQuery: (querys: ChartQuery[]) => void;
}) {
  const t = useT();
  const [values, setValues] = useState<Values>(() => blank(fields));
  if (!fields.length) return null;
  const set = (field: string, value: string | string[]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onQuery(toQuerys(fields, values));
  };
  const reset = () => {
    const empty = blank(fields);
    setValues(empty);
    onQuery(toQuerys(fields, empty));
  };
  return (
    <form css={bar} onSubmit={submit} part="conditions" aria-label={t('charts:conditions')}>
      {fields.map((field) => {
        const value = values[field.field];
        if (field.choices) {
          return (
            <Choices
              key={field.field}
              field={field.field}
              label={field.comment}
              choices={field.choices}
              picked={Array.isArray(value) ? value : []}
              onChange={(picked) => set(field.field, picked)}
            />
          );
        }
        const dateKind = field.dbType === 'date' || field.dbType === 'month' ? field.dbType : null;
        if (field.condition === 'BETWEEN' && dateKind) {
          const [from = '', to = ''] = Array.isArray(value) ? value : [];
          return (
            <div key={field.field} role="group" aria-label={field.comment} className="label">
              {field.comment}
              <span className="range">
                {(['from', 'to'] as const).map((end, i) => (
                  <DateField
                    key={end}
                    name={`${field.field}-${end}`}
                    kind={dateKind}
                    label={field.comment}
                    ariaLabel={`${field.comment} ${t(`charts:${end}`)}`}
                    value={[from, to][i]!}
                    openAt={[to, from][i]}
                    onChange={(next) => set(field.field, i === 0 ? [next, to] : [from, next])}
                  />
                ))}
              </span>
            </div>
          );
        }
        return (
          <label key={field.field}>
            {field.comment}
            <input
              css={controlStyle}
              type={inputType(field)}
              data-condition={field.field}
              title={field.condition === 'IN' ? t('charts:listHint') : undefined}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => set(field.field, event.target.value)}
            />
          </label>
        );
      })}
      <Button variant="primary" type="submit" data-action="query">
        {t('charts:query')}
      </Button>
      <Button type="button" onClick={reset} data-action="reset">
        {t('charts:reset')}
      </Button>
    </form>
  );
}
