import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { formText, loadElements } from './elements';

type Detail<T> = CustomEvent<T>;

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(formText(event.currentTarget));
  };
  return (
    <main>
      <h1>Atrium in a React 19 page</h1>
      <atrium-login
        hide-mobile=""
        onatrium-login={(event: Detail<{ user: { account: string } }>) =>
          setAccount(event.detail.user.account)
        }
      />
      <output data-host-state="signed-in">{account}</output>
      <atrium-todo-card tableHeight={240} />
      <atrium-statement-list kind="lyfyjsd" table-height="300" />
      <form onSubmit={submit}>
        <atrium-people-picker
          name="copyTo"
          multiple
          label="Copy to"
          onatrium-change={(event: Detail<{ people: unknown[] }>) =>
            setPicked(event.detail.people.length)
          }
        />
        <output data-host-state="picked">{picked}</output>
        <button type="submit">Send</button>
        <output data-host-state="form">{sent}</output>
      </form>
      <atrium-menu-container
        menu-alias="v-flow"
        onatrium-navigate={(event: Detail<{ path: string }>) => {
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

await loadElements();
createRoot(document.getElementById('root')!).render(<App />);
