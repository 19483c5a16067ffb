import { Fragment, type FormEvent } from 'react';
import type { ViewCondition } from '../../core/api/statement';
import { Button } from '../Button';
import { DateField } from '../DateField';
import { controlStyle } from '../Field';
import { filterBar } from '../filter-bar';
import { storeOptions } from '../finance/stores';
import { useLanguage, useT } from '../i18n';
import { useAsync } from '../useAsync';

export const labelOf = (item: { label: string; labelEn?: string }, language: string) =>
  language === 'en-US' && item.labelEn ? item.labelEn : item.label;

/** The conditions of a query view or template list; a date condition is a from/to pair. */
export function ConditionForm({
  conditions,
  values,
  onChange,
  onSubmit,
}: {
  conditions: ViewCondition[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  onSubmit: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const needsStores = conditions.some((condition) => condition.optionsFrom === 'stores');
  const stores = useAsync(
    () => (needsStores ? storeOptions() : Promise.resolve([])),
    [needsStores],
  );
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  if (!conditions.length) return null;
  return (
    <form css={filterBar} onSubmit={submit} role="search">
      {conditions.map((condition) => {
        const label = labelOf(condition, language);
        if (condition.type === 'date') {
          return (
            <label key={condition.field}>
              {label}
              <span className="range">
                {(['from', 'to'] as const).map((end, i) => (
                  <Fragment key={end}>
                    {i > 0 && '–'}
                    <DateField
                      name={`${condition.field}.${end}`}
                      kind="date"
                      label={label}
                      value={values[`${condition.field}.${end}`] ?? ''}
                      openAt={values[`${condition.field}.${i === 0 ? 'to' : 'from'}`]}
                      onChange={(value) => set(`${condition.field}.${end}`, value)}
                    />
                  </Fragment>
                ))}
              </span>
            </label>
          );
        }
        if (condition.type === 'select') {
          const options =
            condition.optionsFrom === 'stores'
              ? (stores.data ?? []).map((store) => ({
                  value: store.code,
                  label: language === 'en-US' ? store.nameEn : store.name,
                }))
              : (condition.options ?? []);
          return (
            <label key={condition.field}>
              {label}
              <select
                css={controlStyle}
                name={condition.field}
                value={values[condition.field] ?? ''}
                onChange={(event) => set(condition.field, event.target.value)}
              >
                <option value="">—</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        return (
          <label key={condition.field}>
            {label}
            <input
              css={controlStyle}
              type="search"
              name={condition.field}
              value={values[condition.field] ?? ''}
              onChange={(event) => set(condition.field, event.target.value)}
            />
          </label>
        );
      })}
      <Button type="submit" variant="primary" data-action="query">
        {t('common:actions.query')}
      </Button>
    </form>
  );
}
