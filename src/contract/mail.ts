import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { okMessage, pageList, queryFilter } from './envelope';
import { id, idsQuery } from './fields';

/**
 * Mail (reference/mail-api.md, docs/mail.md; server/services/portal/mail) under
 * {portal}/mail/mail/...: the mailbox tree and lists, one message (its content Base64), send,
 * delete, sync; the caller's contacts; and their mail accounts, whose passwords go in, never
 * out. The field names are the platform's.
 */
const mailBase = '/mail/mail/mail/v1';
const linkmanBase = '/mail/mail/mailLinkman/v1';
const settingBase = '/mail/mail/mailSetting/v1';

/** The platform's 0/1 flags (isRead, isDefault, ...). */
const flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

const folderType = Type.Union([
  Type.Literal('inbox'),
  Type.Literal('sent'),
  Type.Literal('drafts'),
  Type.Literal('deleted'),
]);

export type FolderType = Static<typeof folderType>;

/** A folder of a mailbox; `types` is its platform code (1 inbox, 2 sent, 3 drafts, 4 deleted). */
const mailFolder = Type.Object({
  id: Type.String(),
  setId: Type.String(),
  types: Type.Integer(),
  folder: folderType,
  name: Type.String(),
  unread: Type.Integer(),
});

export type MailFolder = Static<typeof mailFolder>;

/** One of the caller's mail accounts as the tree shows it, with its folders. */
const mailbox = Type.Object({
  id: Type.String(),
  /** The account's address. */
  name: Type.String(),
  nickName: Type.String(),
  isDefault: flag,
  /** '' before the first sync. */
  lastSyncTime: Type.String(),
  lastError: Type.String(),
  children: Type.Array(mailFolder),
});

export type Mailbox = Static<typeof mailbox>;

/** A message in a list: addresses are comma-separated text, as the platform has them. */
const mailSummary = Type.Object({
  id: Type.String(),
  setId: Type.String(),
  types: Type.Integer(),
  subject: Type.String(),
  senderAddress: Type.String(),
  senderName: Type.String(),
  receiverAddresses: Type.String(),
  receiverNames: Type.String(),
  copyToAddresses: Type.String(),
  copyToNames: Type.String(),
  bcCAddresses: Type.String(),
  bcCNames: Type.String(),
  mailDate: Type.String(),
  isRead: flag,
  isReply: flag,
  hasAttachment: flag,
  /** Bytes. */
  size: Type.Integer(),
});

export type MailSummary = Static<typeof mailSummary>;

/** A recipient the SMTP server refused when the mail was sent, with its one-line reply. */
const undelivered = Type.Object({ address: Type.String(), reason: Type.String() });

export type Undelivered = Static<typeof undelivered>;

/** One message. Its content is hostile: the reader sanitises it (src/elements/mail). */
const mailMessage = Type.Object({
  ...mailSummary.properties,
  /** Base64 of the HTML body, or of the text body when there is no HTML. */
  content: Type.String(),
  contentType: Type.Union([Type.Literal('html'), Type.Literal('text')]),
  messageId: Type.String(),
  /** The attachments' file ids, comma-separated (the platform's field). */
  fileIds: Type.String(),
  attachments: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), size: Type.Integer() }),
  ),
  /** A sent mail: who did not get it ([] for an older row). */
  undelivered: Type.Array(undelivered),
});

export type MailMessage = Static<typeof mailMessage>;

/** What a sync did: messages added, removed, reflagged, and passed over (logged). */
const syncResult = Type.Object({
  added: Type.Integer(),
  removed: Type.Integer(),
  flagged: Type.Integer(),
  skipped: Type.Integer(),
});

export type SyncResult = Static<typeof syncResult>;

const suggestion = Type.Object({
  name: Type.String(),
  address: Type.String(),
  type: Type.Union([Type.Literal('linkman'), Type.Literal('user')]),
});

export type Suggestion = Static<typeof suggestion>;

const contact = Type.Object({
  id: Type.String(),
  linkName: Type.String(),
  linkAddress: Type.String(),
  /** The mail account it is tied to; '' for none. */
  mailId: Type.String(),
  /** How many mails were sent to it. */
  appCount: Type.Integer(),
  /** The last mail's time; '' for none. */
  sendTime: Type.String(),
  createTime: Type.String(),
});

export type Contact = Static<typeof contact>;

const security = Type.Union([Type.Literal('ssl'), Type.Literal('starttls'), Type.Literal('none')]);

