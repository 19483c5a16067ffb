import { useState } from 'react';
import { nameProblem, type FieldGroup } from '../../core/forms/definition-edit';
import type { FormDefinition } from '../../core/forms/definition';
import { TextField } from '../../ui/Field';
import { useT } from '../../ui/i18n';

/**
 * What a form, a field or a sub-table is called, in both languages: the Chinese label is
 * required (the server's rule), the English one optional and left out when empty.
 */
export function LabelInputs({
  label,
  labelEn,
  names = ['label', 'labelEn'],
  captions = ['forms:designer.label', 'forms:designer.labelEn'],
  onChange,
}: {
  label: string;
  labelEn: string | undefined;
  /** The inputs' names (a form's are formName and formNameEn). */
  names?: [string, string];
  captions?: [string, string];
  onChange: (patch: { label?: string; labelEn?: string | undefined }) => void;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t(captions[0])}
        name={names[0]}
        required
        maxLength={60}
        value={label}
        error={label.trim() ? undefined : t('forms:designer.labelRequired')}
        onChange={(event) => onChange({ label: event.target.value })}
      />
      <TextField
        label={t(captions[1])}
        name={names[1]}
        maxLength={60}
        value={labelEn ?? ''}
        onChange={(event) => onChange({ labelEn: event.target.value || undefined })}
      />
    </>
  );
}

/**
 * A field's or sub-table's name: typed freely, said wrong in words while the server would
 * refuse it (format, or taken in its group case aside), and passed on only once it is right.
 */
export function NameInput({
  definition,
  group,
  current,
  caption,
  inputName,
  hint,
  onChange,
}: {
  definition: FormDefinition;
  /** The group the name lives in: the main fields and tables share one. */
  group: FieldGroup;
  current: string;
  caption: string;
  inputName: string;
  hint?: string;
  onChange: (name: string) => void;
}) {
  const t = useT();
  const [name, setName] = useState(current);
  const problem = nameProblem(definition, group, name, current);
  return (
    <TextField
      label={caption}
      name={inputName}
      required
      maxLength={40}
      value={name}
      hint={hint}
      error={problem && t(problem)}
      onChange={(event) => {
        setName(event.target.value);
        if (!nameProblem(definition, group, event.target.value, current))
          onChange(event.target.value);
      }}
    />
  );
}
