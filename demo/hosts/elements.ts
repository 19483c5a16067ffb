/**
 * What the three host pages (plain HTML, React 19, Vue 3) share: which Atrium server they
 * embed from and the element bundles they load. The elements come from that server by their
 * stable /elements/<name>.js addresses, as a third-party site would load them; the host page
 * itself may live on any other origin (issue 13, item 13).
 */
export const elementNames = [
  'login',
  'todo-card',
  'statement-list',
  'people-picker',
  'menu-container',
] as const;

/** `?server=` names the Atrium server; without it the page is served by that server itself. */
export function atriumServer(): string {
  const given = new URLSearchParams(location.search).get('server');
  return given ? new URL(given).origin : location.origin;
}

/** Loads every element bundle from the Atrium server (cross-origin modules, CORS allowed). */
export function loadElements(server = atriumServer()): Promise<unknown[]> {
  return Promise.all(
    elementNames.map((name) => import(/* @vite-ignore */ `${server}/elements/${name}.js`)),
  );
}

/** The form data a host's form would send, as `name=value` pairs joined by `&`. */
export function formText(form: HTMLFormElement): string {
  return new URLSearchParams(
    [...new FormData(form)].map(([key, value]) => [key, String(value)]),
  ).toString();
}

/** Atrium's host API (`window.atrium`), once an element's script has installed it. */
function atrium() {
  const api = window.atrium;
  if (!api) throw new Error('No Atrium element has loaded yet');
  return api;
}

export const setLanguage = (language: string) => atrium().setLanguage(language);
export const signOut = () => void atrium().signOut();

/** Follows the shared language and who is signed in, as Atrium announces them. */
export function onHostEvents(handlers: {
  language: (language: string) => void;
  session: (account: string) => void;
}): () => void {
  const language = (event: DocumentEventMap['atrium-language-change']) =>
    handlers.language(event.detail.language);
  const session = (event: DocumentEventMap['atrium-session-change']) =>
    handlers.session(event.detail.user?.account ?? '');
  document.addEventListener('atrium-language-change', language);
  document.addEventListener('atrium-session-change', session);
  return () => {
    document.removeEventListener('atrium-language-change', language);
    document.removeEventListener('atrium-session-change', session);
  };
}
