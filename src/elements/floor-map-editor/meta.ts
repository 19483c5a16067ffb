import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-floor-map-editor',
  summary:
    'Editors of the floor map (docs/floor-map.md). mode=layout (/editMap; administrator, or the store role for its own stores): draw shop polygons with snapping, edit corners, number and classify shops, save the floor as a new version (the server validates: closed, no self-intersection, inside the plan, no overlap, unique numbers), restore an earlier version, upload a plan image. mode=assign (/editMapYy; administrator or operations role): give a shop its brand, contract (and so merchant) and status without touching its shape. Needs a session.',
  attributes: {
    mode: { kind: 'string', description: 'layout or assign.', default: 'layout' },
  },
  events: {},
  parts: { editor: 'The whole editor' },
  example: '<atrium-floor-map-editor mode="layout"></atrium-floor-map-editor>',
} satisfies ElementMeta;