export type Security = Static<typeof security>;

/** A mail account as its owner reads it: never its password. */
const mailSetting = Type.Object({
  id: Type.String(),
  mailAddress: Type.String(),
  nickName: Type.String(),
  userName: Type.String(),
  mailType: Type.Union([Type.Literal('imap'), Type.Literal('pop3')]),
  imapHost: Type.String(),
  imapPort: Type.Integer(),
  imapSecurity: security,
  smtpHost: Type.String(),
  smtpPort: Type.Integer(),
  smtpSecurity: security,
  keepOnServer: Type.Boolean(),
  isDefault: flag,
  lastSyncTime: Type.String(),
  lastError: Type.String(),
  createTime: Type.String(),
});

export type MailSetting = Static<typeof mailSetting>;

// A port is checked by the route, so a mistake is answered in the user's words, not the schema's.
const port = Type.Union([Type.Number(), Type.String({ maxLength: 20 })]);
const host = Type.String({ maxLength: 1000 });

/** An account as its form sends it; mailPass only when typed (or isOriginPwd keeps the stored). */
const settingBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  mailAddress: Type.String({ maxLength: 1000 }),
  mailPass: Type.Optional(Type.String({ maxLength: 500 })),
  nickName: Type.Optional(Type.String({ maxLength: 100 })),
  userName: Type.Optional(Type.String({ maxLength: 254 })),
  mailType: Type.Optional(Type.String({ maxLength: 16 })),
  imapHost: host,
  imapPort: port,
  imapSecurity: Type.Optional(security),
  smtpHost: host,
  smtpPort: port,
  smtpSecurity: Type.Optional(security),
  keepOnServer: Type.Optional(Type.Boolean()),
  isDefault: Type.Optional(Type.Boolean()),
});

const originQuery = Type.Object({
  isOriginPwd: Type.Optional(Type.Boolean()),
  id: Type.Optional(Type.String({ maxLength: 64 })),
});

const idQuery = Type.Object({ id });
/** A save's answer: its message and the saved row's id. */
const saved = Type.Object({ ...okMessage.properties, value: Type.String() });

