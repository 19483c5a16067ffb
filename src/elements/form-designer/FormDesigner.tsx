import { css } from '@emotion/react';
import { useMemo, useState } from 'react';
import { storedDefinition, saveFormDefinition, templateEntries } from '../../core/api/forms';
import type { FieldOptions, FormDefinition, FormField } from '../../core/forms/definition';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextAreaField } from '../../ui/Field';
import { FormView } from '../../ui/forms/FormView';
import { useFormRecord } from '../../ui/forms/useFormRecord';
import { useLanguage, useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { RightsPanel } from './RightsEditor';

const layout = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px;
  textarea {
    font-family: ui-monospace, monospace;
    font-size: 12px;
    min-height: 480px;
  }
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** Fields and sub-tables must at least be lists before the preview can draw them. */
function parse(text: string): { definition?: FormDefinition; error?: string } {
  try {
    const value = JSON.parse(text) as Partial<FormDefinition>;
    if (!value || !Array.isArray(value.fields) || !Array.isArray(value.subTables ?? []))
      return { error: 'fields' };
    return { definition: { subTables: [], ...value } as FormDefinition };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/**
 * The form-definition screen (administrators): a form's definition as JSON beside a live
 * preview that fills in, computes and checks as a user would; saving stores the next version
 * after the server's own checks.
 */
export function FormDesigner({ formKey }: { formKey?: string }) {
  const t = useT();
  const language = useLanguage();
  const forms = useAsync(() => templateEntries(1, 100), [language]);
  const [chosen, setChosen] = useState(formKey ?? '');
  const templates = (forms.data?.rows ?? []).filter((entry) => entry.source === 'form');
  const key = chosen || templates[0]?.formKey || '';
  const stored = useAsync(
    () => (key ? storedDefinition(key) : Promise.resolve(null)),
    [key, language],
  );
  if (forms.loading || stored.loading) return <Loading />;
  return (
    <section data-form-designer={key}>
      <SelectField
        label={t('forms:designer.form')}
        value={key}
        onChange={(event) => setChosen(event.target.value)}
        name="formKey"
      >
        {templates.map((entry) => (
          <option key={entry.templateKey} value={entry.formKey}>
            {entry.name}
          </option>
        ))}
      </SelectField>
      {templates
        .filter((entry) => entry.formKey === key)
        .map((entry) => (
          <RightsPanel key={entry.templateKey} templateKey={entry.templateKey} name={entry.name} />
        ))}
      {stored.data ? (
        <Editor
          key={`${key}/${stored.data.version}`}
          version={stored.data.version}
          initial={stored.data.definition}
        />
      ) : (
        <Alert>{stored.error?.message ?? t('forms:form.notFound')}</Alert>
      )}
    </section>
  );
}

function Editor({ version, initial }: { version: number; initial: FormDefinition }) {
  const t = useT();
  // Choices filled in from dictionaries are the server's; the stored definition names them.
  const [text, setText] = useState(() =>
    JSON.stringify(
      {
        ...initial,
        fields: initial.fields.map((field) =>
          field.dictionary ? { ...field, options: undefined } : field,
        ),
        subTables: initial.subTables.map((sub) => ({
          ...sub,
          fields: sub.fields.map((field) =>
            field.dictionary ? { ...field, options: undefined } : field,
          ),
        })),
      },
      null,
      2,
    ),
  );
  const [saved, setSaved] = useState(version);
  const [serverError, setServerError] = useState('');
  const choices = useMemo(() => choicesOf(initial), [initial]);
  const parsed = useMemo(() => parse(text), [text]);
  const save = async () => {
    setServerError('');
    try {
      const definition = JSON.parse(text) as { key?: unknown };
      // The version this text was edited from: someone else's newer save is a 409, not lost.
      const answer = await saveFormDefinition(
        definition,
        definition.key === initial.key ? saved : undefined,
      );
      setSaved(answer.version);
      notify('success', answer.message);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : String(error));
    }
  };
  return (
    <div css={layout}>
      <div>
        <TextAreaField
          label={t('forms:designer.definition', { version: saved })}
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          name="definition"
          error={parsed.error ? t('forms:designer.invalid', { message: parsed.error }) : undefined}
        />
        {serverError && <Alert>{serverError}</Alert>}
        <Button
          variant="primary"
          onClick={() => void save()}
          disabled={!parsed.definition}
          data-action="save-definition"
        >
          {t('forms:designer.save')}
        </Button>
      </div>
      <div data-preview>
        <h3 css={{ fontSize: 15, margin: '0 0 8px' }}>{t('forms:designer.preview')}</h3>
        {parsed.definition && (
          // A new definition is a new form: the preview starts empty again.
          <Preview key={text} definition={withChoices(parsed.definition, choices)} />
        )}
      </div>
    </div>
  );
}

function Preview({ definition }: { definition: FormDefinition }) {
  const t = useT();
  const state = useFormRecord(definition, {});
  return (
    <>
      <FormView definition={definition} state={state} readonly={false} />
      <Button onClick={() => state.check()} data-action="check-preview">
        {t('forms:designer.check')}
      </Button>
    </>
  );
}

type Choices = Record<string, FieldOptions>;

/** The dictionaries' choices the server filled in, by dictionary name. */
function choicesOf(definition: FormDefinition): Choices {
  const choices: Choices = {};
  for (const field of [...definition.fields, ...definition.subTables.flatMap((sub) => sub.fields)])
    if (field.dictionary && field.options) choices[field.dictionary] = field.options;
  return choices;
}

/** The preview shows a dictionary select with the choices the server gave. */
function withChoices(definition: FormDefinition, choices: Choices): FormDefinition {
  const fill = (fields: FormField[]) =>
    fields.map((field) =>
      field.dictionary && !field.options
        ? { ...field, options: choices[field.dictionary] ?? [] }
        : field,
    );
  return {
    ...definition,
    fields: fill(definition.fields),
    subTables: definition.subTables.map((sub) => ({ ...sub, fields: fill(sub.fields) })),
  };
}
