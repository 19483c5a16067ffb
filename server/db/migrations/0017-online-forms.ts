import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Online forms (docs/forms.md): versioned form definitions, the records of each form with
 * their sub-table rows, and each user's drafts. A data template lists a form's records when
 * its source is 'form' (the older templates read a named query and a code store).
 *
 * Records keep their values as JSONB: one table serves every form, and the fields a template
 * filters by get an expression index per form (created with the definition, see
 * server/domain/forms/indexes.ts), so a filtered list stays an index scan at 1M records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table form_defs (
    form_key text not null check (form_key ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$'),
    version integer not null check (version > 0),
    name text not null,
    name_en text not null default '',
    definition jsonb not null,
    created_by text references users (id),
    created_at timestamptz not null default now(),
    primary key (form_key, version)
  );

  create table form_records (
    id text primary key,
    form_key text not null,
    form_version integer not null,
    data jsonb not null,
    created_by text not null references users (id),
    updated_by text not null references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    foreign key (form_key, form_version) references form_defs (form_key, version)
  );
  create index form_records_list on form_records (form_key, created_at desc, id desc);
  create index form_records_creator on form_records (form_key, created_by, created_at desc, id desc);

  create table form_sub_rows (
    record_id text not null references form_records (id) on delete cascade,
    sub_table text not null,
    position integer not null,
    data jsonb not null,
    primary key (record_id, sub_table, position)
  );

  create table form_drafts (
    id text primary key,
    user_id text not null references users (id),
    template_key text not null references data_templates (template_key) on delete cascade,
    record_id text references form_records (id) on delete cascade,
    data jsonb not null,
    title text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index form_drafts_user on form_drafts (user_id, updated_at desc, id desc);

  alter table data_templates add column source text not null default 'store'
    check (source in ('store', 'form'));
  alter table data_templates add column page_size integer not null default 20;
`;
