import DOMPurify from 'dompurify';
import { escapeHtml } from '../../core/html';

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

/**
 * Style properties a quoted mail keeps in the composer: colours, fonts, text, lists, tables
 * and box sizes. Anything else (position, inset, z-index, transforms, filters, animation,
 * pointer-events, opacity, ...) is dropped, so a quote stays a block of text in the editor
 * instead of a layer over the page; an allowlist also drops properties not yet invented.
 */
const quotedProperty =
  /^(color|background-color|font(-[a-z-]+)?|text-(align|decoration(-[a-z]+)?|indent|transform)|line-height|letter-spacing|word-spacing|white-space|word-break|overflow-wrap|vertical-align|direction|list-style(-[a-z]+)?|border(-[a-z-]+)?|padding(-[a-z]+)?|margin(-[a-z]+)?|(min-|max-)?(width|height)|display|table-layout|caption-side|empty-cells)$/;
/** Values that reach beyond the quote: viewport units and page-wide functions. */
const pageWide = /\d(vw|vh|vmin|vmax|[dsl]v[hw]|vi|vb)\b|url\(|env\(|attr\(/i;
const sizeProperty = /(width|height|size|spacing|indent|padding(-[a-z]+)?|margin(-[a-z]+)?)$/;
const lengths = /(-?\d*\.?\d+)(px|pt|pc|cm|mm|in|q|em|rem|ex|ch|%)?/gi;
const pixelsPer: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  cm: 37.8,
  mm: 3.78,
  in: 96,
  q: 0.945,
  em: 16,
  rem: 16,
  ex: 8,
  ch: 8,
};

/** A length larger than a mail needs (2,000 px), or beyond its container (over 100 %). */
function oversized(value: string): boolean {
  for (const [, number, unit = 'px'] of value.matchAll(lengths)) {
    const size = Math.abs(Number(number));
    const unitName = unit.toLowerCase();
    if (unitName === '%' ? size > 100 : size * (pixelsPer[unitName] ?? 1) > 2000) return true;
  }
  return false;
}

/** A quoted element's style attribute, cut down to what stays inside the quote. */
function quotedStyle(element: Element): void {
  const style = (element as HTMLElement).style;
  if (!style) return;
  for (const name of Array.from(style)) {
    const value = style.getPropertyValue(name);
    const fits =
      quotedProperty.test(name) &&
      !pageWide.test(value) &&
      !(sizeProperty.test(name) && oversized(value)) &&
      !(name.startsWith('margin') && value.trim().startsWith('-'));
    if (!fits) style.removeProperty(name);
  }
  if (style.length === 0) element.removeAttribute('style');
}

function purifyMail(
  html: string,
  options: { allowRemote: boolean; quoting: boolean },
): { html: string; blocked: number } {
  const { allowRemote, quoting } = options;
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
      if (quoting) quotedStyle(node);
    }
  });
  const clean = purify.sanitize(renameHandlers(html), {
    FORBID_TAGS: [
      'style',
      'link',
      'meta',
      'base',
      'form',
      'iframe',
      'object',
      'embed',
      // In the page a quoted field would be the page's own (a password box in a fake sign-in).
      ...(quoting ? ['input', 'button', 'select', 'textarea', 'option'] : []),
    ],
    // In the composer a mail shares the page: its ids and classes would meet the page's own
    // rules and elements, so they go; SVG and MathML (their own layout worlds) go too.
    FORBID_ATTR: ['srcdoc', 'formaction', ...(quoting ? ['id', 'class'] : [])],
    ALLOW_DATA_ATTR: false,
    ...(quoting ? { USE_PROFILES: { html: true } } : {}),
  });
  return { html: clean, blocked };
}

/** A mail's HTML for the reader's isolated frame (see frameDocument). */
export function sanitizeMail(
  html: string,
  allowRemote: boolean,
): { html: string; blocked: number } {
  return purifyMail(html, { allowRemote, quoting: false });
}

/**
 * HTML that goes into the composer, which is part of the page (not a frame): sanitised as
 * for the reader, without remote pictures, and with only text-level styles, so a quoted,
 * forwarded or reopened mail cannot run script, load anything or cover the portal.
 */
export function quotableHtml(html: string): string {
  return purifyMail(html, { allowRemote: false, quoting: true }).html;
}

/** The iframe's document: our CSP first, then the sanitised body. */
export function frameDocument(html: string, allowRemote: boolean): string {
  const images = allowRemote ? 'data: https: http:' : 'data:';
  // No <style> element: the frame inherits the portal's CSP, which allows style attributes only.
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:"></head><body style="font:14px/1.6 system-ui,sans-serif;margin:12px;color:#1f2329;word-break:break-word">${html}</body></html>`;
}

/** Text mail as HTML (escaped, line breaks kept). */
export function textAsHtml(text: string): string {
  return `<pre style="white-space:pre-wrap;font:inherit">${escapeHtml(text)}</pre>`;
}
