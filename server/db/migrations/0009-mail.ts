import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Mail (docs/mail.md): each user's own mail accounts (passwords encrypted at rest with the
 * key from MAIL_SECRET), the folders we keep in step with the IMAP server (UIDVALIDITY and
 * the last UID seen), the messages and their attachments (files in the file storage), and
 * the user's contacts. Sync runs as a job in wf_jobs: one row per mail account, claimed with
 * a lease (lease_until) so two processes never sync one mailbox at the same time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table mail_settings (
    id text primary key,
    user_id text not null references users (id),
    address text not null,
    username text not null default '',
    nickname text not null default '',
    password_enc text not null,
    mail_type text not null default 'imap' check (mail_type in ('imap', 'pop3')),
    receive_host text not null,
    receive_port integer not null,
    receive_security text not null default 'ssl' check (receive_security in ('ssl', 'starttls', 'none')),
    smtp_host text not null,
    smtp_port integer not null,
    smtp_security text not null default 'ssl' check (smtp_security in ('ssl', 'starttls', 'none')),
    keep_on_server boolean not null default true,
    is_default boolean not null default false,
    last_sync_at timestamptz,
    last_error text not null default '',
    created_at timestamptz not null default now()
  );
  create index mail_settings_user on mail_settings (user_id, created_at);
  create unique index mail_settings_default on mail_settings (user_id) where is_default;

  create table mail_folders (
    setting_id text not null references mail_settings (id) on delete cascade,
    type text not null check (type in ('inbox', 'sent', 'drafts', 'deleted')),
    path text not null,
    uid_validity bigint not null default 0,
    last_uid bigint not null default 0,
    primary key (setting_id, type)
  );

  create table mail_messages (
    id text primary key,
    setting_id text not null references mail_settings (id) on delete cascade,
    user_id text not null references users (id),
    folder text not null check (folder in ('inbox', 'sent', 'drafts', 'deleted')),
    uid bigint,
    message_id text not null default '',
    in_reply_to text not null default '',
    subject text not null default '',
    from_address text not null default '',
    from_name text not null default '',
    to_addresses text not null default '',
    to_names text not null default '',
    cc_addresses text not null default '',
    cc_names text not null default '',
    bcc_addresses text not null default '',
    bcc_names text not null default '',
    sent_at timestamptz not null,
    text_body text not null default '',
    html_body text not null default '',
    seen boolean not null default false,
    -- what the IMAP server last said; differs from seen while a change waits to go up
    server_seen boolean not null default false,
    -- a change that waits for the next sync: 'trash' (move to the bin), 'expunge' (delete)
    pending text check (pending in ('trash', 'expunge')),
    has_attachments boolean not null default false,
    size integer not null default 0,
    is_reply boolean not null default false,
    created_at timestamptz not null default now()
  );
  create index mail_messages_list on mail_messages (setting_id, folder, sent_at desc, id desc)
    where pending is distinct from 'expunge';
  create unique index mail_messages_uid on mail_messages (setting_id, folder, uid)
    where uid is not null;
  create index mail_messages_unread on mail_messages (user_id) where not seen and folder = 'inbox';

  create table mail_attachments (
    message_id text not null references mail_messages (id) on delete cascade,
    file_id text not null references files (id),
    name text not null,
    size bigint not null,
    primary key (message_id, file_id)
  );
  create index mail_attachments_file on mail_attachments (file_id);

  create table mail_contacts (
    id text primary key,
    user_id text not null references users (id),
    setting_id text references mail_settings (id) on delete set null,
    name text not null default '',
    address text not null,
    send_count integer not null default 0,
    last_sent_at timestamptz,
    created_at timestamptz not null default now()
  );
  create unique index mail_contacts_address on mail_contacts (user_id, lower(address));

  -- mail sync jobs: one per mail account, leased while it runs
  alter table wf_jobs drop constraint wf_jobs_kind_check;
  alter table wf_jobs add constraint wf_jobs_kind_check
    check (kind in ('timer', 'due', 'urge', 'mail-sync'));
  alter table wf_jobs add column lease_until timestamptz;
  create unique index wf_jobs_mail_sync on wf_jobs ((payload ->> 'settingId'))
    where kind = 'mail-sync';
`;
