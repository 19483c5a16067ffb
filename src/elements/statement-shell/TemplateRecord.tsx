import type { ComponentProps } from 'react';
import { isFormTemplate } from '../../core/api/forms';
import { dataTemplate } from '../../core/api/statement';
import { FormRecordPage } from '../../ui/forms/FormRecordPage';
import { useLanguage } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { TemplateFormPage } from './TemplateFormPage';

/**
 * template/form/{key}/{action}: an online form's record page when the template lists a
 * form's records, else the older template page (a named query and a code store: dyzl).
 */
export function TemplateRecord(
  props: ComponentProps<typeof TemplateFormPage> & { draftId?: string | undefined },
) {
  const language = useLanguage();
  const template = useAsync(() => dataTemplate(props.templateKey), [props.templateKey, language]);
  if (template.loading) return <Loading />;
  if (template.data && isFormTemplate(template.data)) {
    return (
      <FormRecordPage
        target={{
          templateKey: props.templateKey,
          action: props.action,
          id: props.id,
          draftId: props.draftId,
        }}
        onSaved={props.onSaved}
        onBack={props.onBack}
      />
    );
  }
  return <TemplateFormPage {...props} />;
}
