import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-invoice-list',
  summary:
    "The invoices of one month of one contract, with their PDF, OFD and XML files to download; says so when the mall has not issued them yet. The server checks the contract is the caller's.",
  attributes: {
    vendor: { kind: 'string', description: 'Vendor code (ghdwdm).' },
    month: { kind: 'string', description: 'Invoice month, YYYY-MM (kpny).' },
    contract: { kind: 'string', description: 'Contract number (hth).' },
  },
  parts: {},
  example:
    '<atrium-invoice-list vendor="10001" month="2026-10" contract="HT-2024-S01-0001"></atrium-invoice-list>',
} satisfies ElementMeta;
