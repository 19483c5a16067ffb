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
    } else {
      portal.replaceChildren();
      delete portal.dataset.prerendered;
    }
  }
  // A prerendered form is not sent by the browser (that would put a password in the
  // address): its element sends it once its script has arrived (src/ui/element/prerendered.ts).
  // A tab of the drawn box clicked is noted the same way, and opened by the live box.
  for (const element of portal.querySelectorAll('[data-prerendered]')) {
    const root = element.shadowRoot;
    const forms = [...(root?.querySelectorAll('form') ?? [])];
    const tabs = [...(root?.querySelectorAll('[role=tab]') ?? [])];
    root?.addEventListener(
      'click',
      (event) => {
        const index = tabs.indexOf(event.target.closest?.('[role=tab]'));
        if (index >= 0) element.dataset.tab = index; // else the live box's own
      },
      true,
    );
    root?.addEventListener(
      'submit',
      (event) => {
        const index = forms.indexOf(event.target);
        if (index < 0) return; // the live box's own form
        event.preventDefault();
        element.dataset.submitted = index;
      },
      true,
    );
  }
  // React hears only what happens once it owns the page: a tab of the page clicked, or a
  // choice made in one of its selects (the language), before then would be lost. The last of
  // each is replayed once the host page has marked the page as React's (data-live).
  const pending = new Map();
  const live = () => 'live' in portal.dataset;
  // Heard on the way down (capture, on the document): React, while it hydrates, stops the
  // events it cannot handle yet at the page's root.
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
  new MutationObserver((_, observer) => {
    if (!live()) return;
    observer.disconnect();
    for (const replay of pending.values()) replay();
  }).observe(portal, { attributes: true, attributeFilter: ['data-live'] });
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
