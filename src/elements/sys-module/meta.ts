import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-sys-module',
  summary:
    "A system module (docs/forms.md \"System modules\"): a named business page whose tabs each show an element by its key: an online form's data template (atrium-data-template), a custom query (atrium-custom-query) or a custom chart (atrium-chart-column). The module opens for the holders of its roles (otherwise the server's message). The tabs' elements are not bundled with this one: the page loads the ones it offers, and a tab waits for its element to be defined (until then it says which is missing). A tab is drawn when first chosen and kept while others are shown.",
  attributes: {
    moduleId: { kind: 'string', description: 'The id of the system module.' },
  },
  events: {},
  methods: {},
  parts: { tabs: 'The tab list', panel: 'The tab panel' },
  example: '<atrium-sys-module module-id="1700000171000000002"></atrium-sys-module>',
} satisfies ElementMeta;
