import { useEffect, useState } from 'react';
import { peopleByIds } from '../../core/api/directory';
import { PeoplePicker, type Person } from '../people/PeoplePicker';

/** The ids (or accounts) a user field holds, as a list. */
export const userRefs = (value: unknown): string[] =>
  (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((item) => String(item).trim())
    .filter(Boolean);

/** The people a user field names, looked up once per value (names for ids or accounts). */
export function usePeople(value: unknown): Person[] {
  const refs = userRefs(value).join(',');
  const [people, setPeople] = useState<Person[]>([]);
  useEffect(() => {
    let alive = true;
    if (!refs) setPeople([]);
    else
      void peopleByIds(refs.split(','))
        .then((found) => alive && setPeople(found))
        .catch(() => alive && setPeople([]));
    return () => {
      alive = false;
    };
  }, [refs]);
  return people;
}

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
