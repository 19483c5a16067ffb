import { useState } from 'react';
import { isFormTemplate, templateEntries } from '../../core/api/forms';
import { dataTemplate } from '../../core/api/statement';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { DraftList } from '../../ui/forms/DraftList';
import { FormRecordPage, type RecordTarget } from '../../ui/forms/FormRecordPage';
import { FormTemplateList } from '../../ui/forms/FormTemplateList';
import { useLanguage, useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

type View = { kind: 'list' } | { kind: 'drafts' } | ({ kind: 'record' } & RecordTarget);

/**
 * An online form's data template on any page: the list, a record opened from it (add, edit,
 * view), and the caller's drafts, moving among them inside the element. Without a template
 * key (/onlineForm) it first offers the online forms to choose from.
 */
export function DataTemplate({ templateKey }: { templateKey?: string }) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const key = templateKey || chosen;
  if (!key) return <FormChoice onChoose={setChosen} />;
  return (
    <OneTemplate templateKey={key} onForms={templateKey ? undefined : () => setChosen(undefined)} />
  );
}

function FormChoice({ onChoose }: { onChoose: (templateKey: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const entries = useAsync(() => templateEntries(1, 100), [language]);
  if (entries.loading) return <Loading />;
  const forms = (entries.data?.rows ?? []).filter((entry) => entry.source === 'form');
  return (
    <section data-form-choice>
      <h2 css={{ fontSize: 17, margin: '0 0 12px' }}>{t('forms:list.forms')}</h2>
      <ul css={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {forms.map((entry) => (
          <li key={entry.templateKey}>
            <Button
              onClick={() => onChoose(entry.templateKey)}
              data-open-template={entry.templateKey}
            >
              {entry.name}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OneTemplate({
  templateKey,
  onForms,
}: {
  templateKey: string;
  onForms: (() => void) | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const [view, setView] = useState<View>({ kind: 'list' });
  const template = useAsync(() => dataTemplate(templateKey), [templateKey, language]);
  if (template.loading) return <Loading />;
  if (!template.data || !isFormTemplate(template.data))
    return <Alert>{template.error?.message ?? t('forms:form.notFound')}</Alert>;
  const info = template.data;
  const list = () => setView({ kind: 'list' });
  switch (view.kind) {
    case 'record':
      return (
        <FormRecordPage
          target={view}
          onSaved={(id) => setView({ ...view, action: 'edit', id, draftId: undefined })}
          onBack={list}
        />
      );
    case 'drafts':
      return (
        <DraftList
          onResume={(draft) =>
            setView({
              kind: 'record',
              templateKey: draft.templateKey,
              action: draft.recordId ? 'edit' : 'add',
              id: draft.recordId ?? undefined,
              draftId: draft.id,
            })
          }
        />
      );
    default:
      return (
        <>
          {onForms && (
            <Button variant="text" onClick={onForms} data-action="forms">
              {t('forms:list.forms')}
            </Button>
          )}
          <FormTemplateList
            template={info}
            onOpen={(action, id) =>
              setView({ kind: 'record', templateKey: info.templateKey, action, id })
            }
            onDrafts={() => setView({ kind: 'drafts' })}
          />
        </>
      );
  }
}
