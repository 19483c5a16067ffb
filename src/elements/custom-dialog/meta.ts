import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-custom-dialog',
  summary:
    'Picks values through a configured custom dialog, found by alias (docs/forms.md, "Custom dialogs"): a box with the chosen values and a 选择 button that opens the dialog with its condition fields, its rows (a paged table) or its tree, and the chosen values as chips; 确定 keeps them, 取消 or Esc drops the changes. One row, at most n rows or any number, as the dialog says (`multiple` lifts a single-row dialog to any number). A form control: inside a `<form>` its `name` and `value` (the first result field of each chosen row, comma-separated) go into the form data, and `required` makes an empty choice invalid. Rows come from the server with the caller\'s scope; the element never calls a configured address itself. Keyboard: Tab through the conditions, rows and buttons, Space or Enter chooses, Esc closes.',
  formAssociated: true,
  attributes: {
    alias: { kind: 'string', description: 'The custom dialog alias.' },
    value: {
      kind: 'string',
      description: 'The chosen values, comma-separated, in the order chosen.',
      default: '',
    },
    multiple: {
      kind: 'boolean',
      description: 'Any number of rows even when the dialog is configured for one.',
    },
    required: { kind: 'boolean', description: 'The form is invalid while nothing is chosen.' },
    label: { kind: 'string', description: 'The label above the box.' },
    placeholder: { kind: 'string', description: 'The text of the empty box.' },
  },
  events: {
    'atrium-select': {
      detail: '{ alias: string, value: string, rows: Record<string, unknown>[] }',
      description:
        'The choice was confirmed with 确定 (also the `change` event, for forms); `rows` are the chosen rows with their display and result fields.',
    },
  },
  methods: {
    open: 'Opens the dialog.',
  },
  parts: {
    control: 'The box with the chosen values and the button',
    chip: 'A chosen value',
    dialog: 'The dialog',
    conditions: 'The condition form in the dialog',
    table: 'The rows of a list dialog',
    tree: 'The nodes of a tree dialog',
    pager: 'Paging',
  },
  example:
    '<form>\n  <atrium-custom-dialog alias="merchantContracts" name="contracts" required label="Contracts"></atrium-custom-dialog>\n</form>',
} satisfies ElementMeta;
