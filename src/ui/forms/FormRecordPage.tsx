import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import {
  draftData,
  formRecord,
  isFormTemplate,
  saveDraft,
  saveFormRecord,
  type FormTemplate,
} from '../../core/api/forms';
import { dataTemplate } from '../../core/api/statement';
import type { FormDefinition } from '../../core/forms/definition';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { useLanguage, useT } from '../i18n';
import { Loading } from '../Status';
import { useAsync } from '../useAsync';
import { fieldLabel } from './FieldInput';
import { FormView } from './FormView';
import { validateRecord } from '../../core/forms/validate';
import { useFormRecord } from './useFormRecord';

const bar = css`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 12px;
  margin: 16px 0;
  h2 {
    font-size: 17px;
    margin: 0;
    flex: 1;
  }
`;

export interface RecordTarget {
  templateKey: string;
  action: 'add' | 'edit' | 'get';
  id?: string | undefined;
  /** A draft to resume instead of the record's saved values. */
  draftId?: string | undefined;
}

/** What a record page needs: the template, its form with choices filled, the values. */
async function load(target: RecordTarget) {
  const template = await dataTemplate(target.templateKey);
  if (!isFormTemplate(template)) throw new Error('not a form');
  const definition = template.form;
  const [values] = await Promise.all([
    target.draftId
      ? draftData(target.draftId).then((draft) => draft.data)
      : formRecord(template, target.action === 'add' ? undefined : target.id),
  ]);
  return { template, definition, values };
}

/** An online form's record: add, edit or read; saves, or keeps a draft. */
export function FormRecordPage({
  target,
  onSaved,
  onBack,
  onValues,
}: {
  target: RecordTarget;
  onSaved?: ((id: string) => void) | undefined;
  onBack?: (() => void) | undefined;
  /** Every change: the values and the first failure (atrium-form's form value and validity). */
  onValues?: ((values: Record<string, unknown>, failure: string | undefined) => void) | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const loaded = useAsync(
    () => load(target),
    [target.templateKey, target.action, target.id, target.draftId, language],
  );
  if (loaded.loading) return <Loading />;
  if (!loaded.data) return <Alert>{loaded.error?.message ?? t('forms:form.notFound')}</Alert>;
  return (
    <RecordEditor
      key={`${target.id ?? ''}/${target.draftId ?? ''}`}
      {...loaded.data}
      target={target}
      onSaved={onSaved}
      onBack={onBack}
      onValues={onValues}
    />
  );
}

function RecordEditor({
  template,
  definition,
  values: initial,
  target,
  onSaved,
  onBack,
  onValues,
}: {
  onValues?: ((values: Record<string, unknown>, failure: string | undefined) => void) | undefined;
  template: FormTemplate;
  definition: FormDefinition;
  values: Record<string, unknown>;
  target: RecordTarget;
  onSaved?: ((id: string) => void) | undefined;
  onBack?: (() => void) | undefined;
}) {
  const t = useT();
  const state = useFormRecord(definition, initial);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [draftId, setDraftId] = useState(target.draftId);
  const readonly =
    target.action === 'get' || (target.action === 'edit' && !template.permission.edit);
  const recordId = target.action === 'add' ? undefined : target.id;
  const language = useLanguage();
  useEffect(() => {
    if (!onValues) return;
    const failures = validateRecord(definition, state.values, (field) =>
      fieldLabel(field, language),
    );
    const [path, failure] = Object.entries(failures)[0] ?? [];
    onValues(state.values, failure ? `${path}: ${t(failure.key, failure.params)}` : undefined);
  }, [state.values, onValues, definition, language, t]);

  const save = async () => {
    setServerError('');
    if (!state.check()) return notify('error', t('forms:form.fixErrors'));
    setBusy(true);
    try {
      const saved = await saveFormRecord(template, {
        ...state.values,
        ...(recordId ? { ID_: recordId } : {}),
      });
      notify('success', saved.message);
      onSaved?.(saved.id);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };
  const keepDraft = async () => {
    const title = [definition.fields[0], definition.fields[1]]
      .map((field) => (field ? String(state.values[field.name] ?? '') : ''))
      .filter(Boolean)
      .join(' ');
    const saved = await saveDraft({
      templateKey: template.templateKey,
      id: draftId,
      recordId,
      title,
      data: state.values,
    });
    setDraftId(saved.id);
    notify('success', saved.message);
  };

  return (
    <section data-record={recordId ?? 'new'} data-draft={draftId}>
      <div css={bar}>
        <h2>{template.name}</h2>
        {!readonly && (
          <>
            <Button
              variant="primary"
              onClick={() => void save()}
              disabled={busy}
              data-action="save"
            >
              {t('forms:form.save')}
            </Button>
            <Button onClick={() => void keepDraft()} data-action="save-draft">
              {t('forms:form.saveDraft')}
            </Button>
          </>
        )}
        {onBack && (
          <Button onClick={onBack} data-action="back">
            {t('forms:form.back')}
          </Button>
        )}
      </div>
      {serverError && <Alert>{serverError}</Alert>}
      <FormView definition={definition} state={state} readonly={readonly} />
    </section>
  );
}
