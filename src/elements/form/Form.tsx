import { useCallback } from 'react';
import { useFormAssociation, useHost } from '../../ui/element/context';
import { FormRecordPage } from '../../ui/forms/FormRecordPage';
import { useT } from '../../ui/i18n';
import { Alert } from '../../ui/Alert';

/**
 * One record of an online form on any page: a new one, or `record-id` to edit (or read,
 * with `readonly`). It saves through the template itself; inside a host page's <form> it
 * is also a form control whose value is the record as JSON and whose validity is the
 * form's rules.
 */
export function Form({
  templateKey,
  recordId,
  readonly,
}: {
  templateKey?: string;
  recordId?: string;
  readonly?: boolean;
}) {
  const t = useT();
  const form = useFormAssociation();
  const host = useHost();
  const onValues = useCallback(
    (values: Record<string, unknown>, failure: string | undefined) => {
      if (!form || typeof form.internals.setFormValue !== 'function') return;
      form.internals.setFormValue(JSON.stringify(values));
      const anchor =
        host.shadowRoot?.querySelector<HTMLElement>('input, select, textarea') ?? undefined;
      if (failure) form.internals.setValidity({ customError: true }, failure, anchor);
      else form.internals.setValidity({});
    },
    [form, host],
  );
  if (!templateKey) return <Alert>{t('forms:form.notFound')}</Alert>;
  const action = readonly ? 'get' : recordId ? 'edit' : 'add';
  return <FormRecordPage target={{ templateKey, action, id: recordId }} onValues={onValues} />;
}
