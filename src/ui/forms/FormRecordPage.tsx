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
import { Loading, NotLoaded } from '../Status';
import { useAsync } from '../useAsync';
import { FormView } from './FormView';
import { recordFacts } from './record-facts';
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
  @media print {
    button {
      display: none;
    }
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
  if (!isFormTemplate(template)) return null; // a query view's template has no record page
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
  onClose,
  onValues,
}: {
  target: RecordTarget;
  onSaved?: ((id: string) => void) | undefined;
  onBack?: (() => void) | undefined;
  /** The record opened in a window of its own (isNewPage, 合同打印): closes that window. */
  onClose?: (() => void) | undefined;
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
  if (!loaded.data) return <NotLoaded load={loaded} notFound={t('forms:form.notFound')} />;
  return (
    <RecordEditor
      key={`${target.id ?? ''}/${target.draftId ?? ''}`}
      {...loaded.data}
      target={target}
      onSaved={onSaved}
      onBack={onBack}
      onClose={onClose}
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
  onClose,
  onValues,
}: {
  onValues?: ((values: Record<string, unknown>, failure: string | undefined) => void) | undefined;
  onClose?: (() => void) | undefined;
  template: FormTemplate;
  definition: FormDefinition;
  values: Record<string, unknown>;
  target: RecordTarget;
  onSaved?: ((id: string) => void) | undefined;
  onBack?: (() => void) | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const state = useFormRecord(definition, initial);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [draftId, setDraftId] = useState(target.draftId);
  const readonly =
    target.action === 'get' || (target.action === 'edit' && !template.permission.edit);
  const recordId = target.action === 'add' ? undefined : target.id;
  // The record's updated stamp as read: a save over someone else's newer save is refused
  // (409) rather than losing theirs. A resumed draft saves over whatever is there.
  const [stamp, setStamp] = useState(target.draftId ? undefined : initial.UPDATED_AT_);
  useEffect(() => {
    if (!onValues) return;
    const [path, failure] = Object.entries(state.problems)[0] ?? [];
    onValues(state.values, failure ? `${path}: ${t(failure.key, failure.params)}` : undefined);
  }, [state.values, state.problems, onValues, t]);

  const save = async () => {
    setServerError('');
    if (!state.check()) return notify('error', t('forms:form.fixErrors'));
    setBusy(true);
    try {
      const { UPDATED_AT_: _read, ...values } = state.values;
      const saved = await saveFormRecord(template, {
        ...values,
        ...(recordId ? { ID_: recordId } : {}),
        ...(recordId && stamp ? { UPDATED_AT_: stamp } : {}),
      });
      if (recordId) setStamp((await formRecord(template, saved.id)).UPDATED_AT_);
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
      {/* A form for the record's buttons and fields; Enter in a field does not send it. */}
      <form
        noValidate
        data-form={template.templateKey}
        data-action={target.action}
        onSubmit={(event) => event.preventDefault()}
      >
        <div css={bar} part="form-toolbar">
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
              {/* A bound table's records (dyzl) are saved whole: the server keeps no drafts. */}
              {template.list !== 'query' && (
                <Button onClick={() => void keepDraft()} data-action="save-draft">
                  {t('forms:form.saveDraft')}
                </Button>
              )}
            </>
          )}
          {/* A record read (合同打印 opens one so) is printed from here. */}
          {readonly && (
            <Button onClick={() => globalThis.print()} data-action="print">
              {t('common:actions.print')}
            </Button>
          )}
          {onBack && (
            <Button onClick={onBack} data-action="back">
              {t('forms:form.back')}
            </Button>
          )}
          {onClose && (
            <Button onClick={onClose} data-action="close">
              {t('common:actions.close')}
            </Button>
          )}
        </div>
        {serverError && <Alert>{serverError}</Alert>}
        <FormView
          definition={definition}
          state={state}
          readonly={readonly}
          facts={recordId ? recordFacts(template.columns, definition, initial, language) : []}
        />
      </form>
    </section>
  );
}
