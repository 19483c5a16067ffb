import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button';
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

/** The filter form of the finance lists, with the store dropdown; submit runs the query. */
export function FilterBar({
  fields,
  values,
  onChange,
  onSubmit,
  onReset,
  extra,
}: {
  fields: FilterField[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  onSubmit: () => void;
  onReset: () => void;
  extra?: ReactNode;
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
          ) : (
            <input
              css={controlStyle}
              name={field.name}
              type={field.kind === 'text' ? 'search' : field.kind}
              value={values[field.name] ?? ''}
              onChange={(event) => set(field.name, event.target.value)}
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
    </form>
  );
}
