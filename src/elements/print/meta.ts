import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-print',
  summary:
    'Every print view of the merchant finance pages in one element: the payment settlement statement (9 fee lines a page), the invoicing confirmation (7 lines a page), the advance, joint-operation and lease fee notices and the merchant dunning notice, each alone or as a batch (`…_all`). A toolbar (screen only) prints and closes, and pages through paged documents with the spec’s alerts. Printed on A4 at 70 % zoom with 5 mm top and 10 mm left margins, one sheet per page; a dunning batch puts two notices on a page. Opening a fee notice confirms it and opening a dunning notice marks it viewed (server side). The data needs the session or a signed print link (`print-token`).',
  attributes: {
    kind: {
      kind: 'string',
      description:
        '`fkqkd` settlement statement, `kpqrd` invoicing confirmation, `yjftzd` advance notice, `lyfyjsd` joint-operation notice, `zlfymxd` lease notice, `shcjftzd` dunning notice; `yjftzd_all`, `lyfyjsd_all`, `zlfymxd_all`, `shcjftzd_all` print every row of a list query.',
    },
    jlbh: { kind: 'string', description: 'Record number (JLBH) of `fkqkd` and `kpqrd`.' },
    hsfs: {
      kind: 'string',
      description: 'Accounting mode (HSFS) of `fkqkd` and `kpqrd`; optional.',
    },
    djbh: { kind: 'string', description: 'Contract number (DJBH) of `yjftzd` and `lyfyjsd`.' },
    ny: { kind: 'string', description: 'Month `YYYY-MM` (NY) of the three fee notices.' },
    hth: { kind: 'string', description: 'Contract number (HTH) of `zlfymxd`.' },
    recordId: { kind: 'string', description: 'Dunning notice id (ID) of `shcjftzd`.' },
    printToken: {
      kind: 'string',
      description:
        'A signed print link’s token (`POST {bpmRunTime}/bpm/{product}Script/printLink`): reads the document without a session; for `_all` kinds it also carries the query.',
    },
  },
  properties: {
    descriptor: {
      type: '{ query: string; filters?: Record<string, string>; sort?: { field: string; direction: "asc" | "desc" }[] }',
      description:
        'The list query of an `_all` kind, when the page has no print link; otherwise it is read from sessionStorage (the keys of the lists: atrium.print.advanceQuery, …jointOperationQuery, …leaseQuery, …dunningQuery).',
    },
  },
  events: {
    'atrium-print-ready': {
      detail: '{ sheets: number }',
      description:
        'Everything is laid out and the fonts and the seal have loaded: printing now gives every page. The element also gets the attribute `data-ready`.',
    },
    'atrium-print-close': {
      detail: '{}',
      cancelable: true,
      description: 'The close button was pressed; unless cancelled, the window closes.',
    },
  },
  parts: {
    toolbar: 'Page navigation, progress, print and close (never printed)',
    document: 'The printed sheets',
    status: 'Loading, error and empty messages',
  },
  example:
    '<atrium-print kind="fkqkd" jlbh="JS20261000001" hsfs="联营"></atrium-print>\n' +
    '<!-- A batch print carries the token its print link was issued with: ' +
    '<atrium-print kind="shcjftzd_all" print-token="…"> -->',
} satisfies ElementMeta;
