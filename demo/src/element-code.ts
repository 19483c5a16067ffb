import { elementFolders, elementPages, type ElementPage } from './element-pages';

/** Every element's code by its folder; each stays its own chunk, loaded on first use. */
const code = import.meta.glob('../../src/elements/*/index.ts');

const loaders = new WeakMap<ElementPage, () => Promise<unknown>>();

/**
 * Loads the code of a page's elements (its own and those it shows). The same function for
 * the same page, so every wait for it shares one load (load-code.ts).
 */
export function pageCode(page: ElementPage): () => Promise<unknown> {
  let load = loaders.get(page);
  if (!load) {
    const folders = elementFolders(page);
    load = () =>
      Promise.all(
        folders.map((folder) => {
          const loadFolder = code[`../../src/elements/${folder}/index.ts`];
          if (!loadFolder) throw new Error(`no element ${folder}`);
          return loadFolder();
        }),
      );
    loaders.set(page, load);
  }
  return load;
}

/** The code of the page named so (a route's `element`), if there is such a page. */
export function codeOfPage(name: string): (() => Promise<unknown>) | undefined {
  const page = elementPages[name];
  return page && pageCode(page);
}
