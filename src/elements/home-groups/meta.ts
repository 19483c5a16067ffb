import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-home-groups',
  summary:
    "The column groups of /v-personal/groupManager, for administrators (others get the server's 403): the role home layouts with their role and number of columns; create one (name and a role that has none: one group per role), rename, delete, and edit a group's columns with the editor of /v-personal/myLayout (order by dragging or keyboard, width, height, add, remove). Users of the role who have no layout of their own see the saved group on their home page.",
  attributes: {},
  parts: { table: 'The groups', editor: "A group's column editor" },
  example: '<atrium-home-groups></atrium-home-groups>',
} satisfies ElementMeta;
