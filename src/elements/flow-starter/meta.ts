import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-flow-starter',
  summary:
    "Starting flows. Without a flow: the flow list the user may start, grouped by category and searchable (the text matched with LIKE against key or name; no match reads 抱歉！没有找到符合条件的流程 / 您可以尝试更换关键词), with the favourite flows on top (a star adds or removes one; more than 11: 最多可添加11个常用流程); `dialog` puts the list behind a button. Choosing a flow checks the start right (无启动权限，请联系管理员) and, for a secretary, asks who starts it (请选择一个发起人 / 请选择代为审批的领导). With `def-id` or `def-key`: the start form of that flow, checked with the form's rule strings, which starts the flow (流程启动成功) or saves a draft; `draft-id` continues a draft, `copy-inst-id` starts from an instance's data, `leader-id` starts for a leader.",
  attributes: {
    defId: { kind: 'string', description: 'The flow version to start.' },
    defKey: { kind: 'string', description: 'The flow to start by key (its main version).' },
    leaderId: {
      kind: 'string',
      description: 'The leader a secretary starts it for; 0 for oneself.',
      default: '0',
    },
    draftId: {
      kind: 'string',
      description: 'A draft to continue (the /start/{defId}/{instId} route).',
    },
    copyInstId: {
      kind: 'string',
      description: 'An instance whose form data fills the new start form.',
    },
    dialog: { kind: 'boolean', description: 'The flow list opens in a dialog from a button.' },
  },
  events: {
    'atrium-started': {
      detail: '{ instId: string, defKey: string }',
      description:
        'A flow was started; by default the page then goes to my requests (cancel to stay).',
      cancelable: true,
    },
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'A start form or list should open; cancel it to route yourself.',
      cancelable: true,
    },
  },
  parts: {
    search: 'The search box',
    favourites: 'The favourite flows',
    categories: 'The flows by category',
    form: 'The start form',
    actions: 'Submit, save draft and back',
  },
  example: '<atrium-flow-starter dialog></atrium-flow-starter>',
} satisfies ElementMeta;
