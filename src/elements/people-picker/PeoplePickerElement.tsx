import { useEffect, useState } from 'react';
import { peopleByIds, type Person } from '../../core/api/directory';
import { useEmit, useHost } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { useFormValue } from '../../ui/plug/useFormValue';
import { PeoplePicker } from '../../ui/people/PeoplePicker';

const idsOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

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
  const [people, setPeople] = useState<Person[]>([]);
  const ids = idsOf(value).join(',');

  // A value set by the page (attribute or property): show who those ids are.
  useEffect(() => {
    const wanted = idsOf(ids);
    if (wanted.join(',') === people.map((person) => person.id).join(',')) return;
    let live = true;
    peopleByIds(wanted).then(
      (found) => {
        if (!live) return;
        const byKey = new Map(
          found.flatMap((person) => [
            [person.id, person],
            [person.account, person],
          ]),
        );
        setPeople(wanted.map((id) => byKey.get(id)).filter((person): person is Person => !!person));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

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
        setPeople(next);
        const text = next.map((person) => person.id).join(',');
        host.setAttribute('value', text);
        emit('atrium-change', { value: text, people: next });
        host.dispatchEvent(new Event('change', { bubbles: true }));
      }}
    />
  );
}
