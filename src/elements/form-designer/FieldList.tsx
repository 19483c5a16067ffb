import { useState, type ReactNode } from 'react';
import {
  addField,
  fieldsOf,
  moveField,
  removeField,
  updateField,
  type FieldGroup,
} from '../../core/forms/definition-edit';
import {
  formFieldTypes,
  type FormDefinition,
  type FormFieldType,
} from '../../core/forms/definition';
import { Button } from '../../ui/Button';
import { fieldLabel } from '../../ui/forms/FieldInput';
import { useLanguage, useT } from '../../ui/i18n';
import { FieldSettings } from './FieldSettings';
import { groupStyle, rowStyle } from './styles';

/**
 * A group's fields in their order: each row says what the field is (label, name, type,
 * required, problems) and moves up or down or goes; pressing it opens its settings under
 * it. The footer adds a field of the chosen type, opened at once.
 */
export function FieldList({
  definition,
  group,
  title,
  headerActions,
  problems,
  onChange,
}: {
  definition: FormDefinition;
  group: FieldGroup;
  title: ReactNode;
  headerActions?: ReactNode;
  /** Problems by field name (the group's own). */
  problems: Map<string, string[]>;
  onChange: (definition: FormDefinition) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const fields = fieldsOf(definition, group);
  const [open, setOpen] = useState<number | null>(null);
  const [newType, setNewType] = useState<FormFieldType>('text');
  const move = (index: number, step: -1 | 1) => {
    onChange(moveField(definition, group, index, step));
    if (open === index) setOpen(index + step);
    else if (open === index + step) setOpen(index);
  };
  const remove = (index: number) => {
    onChange(removeField(definition, group, index));
    setOpen(null);
  };
  const add = () => {
    const added = addField(definition, group, newType, t('forms:designer.newField'));
    onChange(added.definition);
    setOpen(added.index);
  };
  return (
    <section css={groupStyle} data-field-group={group.table ?? ''}>
      <header>
        <h3>{title}</h3>
        <span>{t('forms:designer.fieldCount', { count: fields.length })}</span>
        {headerActions}
      </header>
      <ol>
        {fields.map((field, index) => {
          const label = fieldLabel(field, language) || field.name;
          const found = problems.get(field.name) ?? [];
          return (
            <li key={index} css={rowStyle} data-field={field.name} data-open={open === index}>
              <div className="summary">
                <button
                  type="button"
                  className="open"
                  aria-expanded={open === index}
                  onClick={() => setOpen(open === index ? null : index)}
                >
                  <strong>
                    {label}
                    {field.required && <span className="required"> *</span>}
                  </strong>
                  <span className="name">{field.name}</span>
                  <span className="tag">{t(`forms:designer.types.${field.type}`)}</span>
                  {field.formula && <span className="tag">ƒx</span>}
                  {found.length > 0 && (
                    <span className="problems" title={found.join('\n')}>
                      {t('forms:designer.problemCount', { count: found.length })}
                    </span>
                  )}
                </button>
                <Button
                  variant="text"
                  aria-label={t('forms:designer.moveUp', { label })}
                  disabled={index === 0}
                  data-action="move-up"
                  onClick={() => move(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  variant="text"
                  aria-label={t('forms:designer.moveDown', { label })}
                  disabled={index === fields.length - 1}
                  data-action="move-down"
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
                <Button
                  variant="text"
                  aria-label={t('forms:designer.removeField', { label })}
                  // A table keeps at least one field (the server's rule).
                  disabled={fields.length === 1}
                  data-action="remove-field"
                  onClick={() => remove(index)}
                >
                  ×
                </Button>
              </div>
              {open === index && (
                <div aria-label={t('forms:designer.settingsOf', { label })} role="group">
                  {found.length > 0 && (
                    <ul role="alert" css={{ margin: '0 12px 8px', color: 'inherit' }}>
                      {found.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  )}
                  <FieldSettings
                    definition={definition}
                    group={group}
                    field={field}
                    siblings={fields.filter((_, at) => at !== index)}
                    onChange={(patch) => onChange(updateField(definition, group, index, patch))}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <footer>
        <select
          aria-label={t('forms:designer.addFieldOfType')}
          name="newFieldType"
          value={newType}
          onChange={(event) => setNewType(event.target.value as FormFieldType)}
        >
          {formFieldTypes.map((type) => (
            <option key={type} value={type}>
              {t(`forms:designer.types.${type}`)}
            </option>
          ))}
        </select>
        <Button data-action="add-field" onClick={add}>
          {t('forms:designer.addField')}
        </Button>
      </footer>
    </section>
  );
}
