import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-favourite-apps',
  summary:
    "The caller's favourite apps (getOftenFlows), each opening its app, and a tile that opens the choosing dialog: the app centre's menu tree (getCurrentUserMenu?menuAlias=appCenterFront), the authorised apps of the chosen menu (authList) and the selected grid with remove icons. It keeps between 1 and 11 apps with the spec's messages (section 5) and saves with UpdateOftenFlow; on success the dialog closes and the list loads again, on failure the server's message shows.",
  attributes: {
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'A favourite app asks to open its route.',
      cancelable: true,
    },
  },
  methods: { refresh: 'Loads the favourite apps again.' },
  parts: { apps: 'The grid of favourite apps', 'menu-tree': 'The dialog’s menu tree' },
  example: '<atrium-favourite-apps></atrium-favourite-apps>',
} satisfies ElementMeta;
