import { css } from '@emotion/react';
import { useMemo } from 'react';
import type { FlowField, FlowForm, FormValues } from '../../core/workflow/form';
import { derivedValues, inputText, localFlowForm } from '../../core/workflow/form';
import { DateField } from '../DateField';
import { FieldFrame, SelectField, TextAreaField, TextField } from '../Field';
import { useLanguage, useT } from '../i18n';
import { vars } from '../theme';
import { UserField, UserNames } from './UserField';
import { formatCurrency } from '../../core/money';

const grid = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 20px;
  .wide {
    grid-column: 1 / -1;
  }
  @media (max-width: 700px) {
    grid-template-columns: 1fr;
  }
`;

const readOnlyField = css`
  margin-bottom: 14px;
  dt {
    font-size: 13px;
    color: ${vars.textMuted};
    margin-bottom: 4px;
  }
  dd {
    margin: 0;
    min-height: 38px;
    padding: 8px 12px;
    border-radius: ${vars.radius};
    background: ${vars.surfaceMuted};
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

function displayValue(field: FlowField, value: unknown, yes: string, no: string): string {
  if (field.type === 'boolean') return value === true ? yes : value === false ? no : '';
  // Money reads as money: ¥1,234,567.80.
  if (field.type === 'money') {
    const amount = formatCurrency(value);
    return amount ? `¥${amount}` : inputText(value);
  }
  if (field.type === 'select') {
    const option = field.options?.find((candidate) => candidate.value === String(value ?? ''));
    return option?.label ?? inputText(value);
  }
  return inputText(value);
}

/**
 * A flow form from its definition (docs/workflow.md, "Forms"): inputs for the fields this
 * user may change, plain values for the others. Messages come from the rule engine.
 */
export function FlowFormView({
  form: definition,
  values,
  editable,
  errors,
  onChange,
}: {
  form: FlowForm;
  values: FormValues;
  editable: (name: string) => boolean;
  errors: Record<string, string>;
  onChange: (name: string, value: unknown) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const form = useMemo(() => localFlowForm(definition, language), [definition, language]);
  // A change also sets the values that follow from it (days from dates), if editable here.
  const change = (name: string, value: unknown) => {
    onChange(name, value);
    const derived = derivedValues(form, { ...values, [name]: value }, name);
    for (const [field, next] of Object.entries(derived)) if (editable(field)) onChange(field, next);
  };
  if (!form.fields.length) return <p data-state="empty">{t('workflow:form.empty')}</p>;
  return (
    <div css={grid} part="form" data-form>
      {form.fields.map((field) => {
        const wide = field.type === 'textarea' ? 'wide' : undefined;
        const value = values[field.name];
        if (!editable(field.name)) {
          return (
            <dl key={field.name} css={readOnlyField} className={wide} data-field={field.name}>
              <dt>{field.label}</dt>
              <dd data-readonly>
                {field.type === 'user' ? (
                  <UserNames value={value} />
                ) : (
                  displayValue(field, value, t('workflow:form.yes'), t('workflow:form.no'))
                )}
              </dd>
            </dl>
          );
        }
        const common = {
          label: field.label,
          required: field.required === true,
          error: errors[field.name],
          name: field.name,
          hint: field.hint,
        };
        return (
          <div key={field.name} className={wide} data-field={field.name}>
            <FieldInput field={field} value={value} common={common} onChange={change} />
          </div>
        );
      })}
    </div>
  );
}

function FieldInput({
  field,
  value,
  common,
  onChange,
}: {
  field: FlowField;
  value: unknown;
  common: { label: string; required: boolean; error: string | undefined; name: string };
  onChange: (name: string, value: unknown) => void;
}) {
  const t = useT();
  const text = inputText(value);
  switch (field.type) {
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          value={text}
          rows={3}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          value={text}
          onChange={(event) => onChange(field.name, event.target.value)}
        >
          <option value="">{t('workflow:starter.blank')}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    case 'date':
      // The app's calendar, in the app's language (a native date input follows the browser's).
      return (
        <FieldFrame label={common.label} error={common.error} required={common.required}>
          {({ inputId, errorId }) => (
            <DateField
              id={inputId}
              describedBy={common.error ? errorId : undefined}
              name={field.name}
              kind="date"
              label={common.label}
              value={text}
              onChange={(next) => onChange(field.name, next)}
            />
          )}
        </FieldFrame>
      );
    case 'user':
      return (
        <UserField
          name={field.name}
          label={common.label}
          required={common.required}
          error={common.error}
          value={value}
          onChange={(ids) => onChange(field.name, ids)}
        />
      );
    case 'boolean':
      return (
        <label css={{ display: 'flex', gap: 8, alignItems: 'center', height: 60 }}>
          <input
            type="checkbox"
            name={field.name}
            checked={value === true || value === 'true'}
            onChange={(event) => onChange(field.name, event.target.checked)}
          />
          {field.label}
        </label>
      );
    default:
      return (
        <TextField
          {...common}
          type="text"
          inputMode={field.type === 'number' || field.type === 'money' ? 'decimal' : undefined}
          value={text}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      );
  }
}
