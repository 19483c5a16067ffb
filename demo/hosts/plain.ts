import { formText, loadElements, onHostEvents, setLanguage, signOut } from './elements';

/** The plain page: attributes in the HTML, properties and listeners set by script. */
const state = (name: string) => document.querySelector(`[data-host-state=${name}]`)!;

document.addEventListener('atrium-login', (event) => {
  state('signed-in').textContent = (event as CustomEvent).detail.user.account;
});
document.addEventListener('atrium-change', (event) => {
  state('picked').textContent = String((event as CustomEvent).detail.people.length);
});
// The host routes itself: nothing may leave the page.
document.addEventListener('atrium-navigate', (event) => {
  event.preventDefault();
  state('navigated').textContent = (event as CustomEvent).detail.path;
});
document.querySelector('form')!.addEventListener('submit', (event) => {
  event.preventDefault();
  state('form').textContent = formText(event.target as HTMLFormElement);
});
// The slotted content is the page's own: it changes it in place.
let rendered = 1;
const slotted = document.querySelector<HTMLElement>('[data-host-slot]')!;
slotted.addEventListener('click', () => {
  rendered += 1;
  slotted.textContent = `Plain page content, rendered ${rendered}`;
});
// The host API: the page switches the shared language and signs out; it hears both changes.
onHostEvents({
  language: (language) => (state('language').textContent = language),
  session: (account) => (state('session').textContent = account),
});
const action = <T extends Element>(name: string) =>
  document.querySelector<T>(`[data-host-action=${name}]`)!;
action<HTMLSelectElement>('language').addEventListener('change', (event) =>
  setLanguage((event.target as HTMLSelectElement).value),
);
action('sign-out').addEventListener('click', signOut);
action<HTMLInputElement>('lock').addEventListener('change', (event) => {
  document.querySelector('fieldset')!.disabled = (event.target as HTMLInputElement).checked;
});
// A property set before the element is defined must still reach it.
Object.assign(document.querySelector('atrium-todo-card')!, { tableHeight: 240 });

await loadElements();
