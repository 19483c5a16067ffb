/* global document, localStorage, CSS, requestAnimationFrame, setTimeout */
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
  for (const element of portal.querySelectorAll('[data-prerendered]')) {
    const root = element.shadowRoot;
    const forms = [...(root?.querySelectorAll('form') ?? [])];
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
  // The page's own scripts start after its first paint: the drawn page shows at once, and
  // their first long task (compiling and running the libraries) comes after it.
  const entry = portal.dataset.entry;
  requestAnimationFrame(() => setTimeout(() => import(entry)));
}
