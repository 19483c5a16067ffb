import { useState } from 'react';
import { batchUpdate, type FormTemplate } from '../../core/api/forms';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { SelectField } from '../Field';
import { useLanguage, useT } from '../i18n';
import { FieldInput, fieldLabel } from './FieldInput';

/**
 * 批量修改: one field set to one value on the selected records. The server checks each
 * record whole with the new value and changes all or none; its refusal is shown here.
 */
export function BatchEditDialog({
  template,
  ids,
  open,
  onClose,
  onDone,
}: {
  template: FormTemplate;
  ids: string[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const fields = template.form.fields.filter(
    (field) => !field.formula && !field.capitalsOf && field.type !== 'attachment',
  );
  const [name, setName] = useState(fields[0]?.name ?? '');
  const [value, setValue] = useState<unknown>('');
  const [error, setError] = useState('');
  const field = fields.find((each) => each.name === name);
  const apply = async () => {
    setError('');
    try {
      notify('success', await batchUpdate(template, ids, { [name]: value }));
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  return (
    <Dialog
      title={`${t('forms:list.batchEdit')} · ${t('forms:list.selected', { count: ids.length })}`}
      open={open}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button variant="primary" onClick={() => void apply()} data-action="apply-batch">
            {t('forms:list.apply')}
          </Button>
        </>
      }
    >
      <SelectField
        label={t('forms:list.batchField')}
        name="batchField"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setValue('');
        }}
      >
        {fields.map((each) => (
          <option key={each.name} value={each.name}>
            {fieldLabel(each, language)}
          </option>
        ))}
      </SelectField>
      {field && (
        <FieldInput
          key={field.name}
          field={{
            ...field,
            label: t('forms:list.batchValue'),
            labelEn: t('forms:list.batchValue'),
          }}
          value={value}
          error={undefined}
          readonly={false}
          onChange={setValue}
        />
      )}
      {error && <Alert>{error}</Alert>}
    </Dialog>
  );
}
