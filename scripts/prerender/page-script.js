/* global document, localStorage, CSS, Event, MutationObserver, requestAnimationFrame, setTimeout */
// Runs as the prerendered page is parsed, before any other script (scripts/prerender.tsx).
{
  const portal = document.getElementById('portal');
  // The reader's language is in localStorage, which the server never sees: the page carries
  // every language, the default one drawn; swap in the reader's before the first paint.
  let language = null;
  try {
    language = localStorage.getItem('lang');
  } catch {
    // No storage: the default language.
  }
  if (language && language !== portal.dataset.prerendered) {
    const selector = `script[type="text/html"][data-prerendered="${CSS.escape(language)}"]`;
    const markup = document.querySelector(selector);
    if (markup && portal.setHTMLUnsafe) {
      portal.setHTMLUnsafe(markup.textContent);
      portal.dataset.prerendered = language;
      document.documentElement.lang = language;
      document.title = markup.dataset.title;
      document
        .querySelector('meta[name="description"]')
        ?.setAttribute('content', markup.dataset.description);
    } else {
      portal.replaceChildren();
      delete portal.dataset.prerendered;
    }
  }
  // React hears only what happens once it owns the page, and while it hydrates it stops, at
  // the page's root, the events it cannot handle yet. So what the reader does meanwhile is
  // noted here, heard on the way down (capture), and the last of each kind is replayed once
  // the page is React's (data-live, set by demo/src/main.tsx) and each drawn element has
  // swapped in its live box (src/ui/element/prerendered.ts carries what was typed over):
  // only then does the page hear the element's events (a login).
  const pending = new Map();
  const live = () => 'live' in portal.dataset;
  const drawn = [];
  const ready = () => live() && drawn.every((node) => !node.isConnected);
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    // A task later: React has taken in the values the live boxes were given.
    setTimeout(() => pending.forEach((replay) => replay()));
  });
  observer.observe(portal, { attributes: true, attributeFilter: ['data-live'] });
  // In a drawn element: a tab clicked, and a form sent. The browser must not send a drawn
  // form itself (that would put the password in the address), and the live box must not
  // send one before the page listens: both are held and sent once the page is ready.
  [...portal.querySelectorAll('[data-prerendered]')].forEach((element, at) => {
    const root = element.shadowRoot;
    if (!root) return;
    drawn.push(...root.children);
    observer.observe(root, { childList: true });
    const note = (selector, event, act) => {
      const index = [...root.querySelectorAll(selector)].indexOf(event.target.closest?.(selector));
      if (index < 0 || ready()) return false;
      pending.set(`${at} ${selector}`, () => act(root.querySelectorAll(selector)[index]));
      return true;
    };
    root.addEventListener(
      'click',
      (event) => note('[role=tab]', event, (tab) => tab?.click()),
      true,
    );
    root.addEventListener(
      'submit',
      (event) => {
        if (!note('form', event, (form) => form?.requestSubmit())) return;
        event.preventDefault();
        event.stopImmediatePropagation();
      },
      true,
    );
  });
  // On the page itself: one of its tabs clicked, a choice made in one of its selects.
  document.addEventListener(
    'click',
    (event) => {
      const tab = event.target.closest?.('#portal [role=tab][id]');
      if (!tab || live()) return;
      pending.set('tab', () => document.getElementById(tab.id)?.click());
    },
    true,
  );
  document.addEventListener(
    'change',
    (event) => {
      const { target } = event;
      if (!target.matches('#portal select[data-control]') || live()) return;
      const selector = `select[data-control="${CSS.escape(target.dataset.control)}"]`;
      const { value } = target;
      pending.set(selector, () => {
        const select = portal.querySelector(selector);
        if (!select) return;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    },
    true,
  );
  // The page's own scripts start after its first paint, so the drawn page shows at once. They
  // run one chunk per task, the entry's preloaded chunks first, each in a task of its own:
  // a key typed meanwhile lands between two chunks, not after all of them (run as one
  // module graph they were one task of about 100 ms here).
  const chunks = [...document.querySelectorAll('link[rel=modulepreload]')].map((link) => link.href);
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  const start = async () => {
    for (const chunk of chunks) {
      // A chunk that fails here fails again, and is reported, when the entry needs it.
      await import(chunk).catch(() => undefined);
      await nextTask();
    }
    await import(portal.dataset.entry);
  };
  requestAnimationFrame(() => setTimeout(start));
}
