import { useMemo, useState } from 'react';
import { storedDefinition, saveFormDefinition, templateEntries } from '../../core/api/forms';
import type { FieldOptions, FormDefinition, FormField } from '../../core/forms/definition';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextAreaField } from '../../ui/Field';
import { Tabs } from '../../ui/Tabs';
import { FormView } from '../../ui/forms/FormView';
import { useFormRecord } from '../../ui/forms/useFormRecord';
import { useLanguage, useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { RightsPanel } from './RightsEditor';
import { designerLayout } from './styles';
import { VisualEditor } from './VisualEditor';

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

/** The definition as the editor shows it: a dictionary's choices are the server's, not its. */
function editable(initial: FormDefinition): FormDefinition {
  const strip = (fields: FormField[]) =>
    fields.map((field) => (field.dictionary ? { ...field, options: undefined } : field));
  return {
    ...initial,
    fields: strip(initial.fields),
    subTables: initial.subTables.map((sub) => ({ ...sub, fields: strip(sub.fields) })),
  };
}

const asText = (definition: FormDefinition) => JSON.stringify(definition, null, 2);

/** Most steps 撤销 goes back. */
const undoDepth = 50;

/**
 * One definition, two views of it: the visual editor (the default) and its JSON (advanced).
 * Both write the same value; the JSON view's text is kept while it does not parse, and the
 * visual view waits until it does. The preview beside them fills in, computes and checks.
 */
function Editor({ version, initial }: { version: number; initial: FormDefinition }) {
  const t = useT();
  const [view, setView] = useState<'visual' | 'json'>('visual');
  const [definition, setDefinition] = useState(() => editable(initial));
  const [text, setText] = useState(() => asText(editable(initial)));
  const [history, setHistory] = useState<FormDefinition[]>([]);
  const [saved, setSaved] = useState(version);
  const [serverError, setServerError] = useState('');
  const choices = useMemo(() => choicesOf(initial), [initial]);
  const parsed = useMemo(() => parse(text), [text]);
  const change = (next: FormDefinition) => {
    setHistory((steps) => [...steps.slice(1 - undoDepth), definition]);
    setDefinition(next);
    setText(asText(next));
  };
  const undo = () => {
    const previous = history.at(-1);
    if (!previous) return;
    setHistory((steps) => steps.slice(0, -1));
    setDefinition(previous);
    setText(asText(previous));
    notify('info', t('forms:designer.undone'));
  };
  const edit = (next: string) => {
    setText(next);
    const read = parse(next);
    if (read.definition) setDefinition(read.definition);
  };
  const save = async () => {
    setServerError('');
    try {
      // The version this was edited from: someone else's newer save is a 409, not lost.
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
    <div css={designerLayout}>
      <div>
        <Tabs
          label={t('forms:designer.definition', { version: saved })}
          items={[
            { id: 'visual', label: t('forms:designer.visual') },
            { id: 'json', label: t('forms:designer.json') },
          ]}
          active={view}
          onChange={(id) => setView(id as 'visual' | 'json')}
        >
          {view === 'visual' && parsed.definition && (
            <VisualEditor definition={definition} onChange={change} />
          )}
          {view === 'visual' && !parsed.definition && (
            <Alert>{t('forms:designer.jsonBlocked')}</Alert>
          )}
          {view === 'json' && (
            <TextAreaField
              label={t('forms:designer.definition', { version: saved })}
              value={text}
              spellCheck={false}
              onChange={(event) => edit(event.target.value)}
              name="definition"
              error={
                parsed.error ? t('forms:designer.invalid', { message: parsed.error }) : undefined
              }
            />
          )}
        </Tabs>
        {serverError && <Alert>{serverError}</Alert>}
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button
            variant="primary"
            onClick={() => void save()}
            disabled={!parsed.definition}
            data-action="save-definition"
          >
            {t('forms:designer.save')}
          </Button>
          <Button onClick={undo} disabled={history.length === 0} data-action="undo">
            {t('forms:designer.undo')}
          </Button>
        </div>
      </div>
      <div data-preview>
        <h3 css={{ fontSize: 15, margin: '0 0 8px' }}>{t('forms:designer.preview')}</h3>
        {parsed.definition && (
          // A new definition is a new form: the preview starts empty again.
          <Preview key={text} definition={withChoices(definition, choices)} />
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
