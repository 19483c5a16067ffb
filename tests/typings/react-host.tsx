/**
 * The hosts' typings (types/, generated from each element's meta.ts) as a React 19 host
 * meets them: `npm run typecheck` compiles this file, so typings that let a wrong property,
 * or a wrong event detail through fail the check (each `@ts-expect-error`
 * must find its error). Never run, only compiled.
 */
import type {
  AtriumPeoplePickerEventMap,
  AtriumTodoCardElement,
} from '../../types/atrium-elements';

export function TypedHost() {
  const card = document.createElement('atrium-todo-card');
  const height: number | undefined = card.tableHeight;
  card.refresh();
  // @ts-expect-error the property is a number
  card.tableHeight = 'tall';
  const picked = (event: AtriumPeoplePickerEventMap['atrium-change']) => event.detail;
  return (
    <main data-height={height}>
      <atrium-todo-card tableHeight={240} table-height="240" />
      <atrium-people-picker onatrium-change={picked} />
      <atrium-login onatrium-login={(event) => event.detail.user.account.toUpperCase()} />
      {/* @ts-expect-error the property is a number */}
      <atrium-todo-card tableHeight="tall" />
      {/* @ts-expect-error the detail of a sign-in has no such field */}
      <atrium-login onatrium-login={(event) => event.detail.password} />
    </main>
  );
}

export const element: AtriumTodoCardElement | null = document.querySelector('atrium-todo-card');
