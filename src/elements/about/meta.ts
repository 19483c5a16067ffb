import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-about',
  summary: 'About the group: who we are, our stores, how to reach the leasing team.',
  attributes: {},
  parts: { stores: 'The store list' },
  example: '<atrium-about></atrium-about>',
} satisfies ElementMeta;
