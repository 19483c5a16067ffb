import { useState } from 'react';
import { PeoplePicker, type Person } from '../people/PeoplePicker';
import { usePeople } from '../people/usePeople';

/**
 * A form field of type user (工作交接人): the directory's people picker, searched by name,
 * account, pinyin initials or department, holding the person's id. Nobody can type an
 * account the directory does not know.
 */
export function UserField({
  name,
  label,
  value,
  required,
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: unknown;
  required: boolean;
  error?: string | undefined;
  onChange: (ids: string) => void;
}) {
  const known = usePeople(value);
  // What was just picked shows at once; a value from elsewhere is looked up.
  const [picked, setPicked] = useState<Person[] | null>(null);
  return (
    <PeoplePicker
      name={name}
      label={label}
      required={required}
      error={error}
      value={picked ?? known}
      onChange={(people) => {
        setPicked(people);
        onChange(people.map((person) => person.id).join(','));
      }}
    />
  );
}

/** A user field shown read-only: the people's names, not their ids. */
export function UserNames({ value }: { value: unknown }) {
  const people = usePeople(value);
  return <>{people.map((person) => person.fullname).join('、') || String(value ?? '')}</>;
}
