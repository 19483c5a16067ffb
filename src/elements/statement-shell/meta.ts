import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-statement-shell',
  summary:
    'The statement area: a left custom menu (the children of a menu alias) and a content area showing data template lists and forms (template/preview, template/form), embedded pages (href/template), query views (querySql/queryView) and report pages posted to the report server.',
  attributes: {
    path: {
      kind: 'string',
      description:
        'What to show, as the route after /statement: `/{alias}`, `/template/preview/{key}[/{single}[/{presets}]]` (presets: condition values of the list set in advance, a query string `store=S02` or a JSON object, URL-encoded as one segment), `/template/form/{key}/{action}`, `/href/template/{alias}`, `/querySql/queryView/{sqlAlias}/{alias}`, or `/templateReport/{alias}`.',
    },
    search: {
      kind: 'string',
      description: 'The query string of the route (`id=…&startFlow=false`, `href=<base64>`).',
    },
    menuAlias: {
      kind: 'string',
      description: 'Menu alias whose children form the left custom menu; none hides the menu.',
    },
    single: { kind: 'boolean', description: 'Show the content alone, without the custom menu.' },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'Another page should open; cancel it to route yourself.',
      cancelable: true,
    },
  },
  parts: { menu: 'The custom menu', content: 'The content area' },
  example:
    '<atrium-statement-shell path="/querySql/queryView/kqyc/kqycmx"></atrium-statement-shell>',
} satisfies ElementMeta;
