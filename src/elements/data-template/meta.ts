import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-data-template',
  summary:
    "An online form's data template (docs/forms.md): the records the caller may see with the template's conditions, server sorting and paging; add, edit or view a record (fields, sub-tables, formulas recomputed as values change, every rule checked, then checked again by the server); delete the selected records; export every matching record to XLSX with progress; download the import template and import rows back, with a per-row report when any row is refused; save drafts and resume them. Buttons follow the caller's rights (getBpmDataTemplateInfo).",
  attributes: {
    templateKey: { kind: 'string', description: 'The data template (fitOut, inspection, ...).' },
  },
  events: {},
  methods: {},
  parts: {},
  example: '<atrium-data-template template-key="fitOut"></atrium-data-template>',
} satisfies ElementMeta;
