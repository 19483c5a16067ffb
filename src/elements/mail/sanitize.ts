import DOMPurify from 'dompurify';

/**
 * A mail's HTML made safe to show (docs/mail.md, "Reading"): DOMPurify removes scripts,
 * event handlers, forms, frames and javascript: links; remote images (http, https, //) lose
 * their address until the reader allows them, and remote url(...) in styles is dropped. The
 * result goes into a sandboxed iframe without allow-scripts, whose own CSP allows images
 * from data: only (and from the web once allowed), so even a missed case cannot run or load.
 */
const remote = /^\s*(https?:)?\/\//i;
const handler = /(<[^>]*?[\s/"'])on([a-z]+\s*=)/gi;

/**
 * Chromium checks the page's CSP when a parser meets an inline handler (onerror=...), even in
 * DOMPurify's inert document, and reports a violation. Renaming them first keeps the console
 * clean; DOMPurify drops the renamed attributes like any other unknown data attribute.
 */
function renameHandlers(html: string): string {
  let before = '';
  let after = html;
  while (before !== after) {
    before = after;
    after = after.replace(handler, '$1data-x-on$2');
  }
  return after;
}

export function sanitizeMail(
  html: string,
  allowRemote: boolean,
): { html: string; blocked: number } {
  let blocked = 0;
  const purify = DOMPurify();
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element) {
      for (const name of ['src', 'background', 'srcset', 'poster']) {
        const value = node.getAttribute(name);
        if (value && remote.test(value) && !allowRemote) {
          node.removeAttribute(name);
          node.setAttribute('data-blocked', name);
          blocked++;
        }
      }
      const style = node.getAttribute('style');
      if (style && /url\s*\(/i.test(style) && !allowRemote) {
        node.setAttribute('style', style.replace(/url\s*\([^)]*\)/gi, 'none'));
        blocked++;
      }
      if (node.tagName === 'IMG') {
        node.setAttribute('style', `${node.getAttribute('style') ?? ''};max-width:100%`);
      }
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
  const clean = purify.sanitize(renameHandlers(html), {
    FORBID_TAGS: ['style', 'link', 'meta', 'base', 'form', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['srcdoc', 'formaction'],
    ALLOW_DATA_ATTR: false,
  });
  return { html: clean, blocked };
}

/** The iframe's document: our CSP first, then the sanitised body. */
export function frameDocument(html: string, allowRemote: boolean): string {
  const images = allowRemote ? 'data: https: http:' : 'data:';
  // No <style> element: the frame inherits the portal's CSP, which allows style attributes only.
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:"></head><body style="font:14px/1.6 system-ui,sans-serif;margin:12px;color:#1f2329;word-break:break-word">${html}</body></html>`;
}

/** Text mail as HTML (escaped, line breaks kept). */
export function textAsHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<pre style="white-space:pre-wrap;font:inherit">${escaped}</pre>`;
}
