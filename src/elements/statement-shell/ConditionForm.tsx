import type { FormEvent } from 'react';
import type { ViewCondition } from '../../core/api/statement';
import { Button } from '../../ui/Button';
import { controlStyle } from '../../ui/Field';
import { filterBar } from '../../ui/filter-bar';
import { storeOptions } from '../../ui/finance/stores';
import { useLanguage, useT } from '../../ui/i18n';
import { useAsync } from '../../ui/useAsync';

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
                <input
                  css={controlStyle}
                  type="date"
                  name={`${condition.field}.from`}
                  value={values[`${condition.field}.from`] ?? ''}
                  onChange={(event) => set(`${condition.field}.from`, event.target.value)}
                />
                –
                <input
                  css={controlStyle}
                  type="date"
                  name={`${condition.field}.to`}
                  value={values[`${condition.field}.to`] ?? ''}
                  onChange={(event) => set(`${condition.field}.to`, event.target.value)}
                />
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
