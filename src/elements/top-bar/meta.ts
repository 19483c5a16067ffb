import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-top-bar',
  summary:
    "The portal's top bar: logo (tenant or system front logo), app search (report, query, page, form and agent-start results), guided-tour button, time-of-day greeting with the user's name, the scrolling greeting text, and the user menu (personal info, change password, personal assets, log out).",
  attributes: {
    tenantId: {
      kind: 'string',
      description:
        "Tenant whose logo to show; default: the signed-in user's tenant, else the system logo.",
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'An app or page should open; cancel it to route yourself.',
      cancelable: true,
    },
    'atrium-tour-start': { detail: 'null', description: 'The user asked for the guided tour.' },
    'atrium-menu-toggle': {
      detail: 'null',
      description: 'On a phone, the menu button was pressed: show or hide the side menu.',
    },
    'atrium-logout': { detail: 'null', description: 'The user logged out.' },
  },
  parts: {
    'menu-button': 'The menu button, shown on phones (640 px wide or less)',
    logo: 'The logo',
    search: 'The app search',
    greeting: 'Greeting and name',
    marquee: 'The scrolling text',
    user: 'The user menu button',
  },
  example: '<atrium-top-bar></atrium-top-bar>',
} satisfies ElementMeta;
