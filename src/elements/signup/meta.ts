import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-signup',
  summary:
    'Supplier sign-up form for prospective merchants (no login): store, name, contact and area required; location, brand category, position and remarks optional.',
  attributes: {
    store: { kind: 'string', description: 'Store code chosen in advance (S01–S04).' },
  },
  events: {
    'atrium-signup': {
      detail: '{ id: number }',
      description: 'The sign-up was saved; `id` is its number.',
    },
  },
  parts: { form: 'The form', submit: 'The submit button' },
  example: '<atrium-signup store="S03"></atrium-signup>',
} satisfies ElementMeta;
