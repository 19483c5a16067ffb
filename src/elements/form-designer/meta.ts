import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-form-designer',
  summary:
    'The form-definition screen for administrators (docs/forms.md, "Definitions"): a form\'s definition (fields of every kind, rule strings, required marks, formulas, capitals, sub-tables) edited as JSON beside a live preview that fills in, computes and checks as a user would; 保存 stores it as the form\'s next version after the server\'s checks, and records keep the version they were saved with. Above it, 使用权限 (closed until opened) sets who may use the form\'s records: its managers, and who may view, add, edit and delete their own (whoever sees it in the menu, roles, organisations; docs/forms.md, "Who may use a form").',
  attributes: {
    formKey: { kind: 'string', description: 'The form to open first (default: the first form).' },
  },
  events: {},
  methods: {},
  parts: {},
  example: '<atrium-form-designer form-key="fitOut"></atrium-form-designer>',
} satisfies ElementMeta;
