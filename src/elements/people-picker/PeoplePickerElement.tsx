import { useEffect, useRef, useState } from 'react';
import { peopleByIds, type Person } from '../../core/api/directory';
import { useEmit, useFormAssociation, useHost } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
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
  const form = useFormAssociation();
  const [people, setPeople] = useState<Person[]>([]);
  const initial = useRef(value ?? '');
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

  // The form sees the ids and the validity.
  useEffect(() => {
    // Browsers without form-associated elements still get a working picker.
    if (!form || typeof form.internals.setFormValue !== 'function') return;
    form.internals.setFormValue(ids);
    const anchor = host.shadowRoot?.querySelector('input') ?? undefined;
    if (required && !ids) {
      form.internals.setValidity({ valueMissing: true }, t('people:picker.required'), anchor);
    } else form.internals.setValidity({});
  }, [form, host, ids, required, t]);

  useEffect(() => {
    if (!form) return;
    form.onReset = () => host.setAttribute('value', initial.current);
    return () => {
      form.onReset = undefined;
    };
  }, [form, host]);

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
