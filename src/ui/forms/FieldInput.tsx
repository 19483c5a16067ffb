import { DialogInput } from './DialogInput';
import type { FormField } from '../../core/forms/definition';
import { DateField } from '../DateField';
import { FieldFrame, SelectField, TextAreaField, TextField } from '../Field';
import { useLanguage } from '../i18n';
import { vars } from '../theme';
import { AttachmentInput, UserInput } from './special-inputs';

export const fieldLabel = (
  item: { label: string; labelEn?: string | undefined },
  language: string,
) => (language === 'en-US' && item.labelEn) || item.label;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * One field of an online form, by type. Computed fields (formula, capitals) and read-only
 * forms show the value without an input to change it.
 */
export function FieldInput({
  field,
  value,
  error,
  readonly,
  onChange,
}: {
  field: FormField;
  value: unknown;
  error: string | undefined;
  readonly: boolean;
  onChange: (value: unknown) => void;
}) {
  const language = useLanguage();
  const label = fieldLabel(field, language);
  const required = field.required === true && !readonly;
  const computed = Boolean(field.formula || field.capitalsOf);
  const common = {
    label,
    error,
    required,
    name: field.name,
    'data-field': field.name,
  };
  if (computed || (readonly && !['attachment', 'user', 'dialog'].includes(field.type))) {
    const shown =
      field.type === 'select'
        ? fieldLabel(
            field.options?.find((option) => option.value === value) ?? { label: text(value) },
            language,
          )
        : text(value);
    return (
      <TextField
        {...common}
        value={shown}
        readOnly
        css={{ background: vars.surfaceMuted }}
        data-computed={computed || undefined}
      />
    );
  }
  const set = (next: unknown) => onChange(next);
  switch (field.type) {
    case 'textarea':
    case 'richtext':
      return (
        <TextAreaField
          {...common}
          value={text(value)}
          onChange={(event) => set(event.target.value)}
        />
      );
    case 'number':
    case 'decimal':
    case 'money':
      return (
        <TextField
          {...common}
          inputMode="decimal"
          value={text(value)}
          onChange={(event) => set(event.target.value)}
        />
      );
    case 'date':
      return (
        <FieldFrame label={label} error={error} required={required}>
          {({ inputId, errorId }) => (
            <DateField
              id={inputId}
              describedBy={error ? errorId : undefined}
              name={field.name}
              kind="date"
              label={label}
              value={text(value)}
              onChange={set}
            />
          )}
        </FieldFrame>
      );
    case 'time':
      return (
        <TextField
          {...common}
          type="time"
          value={text(value)}
          onChange={(event) => set(event.target.value)}
        />
      );
    case 'datetime':
      // The input speaks yyyy-mm-ddThh:mm; the record keeps yyyy-mm-dd hh:mm.
      return (
        <TextField
          {...common}
          type="datetime-local"
          value={text(value).replace(' ', 'T')}
          onChange={(event) => set(event.target.value.replace('T', ' '))}
        />
      );
    case 'select':
      return (
        <SelectField {...common} value={text(value)} onChange={(event) => set(event.target.value)}>
          <option value="" />
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {fieldLabel(option, language)}
            </option>
          ))}
        </SelectField>
      );
    case 'user':
      return (
        <UserInput
          label={label}
          value={text(value)}
          required={required}
          error={error}
          disabled={readonly}
          onChange={set}
        />
      );
    case 'dialog':
      return (
        <DialogInput
          name={field.name}
          alias={field.dialog ?? ''}
          label={label}
          value={text(value)}
          required={required}
          error={error}
          disabled={readonly}
          onChange={set}
        />
      );
    case 'attachment':
      return (
        <AttachmentInput
          label={label}
          value={Array.isArray(value) ? (value as string[]) : []}
          required={required}
          error={error}
          disabled={readonly}
          onChange={set}
        />
      );
    default:
      return (
        <TextField {...common} value={text(value)} onChange={(event) => set(event.target.value)} />
      );
  }
}
