import { useState } from 'react';
import type { Person } from '../../core/api/directory';
import { useEmit, useHost } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { useFormValue } from '../../ui/plug/useFormValue';
import { PeoplePicker } from '../../ui/people/PeoplePicker';
import { personRefs, usePeople } from '../../ui/people/usePeople';

/** The shared people picker as a form control (see meta.ts). */
export function PeoplePickerElement({
  value,
  multiple,
  required,
  disabled,
  label,
  placeholder,
  name,
}: {
  value?: string;
  multiple?: boolean;
  required?: boolean;
  disabled?: boolean;
  label?: string;
  placeholder?: string;
  name?: string;
}) {
  const t = useT();
  const host = useHost();
  const emit = useEmit();
  const ids = personRefs(value).join(',');
  // Who the value names (looked up once signed in); what was just picked shows at once.
  const named = usePeople(ids);
  const [picked, setPicked] = useState<Person[]>([]);
  const people = picked.map((person) => person.id).join(',') === ids ? picked : named;

  // The host page's form sees the value and its validity.
  useFormValue(ids, required && !ids ? t('people:picker.required') : null, 'input');

  return (
    <PeoplePicker
      value={people}
      multiple={multiple}
      required={required}
      disabled={disabled}
      label={label}
      placeholder={placeholder}
      name={name}
      onChange={(next) => {
        setPicked(next);
        const text = next.map((person) => person.id).join(',');
        host.setAttribute('value', text);
        emit('atrium-change', { value: text, people: next });
        host.dispatchEvent(new Event('change', { bubbles: true }));
      }}
    />
  );
}
