import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-app-centre',
  summary:
    "The app centre (/appCenterFront): the caller's three-level menu of appCenterFront and the authorised apps of the chosen node (authList); an app opens /appContent/{type}/{first}/{second} (type 3: the query view's alias and sqlAlias; other types the template, form or flow key, or the app id for a plain page, and 0). Given `app-type` and `first`, it is that /appContent page: it resolves the app and sends the user on to it (replacing the history entry).",
  attributes: {
    appType: { kind: 'string', description: 'The app type of /appContent (2, 3, 5, 6 or 8).' },
    first: { kind: 'string', description: 'The first segment: alias, key or id.' },
    second: { kind: 'string', description: 'The second segment: the sqlAlias of type 3, else 0.' },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string, replace?: boolean }',
      description: 'An app asks to open.',
      cancelable: true,
    },
  },
  parts: { centre: 'The tree and the app grid', 'menu-tree': 'The menu tree' },
  example: '<atrium-app-centre></atrium-app-centre>',
} satisfies ElementMeta;
