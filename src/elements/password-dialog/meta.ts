import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-password-dialog',
  summary:
    'Change-password dialog for the signed-in user: old, new and repeated password under the server\'s policy (rules 2, 3, 4 and the minimum length; 6 without a policy). Success says "password changed successfully"; a failure shows the server\'s message or "save failed". The session stays signed in. Closing (icon, Escape, cancel, or after success) removes the `open` attribute.',
  attributes: {
    open: { kind: 'boolean', description: 'Shows the dialog.', default: 'false' },
  },
  events: {
    'atrium-password-changed': {
      detail: '{ account: string }',
      description: 'The password was changed.',
    },
    'atrium-close': {
      detail: '{ changed: boolean }',
      description: 'The dialog closed (after a change, or cancelled).',
    },
  },
  parts: {
    dialog: 'The dialog panel',
    'dialog-backdrop': 'The backdrop behind it',
    form: 'The form',
    submit: 'The submit button',
  },
  example: `<atrium-password-dialog open></atrium-password-dialog>
<script>
  document.querySelector('atrium-password-dialog')
    .addEventListener('atrium-password-changed', (e) => console.log(e.detail.account));
</script>`,
} satisfies ElementMeta;
