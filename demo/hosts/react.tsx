import { useEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { formText, loadElements, onHostEvents, setLanguage, signOut } from './elements';

/**
 * The React 19 host: React sets known element properties as properties (tableHeight),
 * strings as attributes, and `on<event-name>` props become listeners of that exact event.
 */
function App() {
  const [account, setAccount] = useState('');
  const [picked, setPicked] = useState(0);
  const [sent, setSent] = useState('');
  const [navigated, setNavigated] = useState('');
  const [rendered, setRendered] = useState(1);
  const [language, setShownLanguage] = useState('');
  const [session, setSession] = useState('');
  const [locked, setLocked] = useState(false);
  useEffect(() => onHostEvents({ language: setShownLanguage, session: setSession }), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(formText(event.currentTarget));
  };
  return (
    <main>
      <h1>Atrium in a React 19 page</h1>
      <atrium-login
        hide-mobile=""
        lang="en-US"
        onatrium-login={(event) => setAccount(event.detail.user.account)}
      />
      <output data-host-state="signed-in">{account}</output>
      <section data-host-part="api">
        <label>
          Language
          <select data-host-action="language" onChange={(event) => setLanguage(event.target.value)}>
            <option value="zh-CN">中文</option>
            <option value="en-US">English</option>
          </select>
        </label>
        <output data-host-state="language">{language}</output>
        <output data-host-state="session">{session}</output>
        <button type="button" data-host-action="sign-out" onClick={signOut}>
          Sign out
        </button>
      </section>
      <atrium-todo-card tableHeight={240} />
      <atrium-statement-list kind="lyfyjsd" table-height="300" />
      <form onSubmit={submit}>
        <fieldset disabled={locked}>
          <label htmlFor="copy-to">Recipients</label>
          <atrium-people-picker
            id="copy-to"
            name="copyTo"
            multiple
            required
            label="Copy to"
            onatrium-change={(event) => setPicked(event.detail.people.length)}
          />
          <label>
            Note <input name="note" />
          </label>
        </fieldset>
        <label>
          <input
            type="checkbox"
            data-host-action="lock"
            checked={locked}
            onChange={(event) => setLocked(event.target.checked)}
          />{' '}
          Lock
        </label>
        <output data-host-state="picked">{picked}</output>
        <button type="submit">Send</button>
        <button type="reset">Reset</button>
        <output data-host-state="form">{sent}</output>
      </form>
      <atrium-menu-container
        menu-alias="v-flow"
        onatrium-navigate={(event) => {
          event.preventDefault();
          setNavigated(event.detail.path);
        }}
      >
        <section data-host-slot onClick={() => setRendered((count) => count + 1)}>
          React content, rendered {rendered}
        </section>
      </atrium-menu-container>
      <output data-host-state="navigated">{navigated}</output>
    </main>
  );
}

// The page draws before the elements' scripts arrive, as a host that loads them async does:
// React meets undefined elements and sets tableHeight as a `tableheight` attribute. It draws
// at once (flushSync), before DOMContentLoaded: on back/forward the browser gives fields back
// in one pass queued then, and a native field React drew later would come back empty.
const root = createRoot(document.getElementById('root')!);
flushSync(() => root.render(<App />));
await loadElements();
