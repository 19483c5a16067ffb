import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { peopleByIds, type Person } from '../../core/api/directory';
import { $session } from '../../core/session';

/** The ids (or accounts) a value holds, as a list: "a,b", ["a", "b"] or nothing. */
export const personRefs = (value: unknown): string[] =>
  (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((item) => String(item).trim())
    .filter(Boolean);

/**
 * The people a value names (ids or accounts), in its order. Looked up only once someone is
 * signed in, and again when the user changes: a value given before sign-in (a host page
 * filling a form) showed nobody after it, its one look-up refused with a 401.
 */
export function usePeople(value: unknown): Person[] {
  const refs = personRefs(value).join(',');
  const account = useStore($session)?.account ?? null;
  const [people, setPeople] = useState<{ refs: string; found: Person[] }>({
    refs: '',
    found: [],
  });
  useEffect(() => {
    if (!refs || !account) return;
    let alive = true;
    const wanted = refs.split(',');
    peopleByIds(wanted).then(
      (found) => {
        if (!alive) return;
        const byRef = new Map(
          found.flatMap((person) => [
            [person.id, person],
            [person.account, person],
          ]),
        );
        const ordered = wanted
          .map((ref) => byRef.get(ref))
          .filter((person) => person !== undefined);
        setPeople({ refs, found: ordered });
      },
      () => alive && setPeople({ refs, found: [] }),
    );
    return () => {
      alive = false;
    };
  }, [refs, account]);
  return refs && people.refs === refs ? people.found : [];
}
