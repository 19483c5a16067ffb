import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-home-layout',
  summary:
    "The home layout editor of /v-personal/myLayout: the caller's columns in order, reordered by dragging or by keyboard (focus a handle, Space, arrow keys, Space; @dnd-kit announces each step), each with a width (twelfths) and a height, removed, or added from the columns the caller has rights to. Save stores the caller's own layout on the server (the home page then shows it); Reset returns to the role's default.",
  attributes: {},
  parts: { editor: 'The editor' },
  example: '<atrium-home-layout></atrium-home-layout>',
} satisfies ElementMeta;
