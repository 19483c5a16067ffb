import { FormRecordPage } from '../../ui/forms/FormRecordPage';

/**
 * template/form/{key}/{action}: the record page of the template's online form (its records
 * in form_records, or a bound table's: dyzl), with print and close when read in a window of
 * its own.
 */
export function TemplateRecord(props: {
  templateKey: string;
  action: 'add' | 'edit' | 'get';
  id: string | undefined;
  draftId?: string | undefined;
  onSaved: (id: string) => void;
  onBack?: (() => void) | undefined;
  onClose?: (() => void) | undefined;
}) {
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
      onClose={props.onClose}
    />
  );
}
