import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-reset-password',
  summary:
    "Forced password change after a login with status 0: old, new and repeated password under the server's policy. Signs out afterwards so the user signs in with the new password.",
  attributes: {
    account: {
      kind: 'string',
      description: 'The account, shown for orientation (the server uses the session).',
    },
  },
  events: {
    'atrium-password-changed': {
      detail: '{ account: string }',
      description: 'The password was changed; the session has ended.',
    },
  },
  parts: { form: 'The form', submit: 'The submit button' },
  example: '<atrium-reset-password account="newhire"></atrium-reset-password>',
} satisfies ElementMeta;
