import { useState } from 'react';
import { isFormTemplate } from '../../core/api/forms';
import { dataTemplate } from '../../core/api/statement';
import { Alert } from '../../ui/Alert';
import { DraftList } from '../../ui/forms/DraftList';
import { FormRecordPage, type RecordTarget } from '../../ui/forms/FormRecordPage';
import { FormTemplateList } from '../../ui/forms/FormTemplateList';
import { useLanguage, useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

type View = { kind: 'list' } | { kind: 'drafts' } | ({ kind: 'record' } & RecordTarget);

/**
 * An online form's data template on any page: the list, a record opened from it (add, edit,
 * view), and the caller's drafts, moving among them inside the element.
 */
export function DataTemplate({ templateKey }: { templateKey?: string }) {
  const t = useT();
  const language = useLanguage();
  const [view, setView] = useState<View>({ kind: 'list' });
  const template = useAsync(
    () =>
      templateKey ? dataTemplate(templateKey) : Promise.reject(new Error(t('forms:form.notFound'))),
    [templateKey, language],
  );
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
        <FormTemplateList
          template={info}
          onOpen={(action, id) =>
            setView({ kind: 'record', templateKey: info.templateKey, action, id })
          }
          onDrafts={() => setView({ kind: 'drafts' })}
        />
      );
  }
}
