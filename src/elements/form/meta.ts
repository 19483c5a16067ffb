import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-form',
  summary:
    "One record of an online form (docs/forms.md) rendered from its definition: text, numbers, amounts with their Chinese capitals, dates, times, choices, people, attachments and sub-tables; formulas recomputed as values change; every rule string checked with all failures shown at once, and checked again by the server on save; 保存草稿 keeps a draft. Also a form control: inside a host page's `<form>` its `name` carries the record as JSON and its validity is the form's rules.",
  formAssociated: true,
  attributes: {
    templateKey: {
      kind: 'string',
      description: "The form's data template (fitOut, inspection, ...).",
    },
    recordId: { kind: 'string', description: 'A record to edit; none adds a new one.' },
    readonly: { kind: 'boolean', description: 'Shows the record without changing it.' },
  },
  events: {},
  methods: {},
  parts: {},
  example: '<atrium-form template-key="fitOut"></atrium-form>',
} satisfies ElementMeta;
