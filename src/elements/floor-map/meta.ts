import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-floor-map',
  summary:
    "Indoor floor map of the group's stores (docs/floor-map.md): pick a store and a floor (B2 to L5), pan and zoom the plan (wheel, buttons, pinch), search a brand or shop number, and click, tap or Tab to a shop to open its info panel (shop number, floor, brand, area, category, status, coordinates). Signed-in staff also see merchant, contract, this month's statement and the overdue flag within their scope; a merchant's own shops are outlined. Works without a session.",
  attributes: {
    store: {
      kind: 'string',
      description: 'Store code to open (S01…S04).',
      default: 'the first store',
    },
    floor: { kind: 'string', description: 'Floor to open (B2, B1, L1 … L5).', default: 'L1' },
    shop: { kind: 'string', description: 'Shop id or number to focus and open.' },
    contractLink: {
      kind: 'string',
      description: 'Link of a contract in the panel; {no} is replaced by the contract number.',
      default: '/fvue/finance/ht?contractNo={no}',
    },
  },
  events: {
    'atrium-floor-map-shop': {
      detail: '{ id: string, number: string, floor: string, brand: string }',
      description: 'A shop was chosen (click, tap, Enter or search).',
    },
  },
  parts: { 'map-page': 'The whole element', map: 'The map area', panel: 'The shop info panel' },
  example: '<atrium-floor-map store="S01" floor="L1"></atrium-floor-map>',
} satisfies ElementMeta;
