import { css } from '@emotion/react';
import { useCallback } from 'react';
import { useFormAssociation, useHost } from '../../ui/element/context';
import { FormRecordPage } from '../../ui/forms/FormRecordPage';
import { useT } from '../../ui/i18n';
import { Alert } from '../../ui/Alert';

const bare = css`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

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
  disabled,
}: {
  templateKey?: string;
  recordId?: string;
  readonly?: boolean;
  /** Its own `disabled` or a disabled fieldset of the host page around it (the base's). */
  disabled?: boolean;
}) {
  const t = useT();
  const form = useFormAssociation();
  const host = useHost();
  const onValues = useCallback(
    (values: Record<string, unknown>, failure: string | undefined) => {
      if (!form) return;
      form.setValue(JSON.stringify(values));
      const anchor =
        host.shadowRoot?.querySelector<HTMLElement>('input, select, textarea') ?? undefined;
      form.setValidity({ customError: Boolean(failure) }, failure ?? '', anchor);
    },
    [form, host],
  );
  if (!templateKey) return <Alert>{t('forms:form.notFound')}</Alert>;
  const action = readonly ? 'get' : recordId ? 'edit' : 'add';
  // A disabled fieldset disables every control and button inside it, keeping what was typed.
  return (
    <fieldset disabled={disabled} css={bare}>
      <FormRecordPage target={{ templateKey, action, id: recordId }} onValues={onValues} />
    </fieldset>
  );
}
