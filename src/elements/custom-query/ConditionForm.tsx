import type { FormEvent } from 'react';
import { labelOf, type ConditionField } from '../../core/api/custom-query';
import { Button } from '../../ui/Button';
import { controlStyle } from '../../ui/Field';
import { filterBar } from '../../ui/filter-bar';
import { useLanguage, useT } from '../../ui/i18n';

/** The query's editable conditions as a small filter form. */
export function ConditionForm({
  fields,
  values,
  onChange,
  onSubmit,
  onReset,
}: {
  fields: ConditionField[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  onSubmit: () => void;
  onReset: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form css={filterBar} onSubmit={submit} role="search" part="conditions">
      {fields.map((field) => (
        <label key={field.field}>
          {labelOf(field, language)}
          <input
            css={controlStyle}
            type="search"
            name={field.field}
            value={values[field.field] ?? ''}
            onChange={(event) => onChange({ ...values, [field.field]: event.target.value })}
          />
        </label>
      ))}
      <div className="buttons">
        <Button type="submit" variant="primary" data-action="query">
          {t('shell-elements:customQuery.query')}
        </Button>
        <Button onClick={onReset} data-action="reset">
          {t('shell-elements:customQuery.reset')}
        </Button>
      </div>
    </form>
  );
}