export const mailCalls = defineCalls({
  tree: {
    method: 'GET',
    path: `${mailBase}/getMailTreeData`,
    schema: {
      summary: "The caller's mailboxes (one per mail account) with their folders and unread counts",
      response: { 200: Type.Array(mailbox) },
    },
  },
  list: {
    method: 'POST',
    path: `${mailBase}/listJson`,
    schema: {
      summary:
        'Messages of one folder (querys setId and types: 1 inbox, 2 sent, 3 drafts, 4 deleted), newest first; subject, senderAddress and keyword filter',
      body: Type.Optional(queryFilter),
      response: { 200: pageList(mailSummary) },
    },
  },
  get: {
    method: 'GET',
    path: `${mailBase}/getJson`,
    schema: {
      summary:
        'One message of the caller: content is Base64 of its HTML (or text, contentType says which), with its attachments',
      querystring: idQuery,
      response: { 200: mailMessage },
    },
  },
  remove: {
    method: 'GET',
    path: `${mailBase}/remove`,
    schema: {
      summary:
        "Deletes the caller's messages: to the bin, or for good from the bin (type is the folder shown; where each message is comes from the server's rows)",
      querystring: Type.Object({
        ids: Type.String({ minLength: 1, maxLength: 5000 }),
        type: Type.Optional(Type.String({ maxLength: 16 })),
      }),
      response: { 200: okMessage },
    },
  },
  markRead: {
    method: 'GET',
    path: `${mailBase}/isRead`,
    schema: {
      summary: 'Marks a message read (isRead=false: unread); the server gets it at the next sync',
      querystring: Type.Object({ id, isRead: Type.Optional(Type.Boolean()) }),
      response: { 200: okMessage },
    },
  },
  sync: {
    method: 'POST',
    path: `${mailBase}/sync`,
    schema: {
      summary: 'Fetches new mail of one of the caller’s accounts now and keeps flags in step',
      querystring: idQuery,
      response: { 200: Type.Object({ ...okMessage.properties, value: syncResult }) },
    },
  },
  send: {
    method: 'POST',
    path: `${mailBase}/send`,
    schema: {
      summary:
        'Sends a mail (content = Base64 of its HTML) through the account’s SMTP server and files a copy in Sent; isDraft saves a draft instead',
      body: Type.Object({
        id: Type.Optional(Type.String({ maxLength: 64 })),
        setId: id,
        subject: Type.String({ maxLength: 500 }),
        content: Type.String({ maxLength: 900_000 }),
        receiverAddresses: Type.Optional(Type.String({ maxLength: 10_000 })),
        copyToAddresses: Type.Optional(Type.String({ maxLength: 10_000 })),
        bcCAddresses: Type.Optional(Type.String({ maxLength: 10_000 })),
        fileIds: Type.Optional(Type.String({ maxLength: 5000 })),
        replyId: Type.Optional(Type.String({ maxLength: 64 })),
        isDraft: Type.Optional(Type.Boolean()),
      }),
      // The mail's id; undelivered lists the recipients the SMTP server refused, with its reply.
      response: {
        200: Type.Object({ ...saved.properties, undelivered: Type.Array(undelivered) }),
      },
    },
  },
  suggest: {
    method: 'GET',
    path: `${linkmanBase}/getMailAndUserData`,
    schema: {
      summary:
        'Address suggestions as the caller types: their own contacts, then portal users with a mail address',
      querystring: Type.Object({ query: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: Type.Array(suggestion) },
    },
  },
  contacts: {
    method: 'POST',
    path: `${linkmanBase}/listJson`,
    schema: {
      summary: "The caller's contacts (querys linkName, linkAddress: substring)",
      body: Type.Optional(queryFilter),
      response: { 200: pageList(contact) },
    },
  },
  contact: {
    method: 'GET',
    path: `${linkmanBase}/getJson`,
    schema: {
      summary: 'One contact of the caller',
      querystring: idQuery,
      response: { 200: contact },
    },
  },
  accountContacts: {
    method: 'GET',
    path: `${linkmanBase}/getLinkMan`,
    schema: {
      summary: 'The contacts tied to one of the caller’s mail accounts',
      querystring: Type.Object({ mailId: id }),
      response: { 200: Type.Array(contact) },
    },
  },
  saveContact: {
    method: 'POST',
    path: `${linkmanBase}/save`,
    schema: {
      summary: 'Adds or changes a contact of the caller',
      body: Type.Object({
        id: Type.Optional(Type.String({ maxLength: 64 })),
        linkName: Type.String({ maxLength: 100 }),
        linkAddress: Type.String({ minLength: 1, maxLength: 254 }),
        mailId: Type.Optional(Type.String({ maxLength: 64 })),
      }),
      response: { 200: saved },
    },
  },
  removeContacts: {
    method: 'DELETE',
    path: `${linkmanBase}/remove`,
    schema: {
      summary: "Removes the caller's contacts",
      querystring: idsQuery,
      response: { 200: okMessage },
    },
  },
  settings: {
    method: 'POST',
    path: `${settingBase}/listJson`,
    schema: {
      summary: "The caller's own mail accounts (never their passwords)",
      body: Type.Optional(queryFilter),
      response: { 200: pageList(mailSetting) },
    },
  },
  setting: {
    method: 'GET',
    path: `${settingBase}/getJson`,
    schema: {
      summary: 'One mail account of the caller, without its password',
      querystring: idQuery,
      response: { 200: mailSetting },
    },
  },
  saveSetting: {
    method: 'POST',
    path: `${settingBase}/save`,
    schema: {
      summary:
        'Adds or changes a mail account of the caller; isOriginPwd=true keeps the stored password',
      querystring: originQuery,
      body: settingBody,
      response: { 200: saved },
    },
  },
  testSetting: {
    method: 'POST',
    path: `${settingBase}/test`,
    schema: {
      summary:
        'Signs in to the IMAP and SMTP servers: with ?id= a saved account, else the body (isOriginPwd=true: with the stored password); answers 连接成功',
      querystring: originQuery,
      body: Type.Optional(Type.Union([settingBody, Type.Null()])),
      response: { 200: okMessage },
    },
  },
  setDefault: {
    method: 'POST',
    path: `${settingBase}/setDefault`,
    schema: {
      summary: "Makes one of the caller's mail accounts the default (one per user)",
      querystring: idQuery,
      response: { 200: okMessage },
    },
  },
  removeSettings: {
    method: 'DELETE',
    path: `${settingBase}/remove`,
    schema: {
      summary: "Removes the caller's mail accounts with the mail the portal holds for them",
      querystring: idsQuery,
      response: { 200: okMessage },
    },
  },
});
