import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-agent-settings',
  summary:
    'Personal workflow settings. `kind` agent: delegation rules (the agent, the period, all flows or listed ones, enabled, a note): while a rule is active, new tasks go to the agent with status AGENT; overlapping enabled rules are refused by the server. secretary: the secretaries who act for the user (all flows or listed ones), and the leaders the user serves. deputy: the deputies who get a copy of each task arriving for the user. People are picked from the directory with the shared people picker (search by name, account, pinyin initials or department, or browse the org tree); their user ids go to the server. `action` opens the add form (add) or a rule (edit with `item-id`) on arrival.',
  attributes: {
    kind: { kind: 'string', description: 'agent, secretary or deputy.', default: 'agent' },
    action: { kind: 'string', description: 'add or edit (setting): opens that form on arrival.' },
    itemId: { kind: 'string', description: 'The rule or setting to edit.' },
  },
  parts: {
    heading: "The setting's name",
    table: 'The settings',
    dialog: 'The form',
  },
  example: '<atrium-agent-settings kind="agent"></atrium-agent-settings>',
} satisfies ElementMeta;
