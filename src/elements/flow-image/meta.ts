import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-flow-image',
  summary:
    "The flow chart of an instance or a flow, drawn by the bpmn-js viewer (fetched on first use, not part of the shared bundle): drag to move, wheel or the buttons to zoom. For an instance the nodes and flows already passed are green, the nodes with open tasks orange, and each node's opinions hang under it (the newest two; all in its tooltip). The bpmn.io watermark stays visible, as its licence asks. The viewer's styles are put inside the element's shadow root.",
  attributes: {
    instId: { kind: 'string', description: 'The instance to draw, with its progress.' },
    defId: { kind: 'string', description: 'A flow version to draw (no progress).' },
    defKey: { kind: 'string', description: 'A flow to draw by key (its main version).' },
    height: { kind: 'number', description: 'Height of the chart in px.', default: '420' },
  },
  parts: { diagram: 'The chart with its legend (data-done, data-current: the marked ids)' },
  example: '<atrium-flow-image inst-id="1700000025000000005"></atrium-flow-image>',
} satisfies ElementMeta;
