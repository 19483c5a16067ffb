import { css } from '@emotion/react';
import type { ViewCondition } from '../../core/api/statement';
import { Button } from '../Button';
import { DateField } from '../DateField';
import { controlStyle } from '../Field';
import { filterBar } from '../filter-bar';
import { useLanguage, useT } from '../i18n';
import { storeOptions } from '../finance/stores';
import { useAsync } from '../useAsync';
import { fieldLabel } from './FieldInput';

export type ConditionValues = Record<string, string>;

const range = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
`;

/**
 * A template's conditions: text, a store, or a date range (two ends, either may be empty).
 * Date ends are `{field}.from` and `{field}.to` in the values.
 */
export function ListConditions({
  conditions,
  values,
  onChange,
  onSubmit,
  onReset,
}: {
  conditions: ViewCondition[];
  values: ConditionValues;
  onChange: (values: ConditionValues) => void;
  onSubmit: () => void;
  onReset: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const stores = useAsync(() => storeOptions(), [language]);
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  if (!conditions.length) return null;
  return (
    <form
      css={filterBar}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {conditions.map((condition) => {
        const label = fieldLabel(condition, language);
        return (
          <label key={condition.field} className="field">
            <span>{label}</span>
            {condition.type === 'date' ? (
              <span css={range}>
                <DateField
                  name={`${condition.field}.from`}
                  kind="date"
                  label={label}
                  value={values[`${condition.field}.from`] ?? ''}
                  openAt={values[`${condition.field}.to`]}
                  onChange={(value) => set(`${condition.field}.from`, value)}
                />
                –
                <DateField
                  name={`${condition.field}.to`}
                  kind="date"
                  label={label}
                  value={values[`${condition.field}.to`] ?? ''}
                  openAt={values[`${condition.field}.from`]}
                  onChange={(value) => set(`${condition.field}.to`, value)}
                />
              </span>
            ) : condition.type === 'select' ? (
              <select
                css={controlStyle}
                name={condition.field}
                value={values[condition.field] ?? ''}
                onChange={(event) => set(condition.field, event.target.value)}
              >
                <option value="">{t('forms:list.all')}</option>
                {(stores.data ?? []).map((store) => (
                  <option key={store.code} value={store.code}>
                    {language === 'en-US' && store.nameEn ? store.nameEn : store.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                css={controlStyle}
                name={condition.field}
                value={values[condition.field] ?? ''}
                onChange={(event) => set(condition.field, event.target.value)}
              />
            )}
          </label>
        );
      })}
      <div className="buttons">
        <Button variant="primary" type="submit" data-action="search">
          {t('forms:list.search')}
        </Button>
        <Button onClick={onReset} data-action="reset">
          {t('forms:list.reset')}
        </Button>
      </div>
    </form>
  );
}

/** The platform's querys for the conditions: dates as a BETWEEN pair, the rest as is. */
type Query = { property: string; value: string | string[]; operation: string };

export function querysOf(conditions: ViewCondition[], values: ConditionValues): Query[] {
  return conditions.flatMap((condition): Query[] => {
    if (condition.type === 'date') {
      const from = values[`${condition.field}.from`] ?? '';
      const to = values[`${condition.field}.to`] ?? '';
      return from || to
        ? [{ property: condition.field, value: [from, to], operation: 'BETWEEN' }]
        : [];
    }
    const value = values[condition.field]?.trim() ?? '';
    return value
      ? [
          {
            property: condition.field,
            value,
            operation: condition.type === 'select' ? 'EQUAL' : 'LIKE',
          },
        ]
      : [];
  });
}
