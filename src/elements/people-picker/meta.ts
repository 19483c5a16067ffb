import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-people-picker',
  summary:
    'Picks people from the directory (docs/directory.md): search by name, account, pinyin initials (ly for 刘洋) or department, or browse the org tree; one person or several (chips). A form control: inside a `<form>` its `name` and `value` (the picked user ids, comma-separated) go into the form data, `required` makes an empty picker invalid, and a form reset restores the initial value. Keyboard: Down and Up move in the list, Enter picks, Esc closes the list, Backspace removes the last chip.',
  formAssociated: true,
  attributes: {
    value: {
      kind: 'string',
      description:
        'The picked user ids, comma-separated, in the order picked. Setting it shows those people.',
      default: '',
    },
    multiple: { kind: 'boolean', description: 'Several people (chips) instead of one.' },
    required: { kind: 'boolean', description: 'The form is invalid while nobody is picked.' },
    label: { kind: 'string', description: 'The label above the box.' },
    placeholder: { kind: 'string', description: 'The hint in the empty search box.' },
  },
  events: {
    'atrium-change': {
      detail:
        '{ value: string; people: { id: string; account: string; fullname: string; orgId: string; orgName: string; pathName: string; orgNames: string; postNames: string }[] }',
      description: 'The picked people changed (also the `change` event, for forms).',
    },
  },
  parts: {
    picker: 'The whole picker',
    control: 'The box with the chips and the search input',
    chip: 'A picked person',
    results: 'The list of matching people',
    'org-tree': 'The org tree to browse',
  },
  example:
    '<form>\n  <atrium-people-picker name="copyTo" multiple required label="Copy to"></atrium-people-picker>\n</form>',
} satisfies ElementMeta;
