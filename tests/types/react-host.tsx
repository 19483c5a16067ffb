/**
 * A React 19 host as a React developer writes one, checked by `tsc` (`npm run typecheck`)
 * against the generated typings (types/atrium-react.d.ts): a mistake is an error. Never run;
 * demo/hosts/react.tsx is the running host.
 */
export function Host() {
  return (
    <>
      <atrium-todo-card tableHeight={240} />
      <atrium-people-picker
        name="owner"
        onatrium-change={(event) => event.detail.people.map((person) => person.account)}
      />
      {/* @ts-expect-error a table height is a number */}
      <atrium-todo-card tableHeight={{ rows: 3 }} />
      {/* @ts-expect-error the element has no such property */}
      <atrium-todo-card tabelHeight={240} />
      {/* @ts-expect-error the picker's event carries people, not a number */}
      <atrium-people-picker onatrium-change={(event: number) => event} />
    </>
  );
}
