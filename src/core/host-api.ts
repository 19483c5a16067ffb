import { logout } from './api/logout';
import { t } from './i18n';
import { $language, languageFromTag, languages, type Language } from './language';
import { $session, type SessionUser } from './session';
import { shared } from './shared';

/**
 * The public API of Atrium for a host page (docs/elements.md, "Host API"): `window.atrium`
 * reads and switches the shared language and session, and the document hears
 * `atrium-language-change` and `atrium-session-change` when either changes, whoever changed
 * it (the API, a login box, the top bar, a 401). One per page, however many bundles.
 */
export interface AtriumHostApi {
  /** Bumped when a member changes incompatibly. */
  readonly version: 1;
  readonly languages: readonly Language[];
  /** The shared language: what every element without its own `lang` draws in. */
  readonly language: Language;
  /** Takes a supported tag (en, en-US, zh, zh-CN, ...); throws a RangeError on any other. */
  setLanguage(language: string): void;
  /** Who is signed in, without the token; null when nobody is. */
  readonly session: SessionSummary | null;
  /** Signs out at the server and on this page; the elements then show their signed-out state. */
  signOut(): Promise<void>;
}

export interface SessionSummary {
  account: string;
  username: string;
  userId: string;
}

export interface LanguageChangeDetail {
  language: Language;
  previous: Language;
}

export interface SessionChangeDetail {
  /** The user now signed in, or null after a sign-out. */
  user: SessionSummary | null;
}

export const hostEvents = {
  language: 'atrium-language-change',
  session: 'atrium-session-change',
} as const;

/** What a page may know of the session: never the token (any script hears these events). */
export function sessionSummary(user: SessionUser | null): SessionSummary | null {
  return user ? { account: user.account, username: user.username, userId: user.userId } : null;
}

/** Dispatched on the document and bubbling to the window, so a host may listen on either. */
function announce<T>(name: string, detail: T): void {
  globalThis.document?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));
}

function createHostApi(): AtriumHostApi {
  return Object.freeze({
    version: 1 as const,
    languages,
    get language() {
      return $language.get();
    },
    setLanguage(language: string) {
      const chosen = languageFromTag(language);
      if (!chosen)
        throw new RangeError(
          t('common:errors.language', {
            language: String(language),
            supported: languages.join(', '),
          }),
        );
      $language.set(chosen);
    },
    get session() {
      return sessionSummary($session.get());
    },
    // The page is signed out even when the server cannot be reached to end the token.
    signOut: () => logout().catch(() => undefined),
  });
}

/** Announces changes of the shared stores; a token refresh is no change of session. */
function announceChanges(): void {
  let language = $language.get();
  $language.listen((next) => {
    const previous = language;
    language = next;
    if (next !== previous)
      announce<LanguageChangeDetail>(hostEvents.language, { language: next, previous });
  });
  let who = sessionSummary($session.get());
  $session.listen((user) => {
    const next = sessionSummary(user);
    if (next?.account === who?.account && next?.userId === who?.userId) return;
    who = next;
    announce<SessionChangeDetail>(hostEvents.session, { user: next });
  });
}

/** Installs `window.atrium` once per page (the element base calls it). */
export function installHostApi(): AtriumHostApi {
  return shared('hostApi', () => {
    const api = createHostApi();
    announceChanges();
    if (!('atrium' in globalThis))
      Object.defineProperty(globalThis, 'atrium', { value: api, configurable: true });
    return api;
  });
}

declare global {
  interface Window {
    /** Present once any Atrium element's script has run. */
    atrium?: AtriumHostApi;
  }
}
