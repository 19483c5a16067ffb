import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button';
import { DateField } from '../DateField';
import { controlStyle } from '../Field';
import { filterBar } from '../filter-bar';
import { useLanguage, useT } from '../i18n';
import { useAsync } from '../useAsync';
import { storeOptions } from './stores';

export type FilterKind = 'store' | 'month' | 'date' | 'text';

export interface FilterField {
  name: string;
  label: string;
  kind: FilterKind;
}

export type FilterValues = Record<string, string>;

/**
 * A range typed the wrong way round (开始 after 结束): the message saying so, else null. Ranges
 * are the field pairs named start… and end… of the same kind; months and dates compare as text.
 */
export function reversedRange(
  fields: readonly FilterField[],
  values: FilterValues,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  for (const start of fields) {
    if (!start.name.startsWith('start')) continue;
    const end = fields.find((field) => field.name === `end${start.name.slice(5)}`);
    const from = values[start.name];
    const to = end && values[end.name];
    if (end && from && to && from > to)
      return t('finance:filters.reversed', { start: start.label, end: end.label });
  }
  return null;
}

/** The filter form of the finance lists, with the store dropdown; submit runs the query. */
export function FilterBar({
  fields,
  values,
  onChange,
  onSubmit,
  onReset,
  extra,
  error,
}: {
  fields: FilterField[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  onSubmit: () => void;
  onReset: () => void;
  extra?: ReactNode;
  /** Why the filters were not applied (shown under them until they change). */
  error?: string | null;
}) {
  const t = useT();
  const language = useLanguage();
  const stores = useAsync(storeOptions, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  return (
    <form css={filterBar} onSubmit={submit} part="filters" role="search">
      {fields.map((field) => (
        <label key={field.name}>
          {field.label}
          {field.kind === 'store' ? (
            <select
              css={controlStyle}
              name={field.name}
              value={values[field.name] ?? ''}
              onChange={(event) => set(field.name, event.target.value)}
            >
              <option value="">{t('finance:filters.allStores')}</option>
              {stores.data?.map((store) => (
                <option key={store.code} value={store.code}>
                  {language === 'en-US' ? store.nameEn : store.name}
                </option>
              ))}
            </select>
          ) : field.kind === 'text' ? (
            <input
              css={controlStyle}
              name={field.name}
              type="search"
              value={values[field.name] ?? ''}
              onChange={(event) => set(field.name, event.target.value)}
            />
          ) : (
            <DateField
              name={field.name}
              kind={field.kind}
              label={field.label}
              value={values[field.name] ?? ''}
              onChange={(value) => set(field.name, value)}
            />
          )}
        </label>
      ))}
      <div className="buttons">
        <Button type="submit" variant="primary" data-action="query">
          {t('finance:filters.query')}
        </Button>
        <Button onClick={onReset} data-action="reset">
          {t('finance:filters.reset')}
        </Button>
        {extra}
      </div>
      {error && (
        <p role="alert" className="error" data-field="filter-error">
          {error}
        </p>
      )}
    </form>
  );
}
