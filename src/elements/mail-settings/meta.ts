import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-mail-settings',
  summary:
    "The signed-in user's mail accounts: address, password (stored encrypted, never shown; leave it empty to keep it), IMAP and SMTP servers with their ports and encryption (SSL/TLS, STARTTLS or none), and one default account. Test connection signs in to both servers and says 连接成功; save says 保存成功 or 保存失败 with the reason.",
  attributes: {
    action: { kind: 'string', description: 'add, edit or view: opens that form on arrival.' },
    itemId: { kind: 'string', description: 'The account to edit or view.' },
  },
  events: {},
  parts: { table: 'The accounts', dialog: 'The form' },
  example: '<atrium-mail-settings></atrium-mail-settings>',
} satisfies ElementMeta;
