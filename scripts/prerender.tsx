/**
 * Prerenders the login page into dist/fvue/login.html (issue 18: the login page usable in a
 * quarter of a second on a cold cache). Most visits start there, and on a cold load the
 * scripts alone take longer than that to arrive, compile and draw. The page now arrives
 * drawn: the host page's HTML, with the login box in a declarative shadow root, in every
 * language. The reader sees the box and can type before any script has run; then the
 * host page hydrates this HTML and the login element draws its live box over the prerendered
 * one, keeping what was typed (src/ui/element/prerendered.ts).
 *
 * It renders the real components with React's server renderer, the way the browser renders
 * them (the same App, routes and element definitions), and emotion's styles as the
 * browser's emotion expects to find them (a <style data-emotion="portal ..."> in <head>).
 * Run by `npm run build`, after vite build: `tsx scripts/prerender.tsx`.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '../src/core/language';
import type { PageHeadKey } from '../demo/src/page-head';
import { browserless } from './prerender/browserless';

const route = '/login';
const page = 'dist/fvue/index.html';
const target = 'dist/fvue/login.html';

// The modules the login page loads read the address at load time; emotion is loaded above,
// before any of this, so it renders for a server (no `document`).
browserless(`/fvue${route}`);
const { App } = await import('../demo/src/App');
const { findRoute, loadPage } = await import('../demo/src/routes');
const { match } = await import('../demo/src/router');
const { languages, setLanguage, defaultLanguage } = await import('../src/core/language');
const { definitionOf, ElementTree } = await import('../src/ui/element/define');
const { parseAttribute, toAttributeName } = await import('../src/ui/element/attributes');
const { cspNoncePlaceholder } = await import('../server/lib/csp-nonce');
const { pageHead } = await import('../demo/src/page-head');

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** A page's title and description in a language, as the host page sets them (HTML-escaped). */
const head = (key: PageHeadKey, language: Language) => {
  const { title, description } = pageHead(key, language);
  return { title: escaped(title), description: escaped(description) };
};

/** The page's <title> of the built HTML, replaced by a page's title and description. */
function withHead(html: string, key: PageHeadKey): string {
  const { title, description } = head(key, defaultLanguage);
  const tag = /<title>[^<]*<\/title>/;
  if (!tag.test(html)) throw new Error(`prerender: ${page} has no <title>`);
  return html.replace(
    tag,
    `<title>${title}</title><meta name="description" content="${description}" />`,
  );
}

/** An emotion cache that collects styles instead of writing <style> tags in the markup. */
function collectingCache(key: string): EmotionCache {
  const cache = createCache({ key });
  cache.compat = true;
  return cache;
}

/** The style element emotion's browser cache of `key` recognises as already inserted. */
function styleTag(cache: EmotionCache): string {
  const rules = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const ids = rules.map(([id]) => id).join(' ');
  const css = rules.map(([, text]) => text).join('');
  return `<style data-emotion="${cache.key} ${ids}" nonce="${cspNoncePlaceholder}">${css}</style>`;
}

const entities: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'" };

/** The attributes React wrote on an element, their values unescaped. */
function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value = ''] of source.matchAll(/([\w-]+)(?:="([^"]*)")?/g))
    attributes.set(
      name!,
      value.replace(/&(amp|quot|lt|gt|#x27);/g, (_, name: string) => entities[name]!),
    );
  return attributes;
}

/** An Atrium element of the host's markup, given its shadow root as declarative HTML. */
function withShadowRoot(tag: string, attributeText: string): string {
  const definition = definitionOf(tag);
  if (!definition) throw new Error(`prerender: ${tag} is not defined by the login page`);
  const attributes = attributesOf(attributeText);
  const props = Object.fromEntries(
    Object.entries(definition.meta.attributes).map(([prop, { kind }]) => [
      prop,
      parseAttribute(kind, attributes.get(toAttributeName(prop)) ?? null),
    ]),
  );
  const cache = collectingCache('atrium');
  const inner = renderToString(
    <ElementTree
      cache={cache}
      host={null}
      component={definition.component as ComponentType<Record<string, unknown>>}
      styles={definition.styles ?? ''}
      props={props}
    />,
  );
  return (
    `<${tag}${attributeText} data-prerendered><template shadowrootmode="open" shadowrootdelegatesfocus>` +
    `${styleTag(cache)}${inner}</template></${tag}>`
  );
}

/** The login page in one language: its body markup and its page styles. */
function renderPage(language: (typeof languages)[number]): { body: string; styles: EmotionCache } {
  setLanguage(language);
  const styles = collectingCache('portal');
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={styles}>
        <App />
      </CacheProvider>
    </StrictMode>,
  );
  const body = html.replace(/<(atrium-[\w-]+)((?:\s[^>]*)?)><\/\1>/g, (_whole, tag, attributes) =>
    withShadowRoot(tag as string, attributes as string),
  );
  return { body, styles };
}

// As in the browser, the page's module is loaded before the first render.
await loadPage(findRoute(route, match).route);
const rendered = languages.map((language) => ({ language, ...renderPage(language) }));
setLanguage(defaultLanguage);
const first = rendered.find(({ language }) => language === defaultLanguage)!;
const others = rendered.filter((variant) => variant !== first);
for (const { body } of others)
  if (/<\/script/i.test(body)) throw new Error('prerender: markup would end its script element');

// The page styles of every language (their class names are the same where the styles are).
const pageStyles = collectingCache('portal');
for (const { styles } of rendered) Object.assign(pageStyles.inserted, styles.inserted);

/** What the page runs as it is parsed: the reader's language, no native form sending. */
const pageScript = readFileSync(join(import.meta.dirname, 'prerender/page-script.js'), 'utf8')
  .split('\n')
  .filter((line) => !/^\s*\/[/*]/.test(line))
  .map((line) => line.trim())
  .join('\n');

// The entry script is started by the page script, after the first paint.
const entryTag = /<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>\s*/;
const built = readFileSync(page, 'utf8');
const entry = entryTag.exec(built)?.[1];
if (!entry) throw new Error(`prerender: ${page} has no entry script`);
const source = withHead(built.replace(entryTag, ''), 'login');
// Every other page starts from the host page: the portal's own title and description.
writeFileSync(page, withHead(built, 'portal'));
const portal = '<div id="portal"></div>';
if (!source.includes(portal)) throw new Error(`prerender: ${page} has no ${portal}`);
const html = source
  .replace('</head>', `${styleTag(pageStyles)}</head>`)
  .replace(
    portal,
    `<div id="portal" data-prerendered="${first.language}" data-route="${route}" data-entry="${entry}">` +
      `${first.body}</div>` +
      others
        .map(
          ({ language, body }) =>
            `<script type="text/html" data-prerendered="${language}" data-title="${head('login', language).title}" data-description="${head('login', language).description}">` +
            `${body}</script>`,
        )
        .join('') +
      `<script nonce="${cspNoncePlaceholder}">${pageScript}</script>`,
  );
writeFileSync(target, html);
console.info(`prerendered ${route} in ${languages.join(', ')}: ${target}`);
