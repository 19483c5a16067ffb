import { useRef } from 'react';
import type { FieldGroup } from '../../core/forms/definition-edit';
import {
  formFieldTypes,
  type FormDefinition,
  type FormField,
  type FormFieldType,
} from '../../core/forms/definition';
import { functionsByName } from '../../core/forms/formula-library';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { fieldLabel } from '../../ui/forms/FieldInput';
import { useLanguage, useT } from '../../ui/i18n';
import { LabelInputs, NameInput } from './NameInputs';
import { OptionsEditor } from './OptionsEditor';
import { RulesEditor } from './RulesEditor';
import { checkStyle, chipsStyle, pairStyle } from './styles';

/** The functions offered as shortcuts; every other one of docs/forms.md can be typed. */
const offeredFunctions = ['sum', 'round', 'if', 'today', 'concat'].filter((name) =>
  functionsByName.has(name),
);

/**
 * One field's settings, as a form: what it is called (label, English label, name), its
 * type and width, whether it is required or filterable, its rules (RulesEditor), its formula (with the
 * group's fields and common functions one press away), a choice field's choices or
 * dictionary, a dialog field's dialog, a text field's amount in capitals.
 */
export function FieldSettings({
  definition,
  group,
  field,
  siblings,
  onChange,
}: {
  definition: FormDefinition;
  group: FieldGroup;
  field: FormField;
  /** The other fields of its group: what a formula or capitals can read. */
  siblings: FormField[];
  onChange: (patch: Partial<FormField>) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const formula = useRef<HTMLTextAreaElement>(null);
  const insert = (text: string) => {
    const area = formula.current;
    const current = field.formula ?? '';
    const start = area?.selectionStart ?? current.length;
    const end = area?.selectionEnd ?? current.length;
    onChange({ formula: current.slice(0, start) + text + current.slice(end) });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  const moneyFields = siblings.filter((other) => other.type === 'money');
  return (
    <div className="settings" data-field-settings={field.name}>
      <div css={pairStyle}>
        <LabelInputs label={field.label} labelEn={field.labelEn} onChange={onChange} />
        <NameInput
          definition={definition}
          group={group}
          current={field.name}
          caption={t('forms:designer.name')}
          inputName="name"
          hint={t('forms:designer.nameHint')}
          onChange={(name) => onChange({ name })}
        />
        <SelectField
          label={t('forms:designer.type')}
          name="type"
          value={field.type}
          onChange={(event) => onChange(typeChange(event.target.value as FormFieldType, field))}
        >
          {formFieldTypes.map((type) => (
            <option key={type} value={type}>
              {t(`forms:designer.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('forms:designer.span')}
          name="span"
          value={String(field.span ?? 1)}
          onChange={(event) => onChange({ span: event.target.value === '2' ? 2 : undefined })}
        >
          <option value="1">{t('forms:designer.spanHalf')}</option>
          <option value="2">{t('forms:designer.spanFull')}</option>
        </SelectField>
        {field.type === 'text' && moneyFields.length > 0 && (
          <SelectField
            label={t('forms:designer.capitalsOf')}
            name="capitalsOf"
            value={field.capitalsOf ?? ''}
            onChange={(event) => onChange({ capitalsOf: event.target.value || undefined })}
          >
            <option value="">{t('forms:designer.capitalsNone')}</option>
            {moneyFields.map((money) => (
              <option key={money.name} value={money.name}>
                {fieldLabel(money, language)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <label css={checkStyle}>
        <input
          type="checkbox"
          name="required"
          checked={field.required === true}
          onChange={(event) => onChange({ required: event.target.checked })}
        />
        {t('forms:designer.required')}
      </label>
      <label css={checkStyle}>
        <input
          type="checkbox"
          name="indexed"
          checked={field.indexed === true}
          onChange={(event) => onChange({ indexed: event.target.checked })}
        />
        {t('forms:designer.indexed')}
      </label>
      <RulesEditor
        rules={field.rules ?? ''}
        siblings={siblings}
        onChange={(rules) => onChange({ rules })}
      />
      <TextAreaField
        ref={formula}
        label={t('forms:designer.formula')}
        name="formula"
        maxLength={1000}
        rows={2}
        spellCheck={false}
        value={field.formula ?? ''}
        hint={t('forms:designer.formulaHint')}
        onChange={(event) => onChange({ formula: event.target.value })}
      />
      <div css={chipsStyle} data-insert-fields>
        <span>{t('forms:designer.insertField')}</span>
        {siblings.map((other) => (
          <button
            type="button"
            key={other.name}
            data-insert={other.name}
            onClick={() => insert(other.name)}
          >
            {fieldLabel(other, language) || other.name}
          </button>
        ))}
        <span>{t('forms:designer.insertFunction')}</span>
        {offeredFunctions.map((name) => (
          <button type="button" key={name} onClick={() => insert(`${name}()`)}>
            {name}()
          </button>
        ))}
      </div>
      {field.type === 'select' && (
        <>
          <TextField
            label={t('forms:designer.dictionary')}
            name="dictionary"
            maxLength={40}
            value={field.dictionary ?? ''}
            hint={t('forms:designer.dictionaryHint')}
            onChange={(event) => onChange({ dictionary: event.target.value })}
          />
          <OptionsEditor
            options={field.options ?? []}
            onChange={(options) => onChange({ options })}
          />
        </>
      )}
      {field.type === 'dialog' && (
        <TextField
          label={t('forms:designer.dialog')}
          name="dialog"
          maxLength={64}
          value={field.dialog ?? ''}
          onChange={(event) => onChange({ dialog: event.target.value })}
        />
      )}
    </div>
  );
}

/** A new type drops the settings only the old one had (choices, dialog, capitals). */
function typeChange(type: FormFieldType, field: FormField): Partial<FormField> {
  return {
    type,
    ...(type !== 'select' && { options: undefined, dictionary: undefined }),
    ...(type === 'select' && !field.options?.length && { options: [{ value: '1', label: '1' }] }),
    ...(type !== 'dialog' && { dialog: undefined }),
    ...(type !== 'text' && { capitalsOf: undefined }),
  };
}
