import { css } from '@emotion/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  saveTemplateRecord,
  templateForm,
  dataTemplate,
  type TemplateField,
} from '../../core/api/statement';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { rulesFor, validateValue } from '../../core/rules/rule-string';
import type { RuleFailure } from '../../core/rules/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { storeOptions } from '../../ui/finance/stores';
import { useFailureText, useLanguage, useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { labelOf } from './ConditionForm';

type Values = Record<string, unknown>;

/** The buttons above the record: on screen only, never on the printed page. */
const bar = css`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 16px;
  h2 {
    font-size: 17px;
    margin: 0;
    flex: 1;
  }
  @media print {
    button {
      display: none;
    }
  }
`;

const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  column-gap: 20px;
  max-width: 900px;
`;

/** Checks every field with its rule string, the same engine the server uses on save. */
function validate(
  fields: TemplateField[],
  values: Values,
  language: string,
): Record<string, RuleFailure | undefined> {
  const labels = Object.fromEntries(fields.map((field) => [field.name, labelOf(field, language)]));
  return Object.fromEntries(
    fields
      .filter((field) => !field.readonly)
      .map((field) => [
        field.name,
        validateValue(values[field.name], rulesFor(field.rules, field), { values, labels }),
      ]),
  );
}

/** A data template record (template/form/{key}/{action}): add, edit, or read only. */
export function TemplateFormPage({
  templateKey,
  action,
  id,
  onSaved,
  onBack,
  onClose,
}: {
  templateKey: string;
  action: 'add' | 'edit' | 'get';
  id: string | undefined;
  onSaved: (id: string) => void;
  onBack?: (() => void) | undefined;
  onClose?: (() => void) | undefined;
}) {
  const t = useT();
  const text = useFailureText();
  const language = useLanguage();
  const form = useAsync(async () => {
    const template = await dataTemplate(templateKey);
    return {
      template,
      form: await templateForm(
        template.formKey,
        template.boAlias,
        action === 'add' ? undefined : id,
      ),
    };
  }, [templateKey, action, id]);
  const stores = useAsync(storeOptions, []);
  const [values, setValues] = useState<Values>({});
  const [failures, setFailures] = useState<Record<string, RuleFailure | undefined>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (form.data) setValues(form.data.form.data ?? {});
  }, [form.data]);

  if (form.loading) return <Loading />;
  if (!form.data) return <Alert>{form.error?.message ?? t('common:errors.failed')}</Alert>;
  const { template, form: record } = form.data;
  const readonly = action === 'get' || record.readonly;
  const set = (name: string, value: unknown) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(record.fields, values, language);
    setFailures(found);
    setServerError('');
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const saved = await saveTemplateRecord(template.boAlias, values);
      notify('success', saved.message || t('shell:statement.saved'));
      onSaved(saved.id);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (item: TemplateField) => {
    const label = labelOf(item, language);
    const disabled = readonly || item.readonly;
    const common = {
      key: item.name,
      label,
      name: item.name,
      disabled,
      required: item.required && !disabled,
      error: text(failures[item.name]),
    };
    if (item.type === 'select' && item.options === 'stores') {
      return (
        <SelectField
          {...common}
          value={String(values[item.name] ?? '')}
          onChange={(event) => set(item.name, event.target.value)}
        >
          <option value="">—</option>
          {stores.data?.map((store) => (
            <option key={store.code} value={store.code}>
              {language === 'en-US' ? store.nameEn : store.name}
            </option>
          ))}
        </SelectField>
      );
    }
    return (
      <TextField
        {...common}
        value={String(values[item.name] ?? '')}
        onChange={(event) => set(item.name, event.target.value)}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate data-form={templateKey} data-action={action}>
      <div css={bar} part="form-toolbar">
        {onBack && (
          <Button variant="text" onClick={onBack} data-action="back">
            ← {t('shell:statement.back')}
          </Button>
        )}
        <h2>
          {template.name}
          {readonly && (
            <small css={{ marginLeft: 8, fontWeight: 400 }}>
              {t('common:parenthesised', { text: t('shell:statement.readonly') })}
            </small>
          )}
        </h2>
        {/* A record read in its own window (合同打印) is printed and closed from here. */}
        {readonly && (
          <Button onClick={() => globalThis.print()} data-action="print">
            {t('common:actions.print')}
          </Button>
        )}
        {onClose && (
          <Button onClick={onClose} data-action="close">
            {t('common:actions.close')}
          </Button>
        )}
      </div>
      {serverError && <Alert>{serverError}</Alert>}
      <div css={grid}>{record.fields.map(field)}</div>
      {!readonly && (
        <Button type="submit" variant="primary" busy={busy} data-action="save">
          {t('shell:statement.save')}
        </Button>
      )}
    </form>
  );
}
