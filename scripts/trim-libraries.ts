import type { Plugin } from 'vite';

/**
 * Library code that cannot run in our pages, left out of the build (issue 18: the shared
 * chunk every element loads).
 *
 * - axios's fetch adapter: axios picks the first adapter the environment supports from
 *   `['xhr', 'http', 'fetch']`, and every browser has XMLHttpRequest, so in a page the fetch
 *   adapter and its stream helpers (about 4 KiB gzipped) are never reached. In its place goes
 *   a module whose `getFetch` answers `false`, which is how axios marks an adapter the
 *   environment does not support.
 * - hoist-non-react-statics: @emotion/react imports it for its side effects only, for
 *   `withTheme`, which we do not use; the package has none, but does not say so.
 */
export function trimLibraries(): Plugin {
  const noFetchAdapter = '\0axios-without-fetch-adapter';
  return {
    name: 'atrium-trim-libraries',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source === './fetch.js' && importer?.endsWith('/axios/lib/adapters/adapters.js')) {
        return noFetchAdapter;
      }
      return null;
    },
    load(id) {
      return id === noFetchAdapter ? 'export const getFetch = () => false;' : null;
    },
    transform(code, id) {
      return /\/node_modules\/hoist-non-react-statics\//.test(id)
        ? { code, moduleSideEffects: false }
        : null;
    },
  };
}
