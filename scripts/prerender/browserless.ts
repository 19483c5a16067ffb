/**
 * Just enough of a browser's globals for the host page's modules to load in Node, for the
 * build's prerender: the address they read when loaded, event registration that does
 * nothing, and a custom-element registry that only remembers (the element definitions are
 * read back through `definitionOf`). No `document`: emotion and React then render for a
 * server.
 */
export function browserless(path: string): void {
  const address = new URL(path, 'http://localhost');
  const noop = () => undefined;
  Object.assign(globalThis, {
    location: {
      href: address.href,
      origin: address.origin,
      pathname: address.pathname,
      search: address.search,
      hash: address.hash,
    },
    addEventListener: noop,
    removeEventListener: noop,
    HTMLElement: class {},
    customElements: { get: noop, define: noop },
  });
}
