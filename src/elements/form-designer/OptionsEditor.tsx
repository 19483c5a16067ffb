import type { FieldOptions } from '../../core/forms/definition';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { settingsGrid } from './styles';

/** A choice field's list: value, label and English label per row, added and removed in place. */
export function OptionsEditor({
  options,
  onChange,
}: {
  options: FieldOptions;
  onChange: (options: FieldOptions) => void;
}) {
  const t = useT();
  const change = (index: number, patch: Partial<FieldOptions[number]>) =>
    onChange(options.map((option, at) => (at === index ? { ...option, ...patch } : option)));
  const next = String(options.length + 1);
  return (
    <fieldset css={settingsGrid} data-options>
      <legend>{t('forms:designer.options')}</legend>
      {options.map((option, index) => (
        <div key={index} className="option" data-option={index}>
          <input
            aria-label={t('forms:designer.optionValue')}
            placeholder={t('forms:designer.optionValue')}
            value={option.value}
            maxLength={60}
            onChange={(event) => change(index, { value: event.target.value })}
          />
          <input
            aria-label={t('forms:designer.optionLabel')}
            placeholder={t('forms:designer.optionLabel')}
            value={option.label}
            maxLength={60}
            onChange={(event) => change(index, { label: event.target.value })}
          />
          <input
            aria-label={t('forms:designer.optionLabelEn')}
            placeholder={t('forms:designer.optionLabelEn')}
            value={option.labelEn ?? ''}
            maxLength={60}
            onChange={(event) => change(index, { labelEn: event.target.value || undefined })}
          />
          <Button
            variant="text"
            aria-label={t('forms:designer.removeOption', { label: option.label || option.value })}
            onClick={() => onChange(options.filter((_, at) => at !== index))}
          >
            ×
          </Button>
        </div>
      ))}
      <Button
        data-action="add-option"
        onClick={() => onChange([...options, { value: next, label: next }])}
      >
        {t('forms:designer.addOption')}
      </Button>
    </fieldset>
  );
}
